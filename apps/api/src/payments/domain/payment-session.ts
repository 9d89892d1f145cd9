import {
  assertNever,
  PAYMENT_SUCCEEDED_VERSION,
  eventTypes,
  PAYMENT_EVENT_SCHEMAS,
  type PaymentCancelled,
  type PaymentDisputed,
  type PaymentEvent,
  type PaymentExpired,
  type PaymentFailed,
  type PaymentRefunded,
  type PaymentSessionOpened,
  type PaymentSucceeded,
  type ProviderEventReceived,
  type RestockLine,
} from '@facet/contracts';
import { BadInputError, ConflictError } from '../../platform/domain/errors';

// The events live in libs/contracts/src/events/payments.ts (issue 42); these names keep the part's imports.
export type {
  PaymentCancelled,
  PaymentDisputed,
  ProviderEventReceived,
  PaymentEvent,
  PaymentExpired,
  PaymentFailed,
  PaymentRefunded,
  PaymentSessionOpened,
  PaymentSucceeded,
  RestockLine,
};

export const PAYMENT_EVENT_TYPES = eventTypes(PAYMENT_EVENT_SCHEMAS);
export const paymentStream = (sessionId: string) => `payment-${sessionId}`;

export interface PaymentSessionState {
  opened: boolean;
  sessionId: string | null;
  orderId: string | null;
  amountCents: number;
  currency: string;
  outcome: 'open' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';
  /** The provider's disputes already recorded (each once). */
  disputes: string[];
  /** What was given back so far (cents), by how many refunds, with which provider refund ids. */
  refundedCents: number;
  refunds: number;
  refundIds: string[];
  /** Units staff said came back with earlier refunds, by variant (their restock_lines). */
  restocked: Record<string, number>;
}

/** Longest reason a staff refund keeps. */
export const REFUND_REASON_MAX = 500;

/**
 * Whether staff may refund amountCents of this session now: only a payment taken, never more than what is left of
 * what was captured. The same rule guards the provider call (before it) and the decider (at the revision appended).
 */
export function refundRefusal(state: PaymentSessionState, amountCents: number): string | null {
  if (!state.opened || (state.outcome !== 'paid' && state.outcome !== 'refunded')) return 'Only a payment that was taken can be refunded.';
  const left = state.amountCents - state.refundedCents;
  if (left <= 0) return 'This payment has been refunded in full already.';
  if (amountCents > left) return `Only ${left} cents of the ${state.amountCents} captured are left to refund; ${amountCents} asked.`;
  return null;
}

/** Most lines one refund restocks (an order holds far fewer). */
export const RESTOCK_LINES_MAX = 100;

/**
 * Whether these lines may go back to stock with a refund: each a variant the order bought (`ordered`: its units by
 * variant, from the order's own events), named once, at least 1 unit and at most what was bought less what earlier
 * refunds of this payment restocked. The reason (a 400 naming `lines`), or null. Checked before the provider is
 * asked and again by the decider at the revision appended, so refunds racing never restock more than was bought.
 */
export function restockRefusal(state: PaymentSessionState, lines: unknown, ordered: Readonly<Record<string, number>>): string | null {
  if (!Array.isArray(lines) || lines.length === 0) return 'lines must name the order lines that came back when restock is true';
  if (lines.length > RESTOCK_LINES_MAX) return `lines may name at most ${RESTOCK_LINES_MAX} lines`;
  const seen = new Set<string>();
  for (const line of lines as unknown[]) {
    const { variant_id: variantId, quantity } = (line ?? {}) as Partial<RestockLine>;
    if (typeof variantId !== 'string' || variantId === '') return 'lines[].variant_id must name a line of the order';
    if (seen.has(variantId)) return `lines names variant ${variantId} twice`;
    seen.add(variantId);
    if (!Object.prototype.hasOwnProperty.call(ordered, variantId)) return `lines names variant ${variantId}, which this order did not buy`;
    if (!Number.isSafeInteger(quantity) || (quantity as number) < 1) return 'lines[].quantity must be a whole number of units, at least 1';
    const left = ordered[variantId] - (state.restocked[variantId] ?? 0);
    if ((quantity as number) > left) {
      return `lines asks ${quantity} units of variant ${variantId} back; ${left} of the ${ordered[variantId]} bought are left to restock`;
    }
  }
  return null;
}

/** The session and order every event of a session after its opening names. */
const sessionOf = (state: PaymentSessionState) => ({ session_id: state.sessionId as string, order_id: state.orderId as string });

/** A PaymentRefunded of this session: its session, order and currency, with the refund's own fields. */
function refunded(state: PaymentSessionState, d: Omit<PaymentRefunded['data'], 'session_id' | 'order_id' | 'currency'>): PaymentRefunded {
  return { type: 'PaymentRefunded', data: { ...sessionOf(state), currency: state.currency, ...d } };
}

/** What the provider says about a session right now. */
export interface ProviderOutcome {
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'declined' | 'refunded';
  method?: string | null;
  reason?: string | null;
  /** The shopper cancelled it on the provider's page (it ended unpaid, status expired). */
  cancelled?: boolean;
  /** The last four digits of the card the provider charged or declined; null for a bank transfer or none yet. */
  cardLast4?: string | null;
  /** What the provider says it charged (cents) and in which currency, when it was asked (polling); a webhook's notice is judged before. */
  amountCents?: number;
  currency?: string;
}

/**
 * A provider's answer that names another amount or currency than the session asked for: why it must not be
 * applied (staff are told), or null. Only an answer that carries them is judged (the webhook's notices are
 * judged field by field in stripe-notice.ts, before they reach the decider).
 */
export function outcomeMismatch(state: PaymentSessionState, o: ProviderOutcome): string | null {
  if (o.amountCents === undefined && o.currency === undefined) return null;
  if (o.amountCents === state.amountCents && (o.currency ?? '').toLowerCase() === state.currency.toLowerCase()) return null;
  return (
    `The provider reported ${o.amountCents ?? '?'} ${o.currency ?? '?'} for session ${state.sessionId ?? '?'}; ` +
    `the shop asked for ${state.amountCents} ${state.currency}. Not applied.`
  );
}

export type PaymentCommand =
  | { type: 'OpenSession'; data: PaymentSessionOpened['data'] }
  | { type: 'Settle'; outcome: ProviderOutcome }
  | { type: 'RecordRefund'; refundId: string; reason: string }
  /**
   * A part refund made at the provider, not by the shop (Stripe's dashboard): the charge's refunded total as the
   * provider reports it, and its newest refund's id. Recorded as the part the total moved past what is recorded.
   */
  | { type: 'RecordProviderPartRefund'; refundId: string; refundedTotalCents: number; reason: string }
  /** A refund staff made, whole or in part, at the provider (refund number n of the session, its key refund:<session>:<n>). */
  | {
      type: 'RecordStaffRefund';
      number: number;
      refundId: string;
      amountCents: number;
      reason: string;
      by: string;
      restock: boolean;
      /** With restock: the lines that came back, and what the order bought by variant (from the order's own events). */
      restockLines?: readonly RestockLine[];
      ordered?: Readonly<Record<string, number>>;
    }
  | { type: 'RecordDispute'; disputeId: string; amountCents: number; currency: string; reason: string };

export const paymentSession = {
  initialState: (): PaymentSessionState => ({
    opened: false,
    sessionId: null,
    orderId: null,
    amountCents: 0,
    currency: 'usd',
    outcome: 'open',
    disputes: [],
    refundedCents: 0,
    refunds: 0,
    refundIds: [],
    restocked: {},
  }),

  evolve(state: PaymentSessionState, event: PaymentEvent): PaymentSessionState {
    switch (event.type) {
      case 'PaymentSessionOpened':
        return {
          ...state,
          opened: true,
          sessionId: event.data.session_id,
          orderId: event.data.order_id,
          amountCents: event.data.amount_cents,
          currency: event.data.currency,
        };
      case 'PaymentSucceeded':
        return { ...state, outcome: 'paid' };
      case 'PaymentFailed':
        return { ...state, outcome: 'failed' };
      case 'PaymentExpired':
        return { ...state, outcome: 'expired' };
      case 'PaymentCancelled':
        return { ...state, outcome: 'cancelled' };
      case 'PaymentRefunded': {
        // A whole refund from before part refunds carries no total: it gave everything back.
        const refundedCents = event.data.refunded_total_cents ?? state.amountCents;
        return {
          ...state,
          refundedCents,
          refunds: state.refunds + 1,
          refundIds: [...state.refundIds, event.data.refund_id],
          outcome: refundedCents >= state.amountCents ? 'refunded' : state.outcome,
          restocked: withRestocked(state.restocked, event.data.restock_lines),
        };
      }
      case 'PaymentDisputed':
        return { ...state, disputes: [...state.disputes, event.data.dispute_id] };
      case 'ProviderEventReceived':
        return state; // on its own stream, never a session's
      default:
        return assertNever(event);
    }
  },

  /** A session is settled once: the first outcome that is not 'open' is recorded, later reports change nothing. */
  decide(command: PaymentCommand, state: PaymentSessionState): PaymentEvent[] {
    switch (command.type) {
      case 'OpenSession':
        if (state.opened) throw new ConflictError('This payment session already exists.');
        return [{ type: 'PaymentSessionOpened', data: command.data }];
      case 'Settle': {
        if (!state.opened || state.outcome !== 'open') return [];
        // Polling checks what was charged as the webhook does: another amount or currency is never applied.
        if (outcomeMismatch(state, command.outcome) !== null) return [];
        const base = sessionOf(state);
        const o = command.outcome;
        // Refunded means it was paid first: record the payment (the order then has it refunded, once).
        if (o.paymentStatus === 'paid' || o.paymentStatus === 'refunded') {
          const card = typeof o.cardLast4 === 'string' && /^[0-9]{4}$/.test(o.cardLast4) ? o.cardLast4 : null;
          return [
            {
              type: 'PaymentSucceeded',
              schemaVersion: PAYMENT_SUCCEEDED_VERSION,
              data: { ...base, amount_cents: state.amountCents, currency: state.currency, method: o.method ?? 'card', card_last_4: card },
            },
          ];
        }
        if (o.paymentStatus === 'declined') {
          return [{ type: 'PaymentFailed', data: { ...base, reason: o.reason ?? 'The card was declined.' } }];
        }
        // The shopper's own cancel is a cancel, not a session that ran out.
        if (o.status === 'expired' && o.cancelled) return [{ type: 'PaymentCancelled', data: base }];
        if (o.status === 'expired') return [{ type: 'PaymentExpired', data: o.reason ? { ...base, reason: o.reason } : base }];
        return [];
      }
      case 'RecordRefund': {
        // The whole payment (what is left of it) back, once: a paid session only, a refund id recorded once.
        if (state.outcome !== 'paid' || state.refundIds.includes(command.refundId)) return [];
        return [
          refunded(state, {
            amount_cents: state.amountCents - state.refundedCents,
            refund_id: command.refundId,
            reason: command.reason,
            ...(state.refunds > 0 ? { refunded_total_cents: state.amountCents } : {}),
          }),
        ];
      }
      case 'RecordProviderPartRefund': {
        // Once per refund id; a notice older than what is recorded (a total already reached) changes nothing.
        if (state.outcome !== 'paid' || state.refundIds.includes(command.refundId)) return [];
        const total = command.refundedTotalCents;
        if (!Number.isSafeInteger(total) || total <= state.refundedCents || total >= state.amountCents) return [];
        return [
          refunded(state, {
            amount_cents: total - state.refundedCents,
            refund_id: command.refundId,
            reason: command.reason,
            refunded_total_cents: total,
          }),
        ];
      }
      case 'RecordStaffRefund': {
        if (state.refundIds.includes(command.refundId)) return []; // the same refund recorded once
        // Decided at the revision the refund's number was taken at: another refund meanwhile is a conflict to retry.
        if (command.number !== state.refunds + 1)
          throw new ConflictError(`Refund ${command.number} was taken by another request; refunds so far: ${state.refunds}.`);
        if (!Number.isSafeInteger(command.amountCents) || command.amountCents < 1)
          throw new BadInputError('amount must be a whole number of cents, at least 1.', 'amount');
        const refusal = refundRefusal(state, command.amountCents);
        if (refusal) throw new ConflictError(refusal);
        const lines = command.restock ? (command.restockLines ?? null) : null;
        if (command.restock) {
          const restock = restockRefusal(state, lines, command.ordered ?? {});
          if (restock) throw new BadInputError(restock, 'lines');
        }
        return [
          refunded(state, {
            amount_cents: command.amountCents,
            refund_id: command.refundId,
            reason: command.reason,
            refund_number: command.number,
            refunded_total_cents: state.refundedCents + command.amountCents,
            by: command.by,
            restock: command.restock,
            ...(lines ? { restock_lines: lines.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity })) } : {}),
          }),
        ];
      }
      case 'RecordDispute': {
        // A dispute only concerns money taken; each is recorded once, whatever the order of the notices.
        if (!state.opened || (state.outcome !== 'paid' && state.outcome !== 'refunded')) return [];
        if (state.disputes.includes(command.disputeId)) return [];
        return [
          {
            type: 'PaymentDisputed',
            data: {
              ...sessionOf(state),
              dispute_id: command.disputeId,
              amount_cents: command.amountCents,
              currency: command.currency,
              reason: command.reason,
            },
          },
        ];
      }
    }
  },
};

/** The units restocked so far, with a refund's lines added (a refund without lines adds none). */
function withRestocked(restocked: Record<string, number>, lines: readonly RestockLine[] | undefined): Record<string, number> {
  if (!lines?.length) return restocked;
  const next = { ...restocked };
  for (const l of lines) next[l.variant_id] = (next[l.variant_id] ?? 0) + l.quantity;
  return next;
}
