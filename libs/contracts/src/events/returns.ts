/**
 * The returns part's events (issue 51), on one stream per order (`order-returns-<order id>`), so a request's
 * quantities are checked against every other return of the order at the revision read.
 */
import { defineEvents, event, EventOfType, EventsOf } from './event';

export interface ReturnLineData {
  /** The line's index in the order's items. */
  line: number;
  product_id: string;
  variant_id: string | null;
  product_name: string;
  quantity: number;
  unit_price_cents: number;
}

export interface ReturnRequestedData {
  return_id: string;
  order_id: string;
  lines: ReturnLineData[];
  /** The shopper's words: personal data, sealed under the order's subject. */
  reason: string;
  subject_id: string;
  /** customer:<id>, or 'order-access' for the browser holding the order's access. */
  by: string;
}

/** Staff approved or refused the return; the note is the shopper's to read (sealed under the order's subject). */
export interface ReturnDecidedData {
  return_id: string;
  order_id: string;
  note: string;
  by: string;
  subject_id: string;
}

export interface ReturnReceivedData {
  return_id: string;
  order_id: string;
  by: string;
}

export interface ReturnRefundedData {
  return_id: string;
  order_id: string;
  /** What was given back: the lines' price less the restocking fee (integer cents). */
  amount_cents: number;
  restocking_fee_cents: number;
  /** The payment's refund (PaymentRefunded's refund_id). */
  refund_id: string;
  by: string;
}

export interface ReturnExchangedData {
  return_id: string;
  order_id: string;
  /** The returned line's variant and the one sent instead (its unit reserved under the return's id). */
  from_variant_id: string | null;
  variant_id: string;
  by: string;
}

export const RETURN_EVENT_SCHEMAS = defineEvents({
  ReturnRequested: event<ReturnRequestedData>(),
  ReturnApproved: event<ReturnDecidedData>(),
  ReturnRefused: event<ReturnDecidedData>(),
  ReturnReceived: event<ReturnReceivedData>(),
  ReturnRefunded: event<ReturnRefundedData>(),
  ReturnExchanged: event<ReturnExchangedData>(),
});

export type ReturnEvent = EventsOf<typeof RETURN_EVENT_SCHEMAS>;
export type ReturnRequested = EventOfType<ReturnEvent, 'ReturnRequested'>;
export type ReturnApproved = EventOfType<ReturnEvent, 'ReturnApproved'>;
export type ReturnRefused = EventOfType<ReturnEvent, 'ReturnRefused'>;
export type ReturnReceived = EventOfType<ReturnEvent, 'ReturnReceived'>;
export type ReturnRefunded = EventOfType<ReturnEvent, 'ReturnRefunded'>;
export type ReturnExchanged = EventOfType<ReturnEvent, 'ReturnExchanged'>;
