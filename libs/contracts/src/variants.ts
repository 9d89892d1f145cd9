import type { GalleryImage } from './inventory-wire';

import type { Product } from './product';

/**
 * Options, variants, stock and engraving (issue 40): the wire shapes the API, the storefront and the console
 * share. A product has options (size, metal, karat, length) and one variant per combination that can be
 * sold. A variant is made to order (no count: `available` null, a lead time) or stocked (a count of units
 * on hand; `available` = on hand less units reserved by orders not yet paid or cancelled).
 */

/** One option of a product and its values in the order shoppers see them: { name: 'size', values: ['6', '6.5'] }. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** How a variant is supplied: counted units, or made to order with a lead time. */
export type StockMode = 'stocked' | 'made_to_order';

/** A sellable combination of a product's option values, as the API returns it (money in dollars). */
export interface ProductVariant {
  id: string;
  sku: string;
  /** Its value for each of the product's options, e.g. { size: '6.5' }; {} for a product without options. */
  options: Record<string, string>;
  price: number;
  /** Units that can still be ordered now; null when made to order. */
  available: number | null;
  /** Business days to make it, for made-to-order variants; null for stocked ones. */
  lead_time_days: number | null;
  /** The variant an order line without variant_id takes (for rings: "Not sure (free ring sizer)"). */
  is_default: boolean;
  /** An image of this variant (a metal of its own), or null to use the product's. */
  image: string | null;
  /** Its own description where its metal, karat or length makes it differ, or null for the product's. */
  description: string | null;
  /** Its own details list (the product page's DETAILS), or null for the product's. */
  features: string[] | null;
}

/** A variant as staff send it in POST/PUT /api/admin/products: `stock` an integer, or null for made to order. */
export interface VariantInput {
  sku?: string;
  options: Record<string, string>;
  /** Dollars; the product's price when absent. */
  price?: number;
  stock: number | null;
  lead_time_days?: number | null;
  is_default?: boolean;
  image?: string | null;
  /** Left out: kept (a variant of the same options) or null; null: the product's. */
  description?: string | null;
  features?: string[] | null;
}

/** Engraving a product offers on a line, or null when it offers none. */
export interface EngravingRule {
  max_length: number;
}

/** The value of the size option that means "send me a free ring sizer". */
export const RING_SIZER_VALUE = 'Not sure (free ring sizer)';
/** US ring sizes the shop sells, 3 to 13.5 in halves. */
export const US_RING_SIZES: readonly string[] = Array.from({ length: 22 }, (_, i) => String(3 + i / 2));

/** Letters, digits, spaces and the punctuation an engraver can cut; nothing else is accepted. */
export const ENGRAVING_ALLOWED = /^[A-Za-z0-9 .,'&+♥-]*$/u;
export const ENGRAVING_MAX_LENGTH_LIMIT = 40;

/** Why an engraving text is refused for a rule, or null when it is fine (an empty text is no engraving). */
export function engravingProblem(text: string, rule: EngravingRule | null): string | null {
  if (text === '') return null;
  if (!rule) return 'This piece cannot be engraved.';
  if ([...text].length > rule.max_length) return `Engraving is limited to ${rule.max_length} characters.`;
  if (!ENGRAVING_ALLOWED.test(text)) return "Engraving may use letters, digits, spaces and . , ' & + - ♥ only.";
  if (text.trim() !== text || /\s{2}/.test(text)) return 'Engraving may not start or end with a space, or hold two in a row.';
  return null;
}

/** How a shopper reads a variant's choice: "Size 6.5 · 18k Yellow Gold"; '' for the one variant of a plain product. */
export function variantLabel(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([name, value]) => (value === RING_SIZER_VALUE ? value : `${name.charAt(0).toUpperCase()}${name.slice(1)} ${value}`))
    .join(' · ');
}

/** What the product page says about a variant's availability. */
export function availabilityLabel(v: Pick<ProductVariant, 'available' | 'lead_time_days'>): string {
  if (v.available === null) return v.lead_time_days ? `Made to order: ships in ${v.lead_time_days} business days` : 'Made to order';
  if (v.available <= 0) return 'Sold out';
  if (v.available <= 3) return `Only ${v.available} left`;
  return 'In stock';
}

/** GET /api/products/{id}: the product with its options, variants (and what is available now), engraving and gallery. */
export interface ProductDetail extends Product {
  options: ProductOption[];
  variants: ProductVariant[];
  engraving: EngravingRule | null;
  /** Pictures in display order with alt text, and the variants each shows (empty: all); `image` is the featured one. */
  gallery: GalleryImage[];
}
