import { ONLINE_ORDER_LIMIT_CENTS } from '@facet/contracts';

/**
 * Settings of orders (env: PAYMENT_SESSION_TTL_SECONDS, UNPAID_ORDER_TTL_SECONDS, ONLINE_ORDER_LIMIT_DOLLARS), read
 * once when the app is built.
 */
export interface OrderSettings {
  /**
   * An unpaid card order expires this long after it was placed, and its held pieces are released: its payment
   * session's lifetime (PAYMENT_SESSION_TTL_SECONDS, default 30 minutes; no session outlasts the order's pay-by
   * time). UNPAID_ORDER_TTL_SECONDS, when set, overrides it (never beyond: a session still ends at the pay-by time).
   */
  unpaidOrderTtlMs: number;
  /** Card orders above this total are steered to a consultation (default $50,000). */
  onlineOrderLimitCents: number;
}

export const ORDER_SETTINGS = Symbol('ORDER_SETTINGS');

/** Card orders above this total are steered to a consultation (env ONLINE_ORDER_LIMIT_DOLLARS, default $50,000). */
export function onlineOrderLimitCents(env: NodeJS.ProcessEnv = process.env): number {
  const dollars = Number(env.ONLINE_ORDER_LIMIT_DOLLARS);
  return env.ONLINE_ORDER_LIMIT_DOLLARS && Number.isFinite(dollars) && dollars > 0 ? Math.round(dollars * 100) : ONLINE_ORDER_LIMIT_CENTS;
}

/** The default lifetime of a payment session, and so of an unpaid card order's hold: 30 minutes. */
export const DEFAULT_PAYMENT_SESSION_TTL_SECONDS = 30 * 60;

export function loadOrderSettings(env: NodeJS.ProcessEnv = process.env): OrderSettings {
  const seconds = (v: string | undefined) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
  const ttl = seconds(env.UNPAID_ORDER_TTL_SECONDS) ?? seconds(env.PAYMENT_SESSION_TTL_SECONDS) ?? DEFAULT_PAYMENT_SESSION_TTL_SECONDS;
  return { unpaidOrderTtlMs: Math.max(1, ttl) * 1000, onlineOrderLimitCents: onlineOrderLimitCents(env) };
}
