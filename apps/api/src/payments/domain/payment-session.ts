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
} from '@facet/contracts';
import { ConflictError } from '../../platform/domain/errors';

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
      case 'PaymentRefunded':
        return { ...state, outcome: 'refunded' };
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
        const base = { session_id: state.sessionId as string, order_id: state.orderId as string };
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
        // Only a paid session is refunded, once.
        if (state.outcome !== 'paid') return [];
        return [
          {
            type: 'PaymentRefunded',
            data: {
              session_id: state.sessionId as string,
              order_id: state.orderId as string,
              amount_cents: state.amountCents,
              currency: state.currency,
              refund_id: command.refundId,
              reason: command.reason,
            },
          },
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
              session_id: state.sessionId as string,
              order_id: state.orderId as string,
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
