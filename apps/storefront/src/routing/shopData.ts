/**
 * The browser's reader of the catalogue for the route loaders: the HTTP API. The server passes its own,
 * in-process reader of the same ShopData (libs/contracts/src/shop-data.ts) to entry-server.tsx.
 */
import type { ShopData } from '@facet/contracts';
import { ApiError } from '../api/client';
import { getProduct, listProducts, productReviews, productsInCategory, randomProducts } from '../api/shop';

export type { ShopData };

export const browserShopData: ShopData = {
  async getProduct(id, signal) {
    try {
      return await getProduct(id, signal);
    } catch (error) {
      // The API answers 400 for a malformed id and 404 for an unknown one: both are "no such product".
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  },
  listProducts: (query, signal) => listProducts(query, signal),
  productsInCategory: (category, query, signal) => productsInCategory(category, query, signal),
  randomProducts: (limit, signal) => randomProducts(limit, signal),
  productReviews: (id, signal) => productReviews(id, signal),
};
