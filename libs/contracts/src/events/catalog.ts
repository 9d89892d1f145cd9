import type { CategoryId } from '../categories';
import type { EngravingRule, ProductOption, StockMode } from '../variants';
import { defineEvents, event, type EventOfType, type EventsOf } from './event';

/** The catalogue's events (issue 42): products (stream product-<id>), the catalogue stream's clears, the seed marker. */

/** A sellable combination of the product's option values, as events carry it (money in integer cents). */
export interface VariantSpec {
  variant_id: string;
  sku: string;
  options: Record<string, string>;
  /** null: the product's price. */
  price_cents: number | null;
  stock_mode: StockMode;
  lead_time_days: number | null;
  is_default: boolean;
  image: string | null;
  /**
   * What the variant says of itself where it differs from the product (its metal, karat or length): its
   * own description and details list, shown when it is chosen. Absent (events recorded before they were
   * added) or null: the product's. Optional fields of the same schema version, so older events read as they are.
   */
  description?: string | null;
  features?: string[] | null;
}

/** One picture of a product's gallery as events carry it, in display order, with the variants it shows ([] for all). */
export interface ProductGalleryImage {
  src: string;
  alt: string;
  variant_ids: string[];
}

/** A product's fields as events carry them: money in integer cents. */
export interface ProductFields {
  name: string;
  description: string;
  price_cents: number;
  original_price_cents: number | null;
  image: string;
  images: string[];
  category: CategoryId;
  features: string[];
  rating: number;
  reviews_count: number;
  in_stock: boolean;
  options: ProductOption[];
  variants: VariantSpec[];
  engraving: EngravingRule | null;
  gallery: ProductGalleryImage[];
}

/** The fields added by issue 40, which ProductCreated version 1 (recorded before it) does not carry. */
export type VariantFieldName = 'options' | 'variants' | 'engraving' | 'gallery';

/** Version 2 (issue 50): written with every field, the variant fields of issue 40 included. */
export type ProductCreatedData = { product_id: string } & ProductFields;
/** Version 1: products listed before issue 40 carry no options, variants, engraving or gallery. */
export type ProductCreatedV1Data = { product_id: string } & Omit<ProductFields, VariantFieldName> &
  Partial<Pick<ProductFields, VariantFieldName>>;
/** Only the fields that changed (arrays whole). Version 1 is the same shape, recorded before issue 50. */
export interface ProductEditedData {
  product_id: string;
  changes: Partial<ProductFields>;
}
export interface ProductDeletedData {
  product_id: string;
}
/** On the catalogue stream: every product listed was removed at once. */
export interface InventoryClearedData {
  product_ids: string[];
}
/** The marker stream of the demo catalogue's seed (catalogue-seed): how many products it listed. */
export interface CatalogueSeededData {
  products: number;
}

/** The sku of a product's own default variant (the one an old product or one sent without variants has). */
export const defaultSku = (productId: string) => `FCT-${productId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** The one made-to-order variant of a product without options; its id is the product's (deterministic for replay). */
export function defaultVariant(productId: string): VariantSpec {
  return {
    variant_id: productId,
    sku: defaultSku(productId),
    options: {},
    price_cents: null,
    stock_mode: 'made_to_order',
    lead_time_days: null,
    is_default: true,
    image: null,
  };
}

/**
 * A gallery of a product's images (its featured image when it lists none) without alt text of their own:
 * alt '' is read as the product's name, whatever it is now (the decider and the product page describe it), so
 * the gallery of a product recorded before galleries follows its renames, as it always has.
 */
const undescribedGallery = (images: readonly string[] | undefined, image: string): ProductGalleryImage[] =>
  (images?.length ? images : [image]).map((src) => ({ src, alt: '', variant_ids: [] }));

/**
 * Reads a ProductCreated recorded before issue 40 in today's shape: one default made-to-order variant whose id
 * is the product's, no options, no engraving, a gallery of its images described by its name.
 */
export function upcastProductCreatedV1(v1: ProductCreatedV1Data): ProductCreatedData {
  return {
    ...v1,
    options: v1.options ?? [],
    variants: v1.variants ?? [defaultVariant(v1.product_id)],
    engraving: v1.engraving ?? null,
    gallery: v1.gallery ?? undescribedGallery(v1.images, v1.image),
  };
}

/**
 * Reads a ProductEdited of version 1. Before issue 40 an edit of the images carried no gallery (the gallery
 * followed the images); since, the decider sends the gallery with the images, so an edit of the images
 * without a gallery or any variant field is of that older shape and brings its gallery along.
 */
export function upcastProductEditedV1(v1: ProductEditedData): ProductEditedData {
  const { changes } = v1;
  const variantFields = changes.options ?? changes.variants ?? changes.engraving ?? changes.gallery;
  if (!changes.images?.length || variantFields !== undefined) return v1;
  return { ...v1, changes: { ...changes, gallery: undescribedGallery(changes.images, '') } };
}

/** The catalogue's events: one product's stream (the product decider's). */
export const PRODUCT_EVENT_SCHEMAS = defineEvents({
  ProductCreated: event<ProductCreatedData>({ version: 2, upcasters: { 1: upcastProductCreatedV1 } }),
  ProductEdited: event<ProductEditedData>({ version: 2, upcasters: { 1: upcastProductEditedV1 } }),
  ProductDeleted: event<ProductDeletedData>(),
});

/** Every catalogue event: the products', the catalogue stream's clears, the seed marker. */
export const CATALOG_EVENT_SCHEMAS = defineEvents({
  ...PRODUCT_EVENT_SCHEMAS,
  InventoryCleared: event<InventoryClearedData>(),
  CatalogueSeeded: event<CatalogueSeededData>(),
});

export type CatalogEvent = EventsOf<typeof CATALOG_EVENT_SCHEMAS>;
/** The events of one product's stream (the product decider's). */
export type ProductEvent = EventsOf<typeof PRODUCT_EVENT_SCHEMAS>;
export type ProductCreated = EventOfType<CatalogEvent, 'ProductCreated'>;
export type ProductEdited = EventOfType<CatalogEvent, 'ProductEdited'>;
export type ProductDeleted = EventOfType<CatalogEvent, 'ProductDeleted'>;
export type InventoryCleared = EventOfType<CatalogEvent, 'InventoryCleared'>;
export type CatalogueSeeded = EventOfType<CatalogEvent, 'CatalogueSeeded'>;
