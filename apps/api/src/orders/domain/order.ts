import {
  assertNever,
  canMoveOrder,
  carrierById,
  isTrackingNumber,
  OrderKind,
  OrderLineData,
  ORDER_PAID_VERSION,
  OrderPaymentDetails,
  OrderRequestedData,
  OrderShipmentData,
  OrderShipping,
  OrderStatus,
  PAYABLE_ORDER_STATUSES,
  PaymentStatus,
  eventTypes,
  ORDER_EVENT_SCHEMAS,
  type ConsultationHoldConfirmed,
  type ConsultationHoldLapsed,
  type OrderCheckoutOpened,
  type OrderEvent,
  type OrderExpired,
  type OrderNoteAdded,
  type OrderPaid,
  type OrderPaymentFailed,
  type OrderPaymentRejected,
  type OrderRefundRequested,
  type OrderRequested,
  type OrderStatusChanged,
} from '@facet/contracts';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { guestSubject, registerPersonalFields } from '../../platform/privacy/personal-fields';

// The events' data types live in libs/contracts/src/events/orders.ts (issue 42); these names keep the part's imports.
export type { OrderLineData as OrderLine, OrderPaymentDetails as PaymentDetails, OrderRequestedData, OrderShipmentData };
/** The shipping block: personal data, sealed under the order's data subject (the wire's shape). */
export type ShippingDetails = OrderShipping;

export type {
  ConsultationHoldConfirmed,
  ConsultationHoldLapsed,
  OrderCheckoutOpened,
  OrderEvent,
  OrderExpired,
  OrderNoteAdded,
  OrderPaid,
  OrderPaymentFailed,
  OrderPaymentRejected,
  OrderRefundRequested,
  OrderRequested,
  OrderStatusChanged,
};

export const ORDER_EVENT_TYPES = eventTypes(ORDER_EVENT_SCHEMAS);

export const orderStream = (id: string) => `order-${id}`;

/**
 * What a new order is by its statuses: a consultation request (consultation_requested with
 * pending_consultation) or a card order (pending with unpaid); null for anything else. The one rule, used
 * by the place-order handler (to answer 400) and by the decider (its invariant).
 */
export function newOrderKind(status: string, paymentStatus: string): OrderKind | null {
  if (status === 'consultation_requested' && paymentStatus === 'pending_consultation') return 'consultation';
  if (status === 'pending' && paymentStatus === 'unpaid') return 'card';
  return null;
}

/** The statuses a new order asks for, each defaulted from the other (a consultation, or else a card order). */
export function requestedStatuses(status?: string, paymentStatus?: string): { status: string; paymentStatus: string } {
  const s = status ?? (paymentStatus === 'pending_consultation' ? 'consultation_requested' : 'pending');
  return { status: s, paymentStatus: paymentStatus ?? (s === 'consultation_requested' ? 'pending_consultation' : 'unpaid') };
}

export function orderSubject(customerId: string | null, email: string): string {
  return customerId ? `customer:${customerId}` : guestSubject(email);
}

// An engraving ("Love, Ada") and a tracking number are the person's too (sealed since issue 49; older events hold
// them in clear text, redacted on read once the subject is erased, and blanked in rm.orders by its projection).
registerPersonalFields('OrderRequested', {
  subject: (d: OrderRequestedData) => d.subject_id,
  fields: ['shipping', 'payment', 'items[].engraving'],
  clearBefore: ['items[].engraving'],
});
// Staff notes name people ("Called Ms ... on +1 ..."): sealed under the order's subject, erased with it.
registerPersonalFields('OrderStatusChanged', {
  subject: (d: { subject_id?: string }) => d.subject_id ?? 'order-without-subject',
  fields: ['note', 'shipment.tracking_number'],
  clearBefore: ['shipment.tracking_number'],
});
registerPersonalFields('OrderNoteAdded', {
  subject: (d: { subject_id?: string }) => d.subject_id ?? 'order-without-subject',
  fields: ['note'],
});

/** One line of what an order costs (cents): a piece, or the shipping or tax. */
export interface OrderCharge {
  name: string;
  unitAmountCents: number;
  quantity: number;
}

/** The lines of an order's total: each piece, then shipping and tax when not nothing; they add up to total_cents. */
export function orderCharges(d: {
  items: { product_name: string; unit_price_cents: number; quantity: number }[];
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
}): OrderCharge[] {
  const lines: OrderCharge[] = d.items.map((i) => ({ name: i.product_name, unitAmountCents: i.unit_price_cents, quantity: i.quantity }));
  if (d.shipping_cents > 0) lines.push({ name: 'Shipping', unitAmountCents: d.shipping_cents, quantity: 1 });
  if (d.tax_cents > 0) lines.push({ name: 'Tax', unitAmountCents: d.tax_cents, quantity: 1 });
  return lines;
}

export interface OrderState {
  exists: boolean;
  kind: OrderKind | null;
  status: OrderStatus | null;
  paymentStatus: PaymentStatus | null;
  totalCents: number;
  paidBySession: string | null;
  /** What the paying session took (OrderPaid), given back when a paid order is cancelled. */
  paid: { amountCents: number; currency: string } | null;
  settledSessions: string[];
  /** Whose personal data the order holds: staff notes are sealed under it too. */
  subjectId: string | null;
  /** Sessions opened through OrderCheckoutOpened (orders from before it existed have none). */
  sessions: string[];
  /** The one session a shopper may pay now, until it is paid, fails or expires. */
  openSession: { id: string; url: string; expiresAt: string } | null;
  rejectedSessions: string[];
  payBy: string | null;
  /** What the total is made of, as the server priced it (cents): a card provider shows them as line items. */
  charges: OrderCharge[];
  /** The last staff note and who wrote it: the same note sent again (a double click, a retry) is not added twice. */
  lastNote: { note: string; by: string } | null;
  /** A consultation request's hold: confirmed by staff (kept until converted or closed) or lapsed (units released). */
  hold: 'open' | 'confirmed' | 'lapsed';
}

export type OrderCommand =
  | { type: 'RequestOrder'; data: OrderRequestedData }
  | {
      type: 'ChangeStatus';
      orderId: string;
      to: OrderStatus;
      note: string;
      by: string;
      /** Show the note to the customer (issue 41). */
      shared?: boolean;
      /** Required on a move to shipped, refused with any other. */
      shipment?: OrderShipmentData;
    }
  | {
      type: 'RecordPayment';
      orderId: string;
      sessionId: string;
      amountCents: number;
      currency: string;
      /** The last four digits of the card the provider charged (PaymentSucceeded's); null when none or not known. */
      cardLast4?: string | null;
      /** The order's personal data was erased (its customer deleted their account): nobody to deliver to. */
      detailsErased?: boolean;
    }
  /**
   * The provider gave the paying session's whole payment back on its own (a refund made in Stripe's dashboard):
   * the order moves as a staff refund moves it (cancelled when it still may be, its payment refunded), once.
   */
  | {
      type: 'RecordProviderRefund';
      orderId: string;
      sessionId: string;
      amountCents: number;
      currency: string;
      reason: string;
      by: string;
      /** What the session has given back in all (a staff part refund's); the order moves only once it is all it paid. */
      refundedTotalCents?: number;
    }
  | { type: 'RecordPaymentFailure'; orderId: string; sessionId: string; paymentStatus: 'failed' | 'expired' | 'cancelled'; reason: string }
  | { type: 'OpenCheckout'; orderId: string; sessionId: string; url: string; expiresAt: string; replaces: string | null }
  | { type: 'Expire'; orderId: string; reason: string }
  /** Staff keep an open consultation request's units held past CONSULTATION_HOLD_HOURS. */
  | { type: 'ConfirmHold'; orderId: string; by: string }
  /** The hold's time is up (the delayed job): an open, unconfirmed consultation request's units are released. */
  | { type: 'LapseHold'; orderId: string; heldSince: string; holdHours: number };

/** A consultation request staff still follow (its units held): requested, contacted or quoted, not converted or closed. */
const openConsultation = (state: OrderState) =>
  state.exists && state.kind === 'consultation' && ['consultation_requested', 'contacted', 'quoted'].includes(state.status ?? '');

const payable = (state: OrderState) =>
  state.exists && state.kind === 'card' && PAYABLE_ORDER_STATUSES.includes(state.status as OrderStatus) && state.paymentStatus !== 'paid';

const closeSession = (state: OrderState, sessionId: string) => (state.openSession?.id === sessionId ? null : state.openSession);

export const order = {
  initialState: (): OrderState => ({
    exists: false,
    kind: null,
    status: null,
    paymentStatus: null,
    totalCents: 0,
    paidBySession: null,
    paid: null,
    settledSessions: [],
    subjectId: null,
    sessions: [],
    openSession: null,
    rejectedSessions: [],
    payBy: null,
    charges: [],
    lastNote: null,
    hold: 'open',
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
          subjectId: event.data.subject_id ?? null,
          payBy: event.data.pay_by ?? null,
          charges: orderCharges(event.data),
        };
      case 'OrderStatusChanged':
        return {
          ...state,
          status: event.data.to,
          openSession: event.data.to === 'cancelled' ? null : state.openSession,
          lastNote: event.data.note ? { note: event.data.note, by: event.data.by } : state.lastNote,
        };
      case 'OrderNoteAdded':
        return { ...state, lastNote: { note: event.data.note, by: event.data.by } };
      case 'OrderPaid':
        return {
          ...state,
          status: 'processing',
          paymentStatus: 'paid',
          paidBySession: event.data.session_id,
          paid: { amountCents: event.data.amount_cents, currency: event.data.currency },
          settledSessions: [...state.settledSessions, event.data.session_id],
          openSession: null,
        };
      case 'OrderPaymentFailed':
        return {
          ...state,
          status: state.status === 'pending' ? 'awaiting_payment' : state.status,
          paymentStatus: event.data.payment_status,
          settledSessions: [...state.settledSessions, event.data.session_id],
          openSession: closeSession(state, event.data.session_id),
        };
      case 'OrderCheckoutOpened':
        return {
          ...state,
          sessions: [...state.sessions, event.data.session_id],
          openSession: { id: event.data.session_id, url: event.data.url, expiresAt: event.data.expires_at },
        };
      case 'OrderExpired':
        return { ...state, status: 'expired', paymentStatus: 'expired', openSession: null };
      case 'OrderPaymentRejected':
        return {
          ...state,
          rejectedSessions: [...state.rejectedSessions, event.data.session_id],
          paymentStatus: state.paymentStatus === 'paid' ? 'paid' : 'refunded',
          openSession: closeSession(state, event.data.session_id),
        };
      case 'OrderRefundRequested':
        return { ...state, paymentStatus: 'refunded' };
      case 'ConsultationHoldConfirmed':
        return { ...state, hold: 'confirmed' };
      case 'ConsultationHoldLapsed':
        return { ...state, hold: 'lapsed' };
      default:
        return assertNever(event);
    }
  },

  decide(command: OrderCommand, state: OrderState): OrderEvent[] {
    switch (command.type) {
      case 'RequestOrder': {
        if (state.exists) throw new ConflictError('An order with this id already exists.');
        const d = command.data;
        if (newOrderKind(d.status, d.payment_status) === null)
          throw new ConflictError('A new order is either a consultation request or an unpaid card order.');
        if (d.items.length === 0) throw new ConflictError('An order needs at least one item.');
        return [{ type: 'OrderRequested', data: d }];
      }
      case 'ChangeStatus': {
        if (!state.exists) throw new NotFoundError();
        const from = state.status as OrderStatus;
        const shipping = from !== command.to && command.to === 'shipped';
        if (!shipping && command.shipment) throw new BadInputError('A carrier and tracking number go only with marking an order shipped.');
        // Shared only with a note to share; absent (not false) otherwise, as on older events.
        const shared = command.shared && command.note ? { shared: true as const } : {};
        if (from === command.to) {
          // The status it has, with a note: the note is recorded (once, however often the same is sent).
          if (!command.note || (state.lastNote?.note === command.note && state.lastNote.by === command.by)) return [];
          return [
            {
              type: 'OrderNoteAdded',
              data: {
                order_id: command.orderId,
                status: from,
                note: command.note,
                by: command.by,
                subject_id: state.subjectId ?? 'order-without-subject',
                ...shared,
              },
            },
          ];
        }
        if (!canMoveOrder(from, command.to)) {
          throw new ConflictError(`An order cannot move from ${from} to ${command.to}.`);
        }
        if (shipping && !command.shipment)
          throw new BadInputError('Choose the carrier and enter the tracking number to mark the order shipped.');
        if (command.shipment && (!carrierById(command.shipment.carrier) || !isTrackingNumber(command.shipment.tracking_number)))
          throw new BadInputError('Choose a carrier from the list and a tracking number of 6 to 40 letters and digits.');
        const changed: OrderEvent = {
          type: 'OrderStatusChanged',
          data: {
            order_id: command.orderId,
            from,
            to: command.to,
            note: command.note,
            by: command.by,
            subject_id: state.subjectId ?? 'order-without-subject',
            ...shared,
            ...(shipping ? { shipment: command.shipment } : {}),
          },
        };
        // A paid order that is cancelled gives its money back (in the same append: never cancelled yet unrefunded).
        if (command.to === 'cancelled' && state.paymentStatus === 'paid' && state.paidBySession) {
          return [
            changed,
            {
              type: 'OrderRefundRequested',
              data: {
                order_id: command.orderId,
                session_id: state.paidBySession,
                amount_cents: state.paid?.amountCents ?? state.totalCents,
                currency: state.paid?.currency ?? 'usd',
                reason: 'The order was cancelled.',
              },
            },
          ];
        }
        return [changed];
      }
      case 'RecordPayment': {
        if (!state.exists) throw new NotFoundError();
        // The same session's payment is recorded once, however often it is reported.
        if (state.paidBySession === command.sessionId || state.rejectedSessions.includes(command.sessionId)) return [];
        if (!payable(state) || command.detailsErased) {
          // Money for an order that cannot take it (paid by another session, cancelled, expired, or its
          // details erased with its customer's account): refund it.
          const reason =
            state.paymentStatus === 'paid'
              ? 'The order was already paid by another session.'
              : payable(state)
                ? ERASED_ORDER_MESSAGE
                : `The order is ${state.status} and can no longer be paid.`;
          return [
            {
              type: 'OrderPaymentRejected',
              data: {
                order_id: command.orderId,
                session_id: command.sessionId,
                amount_cents: command.amountCents,
                currency: command.currency,
                reason,
              },
            },
          ];
        }
        return [
          {
            type: 'OrderPaid',
            schemaVersion: ORDER_PAID_VERSION,
            data: {
              order_id: command.orderId,
              session_id: command.sessionId,
              amount_cents: command.amountCents,
              currency: command.currency,
              card_last_4: typeof command.cardLast4 === 'string' && /^[0-9]{4}$/.test(command.cardLast4) ? command.cardLast4 : null,
            },
          },
        ];
      }
      case 'RecordProviderRefund': {
        if (!state.exists) throw new NotFoundError();
        // Only the paying session's refund moves the order, once: a rejected session's, or one after the order's own refund, changes nothing.
        if (state.paidBySession !== command.sessionId || state.paymentStatus !== 'paid') return [];
        // A part refund moves only the money (rm.orders.refunded_cents); the sum reaching what was paid moves the order.
        const paidCents = state.paid?.amountCents ?? state.totalCents;
        if (command.refundedTotalCents !== undefined && command.refundedTotalCents < paidCents) return [];
        const from = state.status as OrderStatus;
        const refund: OrderEvent = {
          type: 'OrderRefundRequested',
          data: {
            order_id: command.orderId,
            session_id: command.sessionId,
            amount_cents: command.refundedTotalCents ?? command.amountCents,
            currency: command.currency,
            reason: command.reason,
          },
        };
        if (!canMoveOrder(from, 'cancelled')) return [refund]; // shipped or delivered: the piece is out, only the money moved
        return [
          {
            type: 'OrderStatusChanged',
            data: {
              order_id: command.orderId,
              from,
              to: 'cancelled',
              note: command.reason,
              by: command.by,
              subject_id: state.subjectId ?? 'order-without-subject',
            },
          },
          refund,
        ];
      }
      case 'RecordPaymentFailure': {
        if (!state.exists) throw new NotFoundError();
        if (state.settledSessions.includes(command.sessionId) || state.rejectedSessions.includes(command.sessionId)) return [];
        if (!payable(state)) return [];
        // A session the order never handed out (an opener that lost the race) says nothing about the order.
        if (state.sessions.length > 0 && !state.sessions.includes(command.sessionId)) return [];
        return [
          {
            type: 'OrderPaymentFailed',
            data: {
              order_id: command.orderId,
              session_id: command.sessionId,
              payment_status: command.paymentStatus,
              reason: command.reason,
            },
          },
        ];
      }
      case 'OpenCheckout': {
        if (!state.exists) throw new NotFoundError();
        if (!payable(state)) throw new ConflictError(unpayableMessage(state));
        // At most one open session: the caller must have seen (and checked closed) the one it replaces.
        if ((state.openSession?.id ?? null) !== command.replaces)
          throw new ConflictError('A checkout session for this order was opened meanwhile.');
        return [
          {
            type: 'OrderCheckoutOpened',
            data: {
              order_id: command.orderId,
              session_id: command.sessionId,
              url: command.url,
              expires_at: command.expiresAt,
              replaces: command.replaces,
            },
          },
        ];
      }
      case 'Expire': {
        if (!state.exists) throw new NotFoundError();
        if (!payable(state)) return [];
        return [{ type: 'OrderExpired', data: { order_id: command.orderId, pay_by: state.payBy, reason: command.reason } }];
      }
      case 'ConfirmHold': {
        if (!state.exists) throw new NotFoundError();
        if (state.kind !== 'consultation') throw new ConflictError('Only a consultation request holds its pieces for staff to confirm.');
        if (!openConsultation(state))
          throw new ConflictError(`The consultation request is ${state.status}: its hold can no longer be confirmed.`);
        if (state.hold === 'lapsed')
          throw new ConflictError('The hold already lapsed and its pieces were released; place a new request to hold them again.');
        if (state.hold === 'confirmed') return [];
        return [{ type: 'ConsultationHoldConfirmed', data: { order_id: command.orderId, by: command.by } }];
      }
      case 'LapseHold': {
        if (!state.exists) throw new NotFoundError();
        if (!openConsultation(state) || state.hold !== 'open') return [];
        return [
          {
            type: 'ConsultationHoldLapsed',
            data: { order_id: command.orderId, held_since: command.heldSince, hold_hours: command.holdHours },
          },
        ];
      }
    }
  },
};

/** A pending or awaiting-payment card order whose payment has not gone through may open a payment session. */
export function canOpenPaymentSession(state: OrderState): boolean {
  return payable(state);
}

export const ERASED_ORDER_MESSAGE =
  'This order can no longer be paid: its name and address were erased with the account it was placed from. Please place a new order.';

export function unpayableMessage(state: OrderState): string {
  if (state.paymentStatus === 'paid') return 'This order is already paid.';
  if (state.status === 'expired') return 'This order expired unpaid. Please place a new order.';
  if (state.status === 'cancelled') return 'This order was cancelled.';
  return 'Only a pending, unpaid card order can be paid.';
}
