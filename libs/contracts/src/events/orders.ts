import type { OrderShipping } from '../order-wire';
import type { OrderKind, OrderStatus, PaymentStatus } from '../orders';
import { defineEvents, event, type EventOfType, type EventsOf } from './event';

/** The orders' events (issue 42), on stream order-<id>; money in integer cents. */

/** One priced line as the server priced it (money in cents). */
export interface OrderLineData {
  product_id: string;
  product_name: string;
  image: string;
  unit_price_cents: number;
  quantity: number;
  /** The variant ordered (issue 40); absent on orders placed before variants. */
  variant_id?: string;
  /** Its option values, as the catalogue had them when the order was placed ({} for a plain product). */
  variant_options?: Record<string, string>;
  /**
   * Text to engrave; '' for none. Personal data (a name, a date): sealed under the order's subject when not ''
   * (events from before issue 49 hold it in clear text), "erased" once the subject is.
   */
  engraving?: string;
}

export interface OrderPaymentDetails {
  card_name: string;
  last_4: string;
}

export interface OrderRequestedData {
  order_id: string;
  kind: OrderKind;
  status: OrderStatus;
  payment_status: PaymentStatus;
  customer_id: string | null;
  /** customer:<id> when signed in, else email:<address>. */
  subject_id: string;
  /** The shipping block: personal data, sealed under the order's data subject (the wire's shape). */
  shipping: OrderShipping;
  payment: OrderPaymentDetails;
  items: OrderLineData[];
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  /** Card orders: when the order expires if still unpaid (absent on orders placed before expiry existed). */
  pay_by?: string | null;
}

/** How a shipped order travels (issue 41): a carrier of CARRIERS and its tracking number; the link is built from both. */
export interface OrderShipmentData {
  carrier: string;
  /** Personal data (it finds the parcel and its address): sealed under the order's subject (clear text before issue 49). */
  tracking_number: string;
}

/**
 * `shared`: staff chose to show the note to the customer on their order page (absent: not shared, as on
 * every note before issue 41). `shipment`: on a move to shipped, the carrier and tracking number (absent on
 * older events).
 */
export interface OrderStatusChangedData {
  order_id: string;
  from: OrderStatus;
  to: OrderStatus;
  note: string;
  by: string;
  subject_id?: string;
  shared?: boolean;
  shipment?: OrderShipmentData;
}

/** The order's payment went through: it moves to processing. Version 1: before the charged card was recorded. */
export interface OrderPaidV1Data {
  order_id: string;
  session_id: string;
  amount_cents: number;
  currency: string;
}

/** Version 2: the last four digits of the card the provider charged (PaymentSucceeded's), null when none or not known. */
export interface OrderPaidData extends OrderPaidV1Data {
  card_last_4: string | null;
}

/**
 * A payment attempt ended without money: declined (failed), ran out (expired) or cancelled by the shopper on the
 * provider's page (cancelled, from PaymentCancelled); the order is awaiting payment and may be paid again.
 */
export interface OrderPaymentFailedData {
  order_id: string;
  session_id: string;
  payment_status: 'failed' | 'expired' | 'cancelled';
  reason: string;
}

/** A checkout session was opened for the order: it is the order's one open session until it ends. */
export interface OrderCheckoutOpenedData {
  order_id: string;
  session_id: string;
  url: string;
  expires_at: string;
  replaces: string | null;
}

/** The order stayed unpaid past its pay-by time: it ends, nothing was charged. */
export interface OrderExpiredData {
  order_id: string;
  pay_by: string | null;
  reason: string;
}

/**
 * OrderPaymentRejected: money arrived for an order that could not take it (already paid by another session,
 * cancelled or expired); it is refunded through the provider (PaymentRefunded on the session's stream).
 * OrderRefundRequested: staff cancelled an order that was already paid; its payment is given back the same way.
 */
export interface OrderPaymentReturnData {
  order_id: string;
  session_id: string;
  amount_cents: number;
  currency: string;
  reason: string;
}

/** Staff added a note without moving the order (a status change to the status it already has, with a note). */
export interface OrderNoteAddedData {
  order_id: string;
  status: OrderStatus;
  note: string;
  by: string;
  subject_id?: string;
  shared?: boolean;
}

/** Staff confirmed a consultation request's hold (issue 49): its units stay held until the request is converted or closed. */
export interface ConsultationHoldConfirmedData {
  order_id: string;
  /** The staff member who confirmed it. */
  by: string;
}

/**
 * A consultation request's hold passed CONSULTATION_HOLD_HOURS unconfirmed (issue 49): its units are released
 * (ReservationReleased on each variant's stream); the request itself stays open for staff.
 */
export interface ConsultationHoldLapsedData {
  order_id: string;
  /** When the request was placed (the hold's start) and how many hours it was held. */
  held_since: string;
  hold_hours: number;
}

/** Reads an OrderPaid of version 1 (recorded before the charged card was): no card known. */
export const upcastOrderPaidV1 = (d: OrderPaidV1Data): OrderPaidData => ({ ...d, card_last_4: null });

export const ORDER_EVENT_SCHEMAS = defineEvents({
  OrderRequested: event<OrderRequestedData>(),
  OrderStatusChanged: event<OrderStatusChangedData>(),
  OrderPaid: event<OrderPaidData>({ version: 2, upcasters: { 1: upcastOrderPaidV1 } }),
  OrderPaymentFailed: event<OrderPaymentFailedData>(),
  OrderCheckoutOpened: event<OrderCheckoutOpenedData>(),
  OrderExpired: event<OrderExpiredData>(),
  OrderPaymentRejected: event<OrderPaymentReturnData>(),
  OrderRefundRequested: event<OrderPaymentReturnData>(),
  OrderNoteAdded: event<OrderNoteAddedData>(),
  ConsultationHoldConfirmed: event<ConsultationHoldConfirmedData>(),
  ConsultationHoldLapsed: event<ConsultationHoldLapsedData>(),
});

export type OrderEvent = EventsOf<typeof ORDER_EVENT_SCHEMAS>;
/** The version appended today. */
export const ORDER_PAID_VERSION = ORDER_EVENT_SCHEMAS.OrderPaid.version;
export type OrderRequested = EventOfType<OrderEvent, 'OrderRequested'>;
export type OrderCheckoutOpened = EventOfType<OrderEvent, 'OrderCheckoutOpened'>;
export type OrderPaid = EventOfType<OrderEvent, 'OrderPaid'>;
export type OrderPaymentFailed = EventOfType<OrderEvent, 'OrderPaymentFailed'>;
export type OrderPaymentRejected = EventOfType<OrderEvent, 'OrderPaymentRejected'>;
export type OrderStatusChanged = EventOfType<OrderEvent, 'OrderStatusChanged'>;
export type OrderNoteAdded = EventOfType<OrderEvent, 'OrderNoteAdded'>;
export type OrderRefundRequested = EventOfType<OrderEvent, 'OrderRefundRequested'>;
export type OrderExpired = EventOfType<OrderEvent, 'OrderExpired'>;
export type ConsultationHoldConfirmed = EventOfType<OrderEvent, 'ConsultationHoldConfirmed'>;
export type ConsultationHoldLapsed = EventOfType<OrderEvent, 'ConsultationHoldLapsed'>;
