import { EngravingRule, Product, ProductDetail, ProductOption, ProductVariant } from '@facet/contracts';
import { GalleryImage as RecordedGalleryImage, VariantSpec, variantPriceCents } from '../domain/product';

export interface ProductRow {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  original_price_cents: number | null;
  image: string;
  images: string[];
  category: Product['category'];
  features: string[];
  rating: string | number | null;
  reviews_count: number | null;
  in_stock: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * The columns of issue 40, as the products projection writes them from events upcast to today's shape (rows
 * written before, for products recorded without them, were filled by migration 171). Engraving NULL: none.
 */
export interface ProductVariantColumns {
  options: ProductOption[];
  variants: VariantSpec[];
  engraving: EngravingRule | null;
  gallery: RecordedGalleryImage[];
}

/** The rating and count shown are those of the approved reviews (issue 41), not the ones product events carry. */
const COMMON_COLUMNS = `id, name, description, price_cents, original_price_cents, image, images, category, features,
  review_rating AS rating, review_count AS reviews_count, version, created_at, updated_at`;

/**
 * Whether a product of rm.products can be ordered now: staff have it on sale (in_stock) and a variant can be
 * ordered: one made to order, or a stocked one with units available in the inventory's read model
 * (rm.variant_stock, see inventory.port.ts). A product recorded without variants is one made-to-order
 * variant. Lists read this (and their in-stock filter too); a product's page works it out from the counts
 * it shows (withAvailability), as its cached row does not move with stock.
 */
export const ORDERABLE_SQL = `(products.in_stock AND (products.variants IS NULL OR jsonb_array_length(products.variants) = 0 OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(products.variants) AS v
    WHERE v->>'stock_mode' IS DISTINCT FROM 'stocked'
       OR EXISTS (SELECT 1 FROM variant_stock s WHERE s.variant_id = lower(v->>'variant_id') AND s.available > 0))))`;

/** A product in a list: in_stock says whether it can be ordered now (ORDERABLE_SQL). */
export const PRODUCT_COLUMNS = `${COMMON_COLUMNS}, ${ORDERABLE_SQL} AS in_stock`;
/** One product's page: lists leave these out (their shape and speed stay as they were); in_stock is staff's (see withAvailability). */
export const PRODUCT_DETAIL_COLUMNS = `${COMMON_COLUMNS}, in_stock, options, variants, engraving, gallery`;

/** The API's product: dollars; rating 0 and count 0 for a piece without approved reviews. */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    original_price: row.original_price_cents === null ? null : row.original_price_cents / 100,
    image: row.image,
    images: row.images?.length ? row.images : [row.image],
    category: row.category,
    features: row.features ?? [],
    rating: row.rating === null ? 0 : Number(row.rating),
    reviews_count: row.reviews_count ?? 0,
    in_stock: row.in_stock,
    version: row.version,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * A product's page as the catalogue knows it: `available` null for made-to-order variants and 0 for stocked
 * ones until withAvailability asks the inventory (whose numbers change without the catalogue moving).
 */
export function toProductDetail(row: ProductRow & ProductVariantColumns): ProductDetail {
  return {
    ...toProduct(row),
    options: row.options,
    variants: row.variants.map((v) => toVariant(v, row.price_cents)),
    engraving: row.engraving,
    // A picture recorded without alt text of its own (a product listed before galleries) is described by the name.
    gallery: row.gallery.map((g) => ({ src: g.src, alt: g.alt || row.name, variant_ids: g.variant_ids })),
  };
}

function toVariant(v: VariantSpec, productPriceCents: number): ProductVariant {
  return {
    id: v.variant_id,
    sku: v.sku,
    options: v.options,
    price: variantPriceCents(v, productPriceCents) / 100,
    // Filled in for stocked variants by withAvailability (product-queries.ts); 0 until then.
    available: v.stock_mode === 'stocked' ? 0 : null,
    lead_time_days: v.lead_time_days,
    is_default: v.is_default,
    image: v.image,
    description: v.description ?? null,
    features: v.features ?? null,
  };
}
