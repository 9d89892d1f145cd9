/**
 * What the storefront's route loaders read the catalogue through: one interface, two readers. In the
 * browser it is the HTTP API (apps/storefront/src/routing/shopData.ts); on the server the API process
 * passes its in-process reader (apps/api/src/storefront/in-process-shop-data.ts), so rendering a page
 * never calls the server over HTTP. Queries come from URLs: a reader checks them as the HTTP DTOs do.
 */
import type { CustomDesignItem, MessageResult } from './account';
import type { CheckoutStatus, DemoBank, MyOrder, OrderForPayment } from './order-wire';
import type { PriceRange, Product, ProductList, SortOption } from './product';
import type { MyReview, ProductReviews } from './reviews';
import type { OrderPage } from './shipping';

export interface ProductQuery {
  category?: string;
  limit?: number;
  page?: number;
  sort_by?: SortOption;
  price_range?: PriceRange;
  search?: string;
  min_price?: number;
  max_price?: number;
  /** true: only pieces that can be ordered now. */
  in_stock?: boolean;
}

/** A category's own list: its sort and price range, one page of it. */
export type CategoryQuery = Pick<ProductQuery, 'sort_by' | 'price_range' | 'limit' | 'page'>;

export interface ShopData {
  /** The product, or null when there is no such product (unknown or malformed id). */
  getProduct(id: string, signal?: AbortSignal): Promise<Product | null>;
  listProducts(query: ProductQuery, signal?: AbortSignal): Promise<ProductList>;
  productsInCategory(category: string, query: CategoryQuery, signal?: AbortSignal): Promise<ProductList>;
  randomProducts(limit: number, signal?: AbortSignal): Promise<Product[]>;
  /** A piece's approved reviews, newest first, with the rating they make. */
  productReviews(id: string, signal?: AbortSignal): Promise<ProductReviews>;
  /**
   * The shopper's own screens (account, orders, checkout and payment): read with the shopper's session, so
   * only the browser has this reader. On the server it is absent: those routes' loaders answer "drawn in the
   * browser" and the browser's router runs them again on start (their loaders are marked `hydrate`).
   */
  account?: AccountData;
}

/** What the shopper's own screens read, with the session cookie. Failures reject (with the API's error). */
export interface AccountData {
  myOrders(signal?: AbortSignal): Promise<MyOrder[]>;
  myReviews(signal?: AbortSignal): Promise<{ items: MyReview[] }>;
  /** The order's page, or null when there is no such order for this shopper (the API's 404). */
  orderPage(id: string, access: string | null, signal?: AbortSignal): Promise<OrderPage | null>;
  myDesigns(signal?: AbortSignal): Promise<{ items: CustomDesignItem[]; total: number }>;
  orderForPayment(id: string, signal?: AbortSignal): Promise<OrderForPayment>;
  paymentStatus(sessionId: string, signal?: AbortSignal): Promise<CheckoutStatus>;
  demoBanks(signal?: AbortSignal): Promise<DemoBank[]>;
  /** The e-mail link's token, checked once when its page opens (the link is the shopper's action). */
  verifyEmail(email: string, token: string, signal?: AbortSignal): Promise<MessageResult>;
}
