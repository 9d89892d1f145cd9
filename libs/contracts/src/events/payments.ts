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

export interface PaymentSucceededData {
  session_id: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  method: string;
}

export interface PaymentFailedData {
  session_id: string;
  order_id: string;
  reason: string;
}

/** The session ended unpaid without a decline: it ran out, the shop replaced it, or (reason) the shopper cancelled it. */
export interface PaymentExpiredData {
  session_id: string;
  order_id: string;
  reason?: string;
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
  | EventOf<'PaymentRefunded', PaymentRefundedData>;

export const PAYMENT_EVENT_SCHEMAS: SchemaTable<PaymentEvent> = {
  PaymentSessionOpened: { version: 1 },
  PaymentSucceeded: { version: 1 },
  PaymentFailed: { version: 1 },
  PaymentExpired: { version: 1 },
  PaymentRefunded: { version: 1 },
};
