import type { EventOf, SchemaTable } from './event';

/** The payments' events (issue 42), on stream payment-<sessionId>; money in integer cents. */

export interface PaymentSessionOpenedData {
  session_id: string;
  order_id: string;
  provider: string;
  amount_cents: number;
  currency: string;
  expires_at: string;
}

/** Version 1: before the provider's card was recorded. */
export interface PaymentSucceededV1Data {
  session_id: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  method: string;
}

/**
 * Version 2 adds the last four digits of the card the provider charged, as it reports them (null: paid by bank
 * transfer, or recorded before version 2). The card shown with an order is this one, never what a form typed.
 */
export interface PaymentSucceededData extends PaymentSucceededV1Data {
  card_last_4: string | null;
}
export const PAYMENT_SUCCEEDED_VERSION = 2;

export interface PaymentFailedData {
  session_id: string;
  order_id: string;
  reason: string;
}

/**
 * The session ended unpaid without a decline: it ran out or the shop replaced it. (Before PaymentCancelled, a
 * shopper's cancel was recorded as this with `reason` 'Payment cancelled by the shopper'; those stay as they are.)
 */
export interface PaymentExpiredData {
  session_id: string;
  order_id: string;
  reason?: string;
}

/** The shopper cancelled the session on the provider's page ("Cancel and return to the shop"): nothing was charged. */
export interface PaymentCancelledData {
  session_id: string;
  order_id: string;
}

/** The provider gave the money back (a payment that landed on an order that could not take it). */
export interface PaymentRefundedData {
  session_id: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  refund_id: string;
  reason: string;
}

export type PaymentEvent =
  | EventOf<'PaymentSessionOpened', PaymentSessionOpenedData>
  | EventOf<'PaymentSucceeded', PaymentSucceededData>
  | EventOf<'PaymentFailed', PaymentFailedData>
  | EventOf<'PaymentExpired', PaymentExpiredData>
  | EventOf<'PaymentCancelled', PaymentCancelledData>
  | EventOf<'PaymentRefunded', PaymentRefundedData>;

export const PAYMENT_EVENT_SCHEMAS: SchemaTable<PaymentEvent> = {
  PaymentSessionOpened: { version: 1 },
  PaymentSucceeded: {
    version: PAYMENT_SUCCEEDED_VERSION,
    upcasters: { 1: (d: PaymentSucceededV1Data): PaymentSucceededData => ({ ...d, card_last_4: null }) },
  },
  PaymentFailed: { version: 1 },
  PaymentExpired: { version: 1 },
  PaymentCancelled: { version: 1 },
  PaymentRefunded: { version: 1 },
};
