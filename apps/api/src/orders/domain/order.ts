import { canMoveOrder, OrderKind, OrderStatus, PaymentStatus } from '@facet/contracts';
import { DomainEvent } from '../../platform/event-store/decider';
import { ConflictError, NotFoundError } from '../../platform/http/errors';
import { guestSubject, registerPersonalFields } from '../../platform/privacy/personal-fields';

/** One priced line as the server priced it (money in cents). */
export interface OrderLine {
  product_id: string;
  product_name: string;
  image: string;
  unit_price_cents: number;
  quantity: number;
}

/** The shipping block: personal data, sealed under the order's data subject. */
export interface ShippingDetails {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
}

export interface PaymentDetails {
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
  shipping: ShippingDetails;
  payment: PaymentDetails;
  items: OrderLine[];
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
}

export type OrderRequested = DomainEvent<'OrderRequested', OrderRequestedData>;
export type OrderStatusChanged = DomainEvent<
  'OrderStatusChanged',
  { order_id: string; from: OrderStatus; to: OrderStatus; note: string; by: string }
>;
/** The order's payment went through: it moves to processing. */
export type OrderPaid = DomainEvent<'OrderPaid', { order_id: string; session_id: string; amount_cents: number; currency: string }>;
/** A payment attempt ended without money (declined or expired); the order stays pending and may be paid again. */
export type OrderPaymentFailed = DomainEvent<
  'OrderPaymentFailed',
  { order_id: string; session_id: string; payment_status: 'failed' | 'expired'; reason: string }
>;
export type OrderEvent = OrderRequested | OrderStatusChanged | OrderPaid | OrderPaymentFailed;

export const ORDER_EVENT_TYPES = ['OrderRequested', 'OrderStatusChanged', 'OrderPaid', 'OrderPaymentFailed'] as const;

export const orderStream = (id: string) => `order-${id}`;

export function orderSubject(customerId: string | null, email: string): string {
  return customerId ? `customer:${customerId}` : guestSubject(email);
}

registerPersonalFields('OrderRequested', { subject: (d: OrderRequestedData) => d.subject_id, fields: ['shipping', 'payment'] });

export interface OrderState {
  exists: boolean;
  kind: OrderKind | null;
  status: OrderStatus | null;
  paymentStatus: PaymentStatus | null;
  totalCents: number;
  paidBySession: string | null;
  settledSessions: string[];
}

export type OrderCommand =
  | { type: 'RequestOrder'; data: OrderRequestedData }
  | { type: 'ChangeStatus'; orderId: string; to: OrderStatus; note: string; by: string }
  | { type: 'RecordPayment'; orderId: string; sessionId: string; amountCents: number; currency: string }
  | { type: 'RecordPaymentFailure'; orderId: string; sessionId: string; paymentStatus: 'failed' | 'expired'; reason: string };

export const order = {
  initialState: (): OrderState => ({
    exists: false,
    kind: null,
    status: null,
    paymentStatus: null,
    totalCents: 0,
    paidBySession: null,
    settledSessions: [],
  }),

  evolve(state: OrderState, event: OrderEvent): OrderState {
    switch (event.type) {
      case 'OrderRequested':
        return {
          ...state,
          exists: true,
          kind: event.data.kind,
          status: event.data.status,
          paymentStatus: event.data.payment_status,
          totalCents: event.data.total_cents,
        };
      case 'OrderStatusChanged':
        return { ...state, status: event.data.to };
      case 'OrderPaid':
        return {
          ...state,
          status: 'processing',
          paymentStatus: 'paid',
          paidBySession: event.data.session_id,
          settledSessions: [...state.settledSessions, event.data.session_id],
        };
      case 'OrderPaymentFailed':
        return { ...state, paymentStatus: event.data.payment_status, settledSessions: [...state.settledSessions, event.data.session_id] };
    }
  },

  decide(command: OrderCommand, state: OrderState): OrderEvent[] {
    switch (command.type) {
      case 'RequestOrder': {
        if (state.exists) throw new ConflictError('An order with this id already exists.');
        const d = command.data;
        const consultation = d.status === 'consultation_requested' && d.payment_status === 'pending_consultation';
        const card = d.status === 'pending' && d.payment_status === 'unpaid';
        if (!consultation && !card) throw new ConflictError('A new order is either a consultation request or an unpaid card order.');
        if (d.items.length === 0) throw new ConflictError('An order needs at least one item.');
        return [{ type: 'OrderRequested', data: d }];
      }
      case 'ChangeStatus': {
        if (!state.exists) throw new NotFoundError();
        const from = state.status as OrderStatus;
        if (from === command.to) return [];
        if (!canMoveOrder(from, command.to)) {
          throw new ConflictError(`An order cannot move from ${from} to ${command.to}.`);
        }
        return [{ type: 'OrderStatusChanged', data: { order_id: command.orderId, from, to: command.to, note: command.note, by: command.by } }];
      }
      case 'RecordPayment': {
        if (!state.exists) throw new NotFoundError();
        // The same session's payment is recorded once, however often it is reported.
        if (state.settledSessions.includes(command.sessionId) && state.paidBySession === command.sessionId) return [];
        if (state.paymentStatus === 'paid') {
          // A second session paid an already paid order: keep the record straight (staff refund by hand).
          throw new ConflictError('This order is already paid.');
        }
        if (state.kind !== 'card' || state.status !== 'pending') {
          throw new ConflictError(`A payment cannot be recorded for an order that is ${state.status}.`);
        }
        return [
          { type: 'OrderPaid', data: { order_id: command.orderId, session_id: command.sessionId, amount_cents: command.amountCents, currency: command.currency } },
        ];
      }
      case 'RecordPaymentFailure': {
        if (!state.exists) throw new NotFoundError();
        if (state.settledSessions.includes(command.sessionId)) return [];
        if (state.paymentStatus === 'paid' || state.status !== 'pending') return [];
        return [
          {
            type: 'OrderPaymentFailed',
            data: { order_id: command.orderId, session_id: command.sessionId, payment_status: command.paymentStatus, reason: command.reason },
          },
        ];
      }
    }
  },
};

/** A pending card order whose payment has not gone through may open a payment session. */
export function canOpenPaymentSession(state: OrderState): boolean {
  return state.exists && state.kind === 'card' && state.status === 'pending' && state.paymentStatus !== 'paid';
}
