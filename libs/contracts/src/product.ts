import type { CategoryId } from './categories';

/** A product as the API returns it: prices in dollars, as the spec speaks them. */
export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  original_price: number | null;
  image: string;
  images: string[];
  category: CategoryId;
  features: string[];
  rating: number;
  reviews_count: number;
  in_stock: boolean;
  /** Stream revision, for optimistic concurrency on staff edits. */
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ProductList {
  products: Product[];
  total: number;
  page: number;
  limit: number;
}

export const DEFAULT_RATING = 4.5;
export const DEFAULT_REVIEWS_COUNT = 0;

export const SORT_OPTIONS = ['featured', 'price-low', 'price-high', 'rating', 'name'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const PRICE_RANGES = ['all', 'under-500', '500-1000', '1000-2000', 'over-2000'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

/** Inclusive dollar bounds of each price range; null means open-ended. */
export const PRICE_RANGE_BOUNDS: Record<PriceRange, { min: number | null; max: number | null }> = {
  all: { min: null, max: null },
  'under-500': { min: null, max: 499.99 },
  '500-1000': { min: 500, max: 1000 },
  // From the next cent: $1,000 is in 500-1000 only, as $500 and $2,000 are each in one range.
  '1000-2000': { min: 1000.01, max: 2000 },
  'over-2000': { min: 2000.01, max: null },
};

export const MAX_PAGE_SIZE = 100;

export function isOnSale(p: Pick<Product, 'price' | 'original_price'>): boolean {
  return p.original_price != null && p.original_price > p.price;
}

/** Dollars saved against the original price, or 0. */
export function savings(p: Pick<Product, 'price' | 'original_price'>): number {
  return isOnSale(p) ? Math.round(((p.original_price as number) - p.price) * 100) / 100 : 0;
}
