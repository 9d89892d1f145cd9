/**
 * What the storefront's route loaders read the catalogue through: one interface, two readers. In the
 * browser it is the HTTP API (apps/storefront/src/routing/shopData.ts); on the server the API process
 * passes its in-process reader (apps/api/src/storefront/in-process-shop-data.ts), so rendering a page
 * never calls the server over HTTP. Queries come from URLs: a reader checks them as the HTTP DTOs do.
 */
import type { PriceRange, Product, ProductList, SortOption } from './product';
import type { ProductReviews } from './reviews';

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
}
