import { CategoryId, PRICE_RANGE_BOUNDS, PriceRange, Product, ProductDetail, ProductList, SortOption } from '@facet/contracts';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { NotFoundError } from '../../platform/domain/errors';
import { VariantAvailabilityQuery } from '../inventory.port';
import { CatalogCache } from './catalog-cache';
import {
  ORDERABLE_SQL,
  PRODUCT_COLUMNS,
  PRODUCT_DETAIL_COLUMNS,
  ProductRow,
  ProductVariantColumns,
  toProduct,
  toProductDetail,
} from './product-row';
import { containing, SqlFilter } from '../../platform/database/sql-filter';
import { searchTerms } from './search-terms';

export class ListProductsQuery {
  constructor(
    readonly filter: {
      category?: CategoryId;
      search?: string;
      sortBy: SortOption;
      priceRange: PriceRange;
      minPrice?: number;
      maxPrice?: number;
      inStock?: boolean;
      page: number;
      limit: number;
    },
  ) {}
}

/** One product with its options, variants, engraving and gallery; `available` is null here (see toProductDetail). */
export class GetProductQuery {
  constructor(readonly id: string) {}
}

export class RandomProductsQuery {
  constructor(readonly limit: number) {}
}

/** What a search looks in: name, description, category, features and option values (metals, sizes). */
const SEARCH_TEXT = `(name || ' ' || description || ' ' || category || ' ' || features::text || ' ' || coalesce(options::text, ''))`;

/** Text as words for ranking: lower case, each run of anything but letters and digits one space, a space before. */
const words = (sql: string) => `(' ' || regexp_replace(lower(${sql}), '[^[:alnum:]]+', ' ', 'g') || ' ')`;

/**
 * How well a product matches the search's words (an array parameter of searchTerms' words, which hold only
 * letters, digits and marks, so none is a LIKE wildcard): per word, 4 for a word of the name starting with
 * it and 2 more when the name holds it as a word (or its plural), else 1 for the name holding it at all;
 * 2 for the category's words; 1 for the other text's words.
 */
function searchScore(termsParam: string): string {
  return `(SELECT coalesce(sum(
      CASE WHEN ${words('name')} LIKE '% ' || t || '%' THEN 4 WHEN lower(name) LIKE '%' || t || '%' THEN 1 ELSE 0 END
    + CASE WHEN ${words('name')} ~ (' ' || t || '(s|es)? ') THEN 2 ELSE 0 END
    + CASE WHEN ${words('category')} LIKE '% ' || t || '%' THEN 2 ELSE 0 END
    + CASE WHEN ${words(`description || ' ' || features::text || ' ' || coalesce(options::text, '')`)} LIKE '% ' || t || '%' THEN 1 ELSE 0 END
    ), 0) FROM unnest(${termsParam}) AS t)`;
}

/** Sort options map to fixed SQL; nothing from the request is ever spliced into the query text. */
const ORDER_BY: Record<SortOption, string> = {
  featured: 'featured_rank ASC',
  'price-low': 'price_cents ASC, featured_rank ASC',
  'price-high': 'price_cents DESC, featured_rank ASC',
  rating: 'review_rating DESC, review_count DESC, featured_rank ASC',
  name: 'name ASC, featured_rank ASC',
};

@QueryHandler(ListProductsQuery)
export class ListProductsHandler implements IQueryHandler<ListProductsQuery, ProductList> {
  constructor(
    private readonly db: DatabaseService,
    private readonly cache: CatalogCache,
  ) {}

  execute({ filter }: ListProductsQuery): Promise<ProductList> {
    // Names are stored in NFC (the validation pipe); a search typed in NFD, also from the server renderer, is too.
    const f = filter.search === undefined ? filter : { ...filter, search: filter.search.normalize('NFC') };
    return this.cache.get(`list:${JSON.stringify(f)}`, () => this.load(f));
  }

  private async load(f: ListProductsQuery['filter']): Promise<ProductList> {
    const filter = new SqlFilter().whereGiven('category = ?', f.category);
    // Each word of the search is found somewhere in the piece, in any order (search-terms.ts); a search that
    // holds no word finds nothing.
    const terms = f.search === undefined ? [] : searchTerms(f.search);
    if (f.search?.trim() && terms.length === 0) filter.where('?::boolean', false);
    for (const term of terms) filter.where(`${SEARCH_TEXT} ILIKE ?`, containing(term));
    const bounds = PRICE_RANGE_BOUNDS[f.priceRange];
    if (bounds.min !== null) filter.where('price_cents >= ?', Math.round(bounds.min * 100));
    if (bounds.max !== null) filter.where('price_cents <= ?', Math.round(bounds.max * 100));
    if (f.minPrice !== undefined) filter.where('price_cents >= ?', Math.round(f.minPrice * 100));
    if (f.maxPrice !== undefined) filter.where('price_cents <= ?', Math.round(f.maxPrice * 100));
    if (f.inStock !== undefined) filter.where(`${ORDERABLE_SQL} = ?`, f.inStock);
    // Featured with a search is relevance: the best matches first (the search page's 'Relevance').
    let orderBy = ORDER_BY[f.sortBy];
    if (terms.length > 0 && f.sortBy === 'featured') {
      filter.where('?::text[] IS NOT NULL', terms); // binds the words for the ranking below
      orderBy = `${searchScore(`$${filter.params.length}::text[]`)} DESC, ${orderBy}`;
    }
    const page = filter.page(f.page, f.limit);
    const rows = await this.db.query<ProductRow & { total: string }>(
      `SELECT ${PRODUCT_COLUMNS}, count(*) OVER () AS total FROM products ${filter.sql}
       ORDER BY ${orderBy} ${page.sql}`,
      page.params,
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (rows.length === 0 && f.page > 1) {
      const r = await this.db.one<{ n: string }>(`SELECT count(*) AS n FROM products ${filter.sql}`, filter.params);
      total = Number(r?.n ?? 0);
    }
    return { products: rows.map(toProduct), total, page: f.page, limit: f.limit };
  }
}

@QueryHandler(GetProductQuery)
export class GetProductHandler implements IQueryHandler<GetProductQuery, ProductDetail> {
  constructor(
    private readonly db: DatabaseService,
    private readonly cache: CatalogCache,
    private readonly queries: QueryBus,
  ) {}

  async execute({ id }: GetProductQuery): Promise<ProductDetail> {
    const product = await this.cache.get(`product:${id}`, async () => {
      const row = await this.db.one<ProductRow & ProductVariantColumns>(`SELECT ${PRODUCT_DETAIL_COLUMNS} FROM products WHERE id = $1`, [
        id,
      ]);
      return row ? toProductDetail(row) : null;
    });
    if (!product) throw new NotFoundError();
    return withAvailability(product, this.queries);
  }
}

/**
 * The product with what is available now of each stocked variant, asked of the inventory each time: stock
 * moves without the catalogue moving, so it is never in the catalogue's cache (nor the kept HTTP answers,
 * see ProductsController.get). The cached product itself is not changed.
 */
export async function withAvailability(product: ProductDetail, queries: QueryBus): Promise<ProductDetail> {
  const stocked = product.variants.filter((v) => v.available !== null).map((v) => v.id);
  if (stocked.length === 0) return product;
  const counts = await queries.execute(new VariantAvailabilityQuery(stocked));
  const variants = product.variants.map((v) => (v.available === null ? v : { ...v, available: counts[v.id]?.available ?? 0 }));
  // In stock while one variant can be ordered (as lists say, ORDERABLE_SQL): every one sold out is out of stock.
  return { ...product, in_stock: product.in_stock && variants.some((v) => v.available !== 0), variants };
}

@QueryHandler(RandomProductsQuery)
export class RandomProductsHandler implements IQueryHandler<RandomProductsQuery, Product[]> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ limit }: RandomProductsQuery): Promise<Product[]> {
    const rows = await this.db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products ORDER BY random() LIMIT $1`, [limit]);
    return rows.map(toProduct);
  }
}
