import { ONLINE_ORDER_LIMIT_CENTS } from '@facet/contracts';

/** Settings of orders (env: UNPAID_ORDER_TTL_SECONDS, ONLINE_ORDER_LIMIT_DOLLARS), read once when the app is built. */
export interface OrderSettings {
  /** An unpaid card order expires this long after it was placed (default 24 h). */
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

export function loadOrderSettings(env: NodeJS.ProcessEnv = process.env): OrderSettings {
  const ttl = env.UNPAID_ORDER_TTL_SECONDS;
  const seconds = ttl !== undefined && ttl !== '' && Number.isFinite(Number(ttl)) ? Number(ttl) : 24 * 3600;
  return { unpaidOrderTtlMs: Math.max(1, seconds) * 1000, onlineOrderLimitCents: onlineOrderLimitCents(env) };
}
