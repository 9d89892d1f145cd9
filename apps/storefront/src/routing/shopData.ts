/**
 * Where route loaders read the catalogue from. In the browser that is the HTTP API; on the server the API
 * process passes its own in-process reader (the catalogue cache and query handlers), so rendering a page
 * never calls the server over HTTP.
 */
import type { CategoryId, Product, ProductList, ProductReviews } from '@facet/contracts';
import { ApiError } from '../api/client';
import { getProduct, listProducts, productReviews, productsInCategory, randomProducts, type ProductQuery } from '../api/shop';

export type CategoryQuery = Pick<ProductQuery, 'sort_by' | 'price_range' | 'limit'>;

export interface ShopData {
  /** The product, or null when there is no such product (unknown or malformed id). */
  getProduct(id: string, signal?: AbortSignal): Promise<Product | null>;
  listProducts(query: ProductQuery, signal?: AbortSignal): Promise<ProductList>;
  productsInCategory(category: CategoryId, query: CategoryQuery, signal?: AbortSignal): Promise<ProductList>;
  randomProducts(limit: number, signal?: AbortSignal): Promise<Product[]>;
  /** A piece's approved reviews (issue 41); a reader without it leaves the page to fetch them. */
  productReviews?(id: string, signal?: AbortSignal): Promise<ProductReviews>;
}

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
