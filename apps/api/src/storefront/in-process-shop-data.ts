import {
  isCategoryId,
  PRICE_RANGES,
  PriceRange,
  Product,
  ProductList,
  ProductQuery,
  ProductReviews,
  ShopData,
  SORT_OPTIONS,
  SortOption,
} from '@facet/contracts';
import { QueryBus } from '@nestjs/cqrs';
import { GetProductQuery, ListProductsQuery, RandomProductsQuery } from '../catalog';
import { NotFoundError } from '../platform/domain/errors';
import { ProductReviewsQuery } from '../reviews';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_SEARCH = 200;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A whole number within bounds, or the fallback (URLs carry anything). */
function bounded(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** A price filter in dollars (0 to 10,000,000, as the API's DTO allows), or none. */
function price(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 10_000_000 ? value : undefined;
}

/**
 * Search text from a URL, made safe to send to PostgreSQL: no NUL bytes (text cannot hold them), lone
 * surrogates replaced (they are not UTF-8), at most 200 characters like the API's own limit.
 */
export function cleanSearch(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw
    .replace(/\u0000/g, '')
    .trim()
    .slice(0, MAX_SEARCH)
    .replace(LONE_SURROGATE, '\ufffd');
  return text || undefined;
}

/**
 * The catalogue as the server-side renderer reads it: straight from the query handlers (and their cache,
 * which the products projection invalidates), never over HTTP: the storefront's ShopData (libs/contracts),
 * whose loaders take the same reader in the browser over HTTP. Inputs come from URLs (the types say what a
 * loader means to send, not what a URL carries), so they are checked here the way the HTTP DTOs check them.
 * A query runs to its end once asked: the signal the loaders pass is not needed.
 */
export class InProcessShopData implements ShopData {
  constructor(private readonly queries: QueryBus) {}

  async getProduct(id: string): Promise<Product | null> {
    if (!UUID.test(id)) return null;
    try {
      return await this.queries.execute(new GetProductQuery(id.toLowerCase()));
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  listProducts(q: ProductQuery): Promise<ProductList> {
    return this.queries.execute(
      new ListProductsQuery({
        category: isCategoryId(q.category) ? q.category : undefined,
        search: cleanSearch(q.search),
        sortBy: (SORT_OPTIONS as readonly string[]).includes(q.sort_by ?? '') ? (q.sort_by as SortOption) : 'featured',
        priceRange: (PRICE_RANGES as readonly string[]).includes(q.price_range ?? '') ? (q.price_range as PriceRange) : 'all',
        minPrice: price(q.min_price),
        maxPrice: price(q.max_price),
        inStock: typeof q.in_stock === 'boolean' ? q.in_stock : undefined,
        page: bounded(q.page, 1, 100_000, 1),
        limit: bounded(q.limit, 1, 100, 20),
      }),
    );
  }

  async productsInCategory(category: string, q: ProductQuery): Promise<ProductList> {
    if (!isCategoryId(category)) return { products: [], total: 0, page: 1, limit: bounded(q.limit, 1, 100, 50) };
    return this.listProducts({ ...q, category, limit: bounded(q.limit, 1, 100, 50) });
  }

  randomProducts(limit: number): Promise<Product[]> {
    return this.queries.execute(new RandomProductsQuery(bounded(limit, 1, 100, 3)));
  }

  /** A piece's approved reviews for its page and its JSON-LD (issue 41). */
  productReviews(id: string): Promise<ProductReviews> {
    if (!UUID.test(id)) return Promise.resolve({ product_id: id, rating: 0, reviews_count: 0, items: [], total: 0, page: 1, limit: 10 });
    return this.queries.execute(new ProductReviewsQuery(id.toLowerCase(), 1, 10));
  }
}
