import type { EventOf, SchemaTable } from './event';

/** The stock's events (issue 42), on stream variant-<variantId>: one stocked variant's units. */

/** Which variant (of which product) a movement is of. */
export interface StockVariantRef {
  variant_id: string;
  product_id: string;
}

export type ReleaseReason = 'expired' | 'cancelled' | 'payment_failed' | 'order_not_placed';

export interface StockAdjustedData extends StockVariantRef {
  delta: number;
  reason: string;
  by: string;
}

/** StockReserved and ReservationConfirmed: an order's units held, then sold. */
export interface StockReservationData extends StockVariantRef {
  order_id: string;
  quantity: number;
}

export interface ReservationReleasedData extends StockReservationData {
  reason: ReleaseReason;
}

export interface StockReturnedData extends StockVariantRef {
  order_id: string | null;
  quantity: number;
  reason: string;
  by: string;
}

export type InventoryEvent =
  | EventOf<'StockAdjusted', StockAdjustedData>
  | EventOf<'StockReserved', StockReservationData>
  | EventOf<'ReservationConfirmed', StockReservationData>
  | EventOf<'ReservationReleased', ReservationReleasedData>
  | EventOf<'StockReturned', StockReturnedData>;

export const INVENTORY_EVENT_SCHEMAS: SchemaTable<InventoryEvent> = {
  StockAdjusted: { version: 1 },
  StockReserved: { version: 1 },
  ReservationConfirmed: { version: 1 },
  ReservationReleased: { version: 1 },
  StockReturned: { version: 1 },
};
