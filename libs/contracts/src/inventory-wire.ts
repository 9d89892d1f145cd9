/**
 * Stock of one stocked variant as staff read it under /api/admin/inventory (issue 40), and a product's gallery
 * entry. Only types: the API's DTOs describe the same shapes in the OpenAPI document.
 */

/** GET /api/admin/inventory/variants/{variantId}: units on hand, held by unpaid orders, and still orderable. */
export interface VariantStockLevel {
  variant_id: string;
  product_id?: string;
  on_hand: number;
  reserved: number;
  /** on_hand - reserved, never below 0. */
  available: number;
}

/** The kinds of stock movement, one per inventory event. */
export type StockMovementKind = 'adjusted' | 'reserved' | 'released' | 'confirmed' | 'returned';

/** One row of GET /api/admin/inventory/variants/{variantId}/ledger: a movement, who made it, when and why. */
export interface StockMovement {
  kind: StockMovementKind;
  /** Units: + into stock (adjusted up, returned), - out of it (adjusted down, confirmed), the units held or let go otherwise. */
  quantity: number;
  reason: string | null;
  /** Who: a staff member's name or e-mail, or 'system' for the shop's own moves (expiry, payment). */
  by: string | null;
  at: string;
  order_id: string | null;
  order_reference?: string | null;
  on_hand_after?: number;
  reserved_after?: number;
  available_after?: number;
}

/** POST /api/admin/inventory/variants/{variantId}/adjustments: a change by `delta`, or to `set_to` units, with a reason. */
export type StockAdjustmentInput = { delta: number; reason: string } | { set_to: number; reason: string };

/** One row of GET /api/admin/inventory/reservations?variant_id=&status=. */
export interface StockReservation {
  order_id: string;
  order_reference?: string | null;
  variant_id: string;
  product_id?: string;
  quantity: number;
  status: 'open' | 'released' | 'confirmed';
  /** Why a released reservation was let go (expired, cancelled, payment_failed, order_not_placed). */
  release_reason?: string | null;
  created_at: string;
  updated_at?: string;
  expires_at?: string | null;
  /** A consultation request's hold confirmed by staff (issue 49): who (their name, else e-mail) and when; null: not confirmed. */
  hold_confirmed_by?: string | null;
  hold_confirmed_at?: string | null;
}

/** One picture of a product: its alt text, and the variants it shows (absent or empty: all of them). */
export interface GalleryImage {
  src: string;
  alt: string;
  variant_ids?: string[];
}

/** Longest alt text of a gallery image. */
export const GALLERY_ALT_MAX_LENGTH = 200;
/** Most images a product's gallery holds (the images field's limit). */
export const GALLERY_MAX_IMAGES = 12;
/** Largest stock count or adjustment staff can enter at once. */
export const MAX_STOCK_UNITS = 100_000;
