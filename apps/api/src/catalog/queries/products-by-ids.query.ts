import { EngravingRule, ProductOption, StockMode } from '@facet/contracts';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { variantPriceCents } from '../domain/product';
import { CatalogCache } from './catalog-cache';
import { ProductVariantColumns } from './product-row';

/** A variant as an order prices it: its own price in cents (the product's when it has none). */
export interface VariantForSale {
  variant_id: string;
  sku: string;
  options: Record<string, string>;
  price_cents: number;
  stock_mode: StockMode;
  lead_time_days: number | null;
  is_default: boolean;
}

/** What another part may know of a product to sell it: its name, price (cents), picture, stock, variants and engraving. */
export interface ProductForSale {
  id: string;
  name: string;
  price_cents: number;
  image: string;
  in_stock: boolean;
  options: ProductOption[];
  /** At least one; exactly one is_default (what a line without variant_id takes). */
  variants: VariantForSale[];
  engraving: EngravingRule | null;
}

type Row = Pick<ProductForSale, 'id' | 'name' | 'price_cents' | 'image' | 'in_stock'> & Omit<ProductVariantColumns, 'gallery'>;

/**
 * The catalogue's answer to "these products, now" (orders price from it). Ids are compared as given:
 * pass them lower case. Products that are gone are simply absent.
 */
export class ProductsByIdsQuery extends Query<ProductForSale[]> {
  constructor(readonly ids: readonly string[]) {
    super();
  }
}

@QueryHandler(ProductsByIdsQuery)
export class ProductsByIdsHandler implements IQueryHandler<ProductsByIdsQuery, ProductForSale[]> {
  constructor(
    private readonly db: DatabaseService,
    private readonly cache: CatalogCache,
  ) {}

  execute({ ids }: ProductsByIdsQuery): Promise<ProductForSale[]> {
    // From the catalogue cache, which every products projection commit (in any process) clears.
    return this.cache.get(`order-pricing:${ids.join(',')}`, async () => {
      const rows = await this.db.query<Row>(
        `SELECT id, name, price_cents, image, in_stock, options, variants, engraving
         FROM products WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return rows.map(toProductForSale);
    });
  }
}

function toProductForSale(row: Row): ProductForSale {
  return {
    id: row.id,
    name: row.name,
    price_cents: row.price_cents,
    image: row.image,
    in_stock: row.in_stock,
    options: row.options,
    engraving: row.engraving,
    variants: row.variants.map((v) => ({
      variant_id: v.variant_id,
      sku: v.sku,
      options: v.options,
      price_cents: variantPriceCents(v, row.price_cents),
      stock_mode: v.stock_mode,
      lead_time_days: v.lead_time_days,
      is_default: v.is_default,
    })),
  };
}
