import type { CategoryId } from '../categories';
import type { EngravingRule, ProductOption, StockMode } from '../variants';
import type { EventOf, SchemaTable } from './event';

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

/** The fields added by issue 40, which events recorded before it do not carry (same schema version: no upcaster). */
export type VariantFieldName = 'options' | 'variants' | 'engraving' | 'gallery';
/** A product's fields as a stream of any age holds them (read through withVariants, the catalogue's upcaster of state). */
export type RecordedProductFields = Omit<ProductFields, VariantFieldName> & Partial<Pick<ProductFields, VariantFieldName>>;

/** Written with every field; absent variant fields on products listed before issue 40. */
export type ProductCreatedData = { product_id: string } & RecordedProductFields;
/** Only the fields that changed (arrays whole). */
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

export type ProductCreated = EventOf<'ProductCreated', ProductCreatedData>;
export type ProductEdited = EventOf<'ProductEdited', ProductEditedData>;
export type ProductDeleted = EventOf<'ProductDeleted', ProductDeletedData>;
export type InventoryCleared = EventOf<'InventoryCleared', InventoryClearedData>;
export type CatalogueSeeded = EventOf<'CatalogueSeeded', CatalogueSeededData>;

/** The events of one product's stream (the product decider's). */
export type ProductEvent = ProductCreated | ProductEdited | ProductDeleted;

export type CatalogEvent = ProductEvent | InventoryCleared | CatalogueSeeded;

export const CATALOG_EVENT_SCHEMAS: SchemaTable<CatalogEvent> = {
  ProductCreated: { version: 1 },
  ProductEdited: { version: 1 },
  ProductDeleted: { version: 1 },
  InventoryCleared: { version: 1 },
  CatalogueSeeded: { version: 1 },
};
