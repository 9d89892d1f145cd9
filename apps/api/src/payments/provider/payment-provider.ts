/**
 * The payment-provider port. Facet asks a provider for a hosted checkout session and later asks how it
 * ended; amounts are integer cents, as card providers speak them. The built-in sandbox provider is the default.
 */
export interface CreateSessionInput {
  orderId: string;
  amountCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** What the amount is made of, as the server priced it (cents; they add up to amountCents). */
  lines?: { name: string; unitAmountCents: number; quantity: number }[];
  /**
   * Derived from the command that opens it: the same command retried opens the same session at the provider
   * (an outside provider's Idempotency-Key), never a second one.
   */
  idempotencyKey?: string;
}

export interface ProviderSession {
  id: string;
  orderId: string;
  amountCents: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'declined' | 'refunded';
  method: string | null;
  reason: string | null;
  /** The shopper cancelled it on the provider's page (status expired, nothing charged). */
  cancelled: boolean;
  /** The last four digits of the card paid or declined with, as the provider reports them; null otherwise. */
  cardLast4: string | null;
  expiresAt: Date;
}

/** A staff refund's amount (cents) and the Idempotency-Key derived from its command. */
export interface RefundPart {
  amountCents: number;
  key: string;
}

/** The refund's Idempotency-Key was used for another amount (another request took that refund number): read again, try the next. */
export class RefundKeyTaken extends Error {}

export interface PaymentProvider {
  readonly name: string;
  createSession(input: CreateSessionInput): Promise<{ id: string; url: string }>;
  /** The session as the provider sees it now; null when it does not know it. */
  getSession(id: string): Promise<ProviderSession | null>;
  /** Ends an open session so that it can no longer be paid (no-op when it already ended). */
  expireSession(id: string): Promise<void>;
  /**
   * Gives a paid session's money back: all that is left of it, or `part.amountCents` under the command's own
   * Idempotency-Key (`part.key`, refund:<session>:<n>); repeated calls with the same key return the same refund.
   */
  refund(id: string, reason: string, part?: RefundPart): Promise<{ refundId: string }>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/**
 * Settings of the payment flow (env: PAYMENT_SESSION_TTL_SECONDS, PAYMENT_POLL_INTERVAL_MS). A session lasts
 * sessionTtlMs (30 minutes) but never past its order's pay-by time, which orders sets from the same setting
 * (order-settings.ts): when the session ends, the order expires and its pieces are released.
 */
export interface PaymentSettings {
  sessionTtlMs: number;
  pollIntervalMs: number;
}

export const PAYMENT_SETTINGS = Symbol('PAYMENT_SETTINGS');

export function loadPaymentSettings(env: NodeJS.ProcessEnv = process.env): PaymentSettings {
  const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d);
  return {
    sessionTtlMs: num(env.PAYMENT_SESSION_TTL_SECONDS, 30 * 60) * 1000,
    pollIntervalMs: num(env.PAYMENT_POLL_INTERVAL_MS, 2000),
  };
}
