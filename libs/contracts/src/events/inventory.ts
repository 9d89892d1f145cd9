import { defineEvents, event, type EventOfType, type EventsOf } from './event';

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
  /** The staff refund the units came back with (issue 51): a refund returns its units once. Absent otherwise. */
  refund_id?: string;
  /** What the units came back for, once (a return's receipt: return:<id>:<line>); absent for staff's own returns. */
  key?: string;
}

export const INVENTORY_EVENT_SCHEMAS = defineEvents({
  StockAdjusted: event<StockAdjustedData>(),
  StockReserved: event<StockReservationData>(),
  ReservationReleased: event<ReservationReleasedData>(),
  ReservationConfirmed: event<StockReservationData>(),
  StockReturned: event<StockReturnedData>(),
});

export type InventoryEvent = EventsOf<typeof INVENTORY_EVENT_SCHEMAS>;
export type StockAdjusted = EventOfType<InventoryEvent, 'StockAdjusted'>;
export type StockReserved = EventOfType<InventoryEvent, 'StockReserved'>;
export type ReservationConfirmed = EventOfType<InventoryEvent, 'ReservationConfirmed'>;
export type ReservationReleased = EventOfType<InventoryEvent, 'ReservationReleased'>;
export type StockReturned = EventOfType<InventoryEvent, 'StockReturned'>;
