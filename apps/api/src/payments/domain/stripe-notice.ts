import { PaymentSessionState, ProviderOutcome } from './payment-session';

/** The Stripe event types the webhook applies; every other well-signed type is recorded and changes nothing. */
export const STRIPE_CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
export const STRIPE_CHARGE_EVENTS = ['charge.refunded', 'charge.dispute.created'] as const;
export const STRIPE_WEBHOOK_EVENTS = [...STRIPE_CHECKOUT_EVENTS, ...STRIPE_CHARGE_EVENTS] as const;

/** What a checkout.session.* notice says, checked field by field before anything reads it. */
export interface CheckoutNotice {
  type: (typeof STRIPE_CHECKOUT_EVENTS)[number];
  sessionId: string;
  orderId: string | null;
  amountTotal: number | null;
  currency: string | null;
  paymentStatus: string | null;
}

/** What the webhook does with a notice: settle the session with the provider's word, nothing, or tell staff why not. */
export type NoticeVerdict =
  { kind: 'settle'; outcome: ProviderOutcome } | { kind: 'none'; note: string } | { kind: 'problem'; problem: string };

// Every string the shop keeps from a notice has the shape Stripe documents for it, so nothing it carries (a NUL,
// a lone surrogate, markup) reaches the log, a read model or a staff alert: an id, a code, a currency.
const STRIPE_OBJECT_ID = /^[A-Za-z0-9_]{1,255}$/;
const CODE = /^[a-z_]{1,40}$/;
const CURRENCY = /^[A-Za-z]{3}$/;
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An event type as Stripe spells them (`charge.dispute.created`); any other is not recorded. */
export const STRIPE_EVENT_TYPE = /^[a-z_]{1,40}(\.[a-z_]{1,40}){1,4}$/;
const str = (v: unknown, shape: RegExp): string | null => (typeof v === 'string' && shape.test(v) ? v : null);
/** What a notice names as its order when the name is not an order id: it is judged a mismatch, never kept. */
export const NOT_AN_ORDER_ID = '(not an order id)';
const orderRef = (v: unknown): string | null => (typeof v !== 'string' || v === '' ? null : ORDER_ID.test(v) ? v : NOT_AN_ORDER_ID);
const cents = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);

/**
 * The checkout.session.* fields the shop reads, from the event's object (which the signature vouches for, but
 * whose shape is still checked: nothing of it reaches the log unchecked). Null: not a checkout session.
 */
export function readCheckoutNotice(type: string, object: unknown): CheckoutNotice | null {
  if (!(STRIPE_CHECKOUT_EVENTS as readonly string[]).includes(type)) return null;
  if (!object || typeof object !== 'object') return null;
  const o = object as Record<string, unknown>;
  const sessionId = str(o.id, STRIPE_OBJECT_ID);
  if (o.object !== 'checkout.session' || !sessionId || !/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) return null;
  const metadata = o.metadata && typeof o.metadata === 'object' ? (o.metadata as Record<string, unknown>) : {};
  return {
    type: type as CheckoutNotice['type'],
    sessionId,
    orderId: orderRef(metadata.order_id) ?? orderRef(o.client_reference_id),
    amountTotal: cents(o.amount_total),
    currency: str(o.currency, CURRENCY),
    paymentStatus: str(o.payment_status, CODE),
  };
}

/**
 * A checkout notice against the session as the log has it (its own stream, never a read model, so a notice
 * that comes before the order's read model caught up is applied all the same). It must name a session the
 * shop opened, for the same order, amount and currency; otherwise it is not applied and staff are told. The
 * session decider settles once: a redelivered or late notice (completed after async_payment_succeeded, expired
 * after paid) changes nothing.
 */
export function judgeCheckoutNotice(state: PaymentSessionState, n: CheckoutNotice): NoticeVerdict {
  if (!state.opened) return { kind: 'problem', problem: `Stripe named checkout session ${n.sessionId}, which this shop never opened.` };
  if (n.orderId !== null && n.orderId !== state.orderId) {
    return {
      kind: 'problem',
      problem: `Stripe named order ${n.orderId} for session ${n.sessionId}, which belongs to order ${state.orderId}.`,
    };
  }
  if (n.amountTotal !== state.amountCents || (n.currency ?? '').toLowerCase() !== state.currency.toLowerCase()) {
    return {
      kind: 'problem',
      problem:
        `Stripe reported ${n.amountTotal ?? '?'} ${n.currency ?? '?'} for session ${n.sessionId}; ` +
        `the shop asked for ${state.amountCents} ${state.currency}. Not applied.`,
    };
  }
  switch (n.type) {
    case 'checkout.session.completed':
      if (n.paymentStatus === 'paid') return { kind: 'settle', outcome: { status: 'complete', paymentStatus: 'paid', method: 'card' } };
      // An async method (a bank debit): the order waits for async_payment_succeeded or _failed.
      if (n.paymentStatus === 'unpaid') return { kind: 'none', note: 'awaiting an asynchronous payment' };
      return { kind: 'problem', problem: `Stripe completed session ${n.sessionId} as ${n.paymentStatus ?? 'unknown'}, not paid.` };
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'settle', outcome: { status: 'complete', paymentStatus: 'paid', method: 'async' } };
    case 'checkout.session.async_payment_failed':
      return {
        kind: 'settle',
        outcome: { status: 'complete', paymentStatus: 'declined', reason: 'The payment did not go through.', method: 'async' },
      };
    case 'checkout.session.expired':
      return { kind: 'settle', outcome: { status: 'expired', paymentStatus: 'unpaid' } };
  }
}

/** A charge.refunded or charge.dispute.created notice: the charge's (or dispute's) payment intent and amounts. */
export interface ChargeNotice {
  type: (typeof STRIPE_CHARGE_EVENTS)[number];
  objectId: string;
  paymentIntent: string;
  amount: number;
  amountRefunded: number;
  fullyRefunded: boolean;
  currency: string;
  refundId: string | null;
  /** The newest refund was asked by this shop (its refunds carry metadata.session_id): the shop records it itself. */
  refundByShop: boolean;
  reason: string;
}

export function readChargeNotice(type: string, object: unknown): ChargeNotice | null {
  if (!(STRIPE_CHARGE_EVENTS as readonly string[]).includes(type)) return null;
  if (!object || typeof object !== 'object') return null;
  const o = object as Record<string, unknown>;
  const objectId = str(o.id, STRIPE_OBJECT_ID);
  const paymentIntent = str(o.payment_intent, STRIPE_OBJECT_ID);
  const amount = cents(o.amount);
  const currency = str(o.currency, CURRENCY);
  const expected = type === 'charge.refunded' ? 'charge' : 'dispute';
  if (
    o.object !== expected ||
    !objectId ||
    !paymentIntent ||
    !/^pi_[A-Za-z0-9_]{1,250}$/.test(paymentIntent) ||
    amount === null ||
    !currency
  )
    return null;
  const refunds = o.refunds && typeof o.refunds === 'object' ? (o.refunds as { data?: unknown }).data : null;
  const newest = Array.isArray(refunds) && refunds[0] && typeof refunds[0] === 'object' ? (refunds[0] as Record<string, unknown>) : null;
  const firstRefund = newest ? str(newest.id, STRIPE_OBJECT_ID) : null;
  const metadata = newest?.metadata && typeof newest.metadata === 'object' ? (newest.metadata as Record<string, unknown>) : null;
  return {
    type: type as ChargeNotice['type'],
    objectId,
    paymentIntent,
    amount,
    amountRefunded: cents(o.amount_refunded) ?? 0,
    fullyRefunded: o.refunded === true,
    currency,
    refundId: firstRefund,
    refundByShop: typeof metadata?.session_id === 'string',
    reason: str(o.reason, CODE) ?? 'unknown',
  };
}
