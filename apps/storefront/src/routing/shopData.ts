/**
 * The browser's reader for the route loaders: the HTTP API, the catalogue and (with the shopper's session
 * cookie) the shopper's own account, orders and payments. The server passes its own, in-process reader of
 * the same ShopData (libs/contracts/src/shop-data.ts) to entry-server.tsx, without `account`.
 */
import type { AccountData, ShopData } from '@facet/contracts';
import { accountApi, customDesignApi, myOrders, myReviews, orderPage, paymentsApi } from '../api/account';
import { ApiError } from '../api/client';
import { getProduct, listProducts, productReviews, productsInCategory, randomProducts } from '../api/shop';

export type { AccountData, ShopData };

export const browserAccountData: AccountData = {
  myOrders: (signal) => myOrders(signal),
  myReviews: (signal) => myReviews(signal),
  async orderPage(id, access, signal) {
    try {
      return await orderPage(id, access, signal);
    } catch (error) {
      // Not this shopper's order, or no such order: the API answers 404 for both.
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  myDesigns: (signal) => customDesignApi.mine(signal),
  // With the payment screens' own code (lib/payAgain), not in the home page's entry chunk.
  orderForPayment: (id, signal) => import('../lib/payAgain').then((m) => m.loadOrder(id, signal)),
  paymentStatus: (sessionId, signal) => paymentsApi.status(sessionId, signal),
  demoBanks: (signal) => paymentsApi.banks(signal),
  verifyEmail: (email, token, signal) => accountApi.verifyEmail(email, token, signal),
};

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
  account: browserAccountData,
};
