import { createHash, timingSafeEqual } from 'crypto';
import type { FacetConfig } from '../config/config';

/** One answer to GET /metrics, on the shop's port or on METRICS_PORT. */
export interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Who may read /metrics, and where:
 * - METRICS_PORT set: on that port only (never the shop's), to anyone who reaches it, or with the token when
 *   METRICS_TOKEN is set too. Keep that port off the internet (a private interface, a firewall).
 * - otherwise on the shop's port: with METRICS_TOKEN set, only a request bearing it; without one, open in
 *   development and test, and off in production (the shop's own 404), since the shop's port faces the internet.
 * Without an Authorization header this answers whether /metrics is served at all ('off' or not).
 */
export function metricsAccess(
  config: Pick<FacetConfig, 'env' | 'metrics'>,
  where: 'shop' | 'port',
  authorization?: string,
): 'off' | 'allowed' | 'denied' {
  const { token, port } = config.metrics;
  if (where === 'shop' && port !== null) return 'off';
  if (token === null) return where === 'shop' && config.env === 'production' ? 'off' : 'allowed';
  return bearerMatches(authorization, token) ? 'allowed' : 'denied';
}

/**
 * Whether an Authorization header bears the token, compared in constant time: both sides are hashed first, so
 * neither the token's length nor how much of it a guess got right shows in the time the answer takes.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer ([\x21-\x7e]{1,1024})$/i.exec(authorization ?? '')?.[1] ?? '';
  const same = timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(token).digest());
  return same && given !== '';
}
