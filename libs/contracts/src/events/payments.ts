import { defineEvents, event, type EventOfType, type EventsOf } from './event';

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
  /** Staff refunds (issue 51): the refund's number on its session (1, 2, ...: its Idempotency-Key refund:<session>:<n>). */
  refund_number?: number;
  /** What the session has given back with this refund (cents); absent on whole refunds recorded before part refunds. */
  refunded_total_cents?: number;
  /** The staff member who refunded it (absent: the shop or the provider on its own). */
  by?: string;
  /** Staff said the piece came back: its unit goes back to stock. */
  restock?: boolean;
  /**
   * With restock (issue 51): which of the order's stocked lines came back, by variant, and how many units of each.
   * Absent on refunds recorded before lines were named (their restock moved nothing).
   */
  restock_lines?: RestockLine[];
}

/** Units of one variant of the order that came back with a refund. */
export interface RestockLine {
  variant_id: string;
  quantity: number;
}

/**
 * The provider opened a dispute (a chargeback) on a session's payment: the order is flagged for staff, who answer
 * it at the provider. Recorded once per dispute.
 */
export interface PaymentDisputedData {
  session_id: string;
  order_id: string;
  dispute_id: string;
  amount_cents: number;
  currency: string;
  reason: string;
}

/**
 * A provider's notice (a Stripe webhook event), recorded once per event id on stream
 * provider-event-<provider>-<event_id>: a redelivery finds it there and changes nothing. `problem` is set when the
 * notice was well signed but not applied (an unknown session or order, a wrong amount or currency): staff read it
 * among the payment alerts.
 */
export interface ProviderEventReceivedData {
  provider: string;
  event_id: string;
  event_type: string;
  session_id: string | null;
  order_id: string | null;
  applied: boolean;
  problem: string | null;
}

/** Reads a PaymentSucceeded of version 1 (recorded before the provider's card was): no card known. */
export const upcastPaymentSucceededV1 = (d: PaymentSucceededV1Data): PaymentSucceededData => ({ ...d, card_last_4: null });

export const PAYMENT_EVENT_SCHEMAS = defineEvents({
  PaymentSessionOpened: event<PaymentSessionOpenedData>(),
  PaymentSucceeded: event<PaymentSucceededData>({ version: 2, upcasters: { 1: upcastPaymentSucceededV1 } }),
  PaymentFailed: event<PaymentFailedData>(),
  PaymentExpired: event<PaymentExpiredData>(),
  PaymentCancelled: event<PaymentCancelledData>(),
  PaymentRefunded: event<PaymentRefundedData>(),
  PaymentDisputed: event<PaymentDisputedData>(),
  ProviderEventReceived: event<ProviderEventReceivedData>(),
});

export type PaymentEvent = EventsOf<typeof PAYMENT_EVENT_SCHEMAS>;
/** The version appended today. */
export const PAYMENT_SUCCEEDED_VERSION = PAYMENT_EVENT_SCHEMAS.PaymentSucceeded.version;
export type PaymentSessionOpened = EventOfType<PaymentEvent, 'PaymentSessionOpened'>;
export type PaymentSucceeded = EventOfType<PaymentEvent, 'PaymentSucceeded'>;
export type PaymentFailed = EventOfType<PaymentEvent, 'PaymentFailed'>;
export type PaymentExpired = EventOfType<PaymentEvent, 'PaymentExpired'>;
export type PaymentCancelled = EventOfType<PaymentEvent, 'PaymentCancelled'>;
export type PaymentRefunded = EventOfType<PaymentEvent, 'PaymentRefunded'>;
export type PaymentDisputed = EventOfType<PaymentEvent, 'PaymentDisputed'>;
export type ProviderEventReceived = EventOfType<PaymentEvent, 'ProviderEventReceived'>;
