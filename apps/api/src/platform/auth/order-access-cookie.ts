import { timingSafeEqual } from 'crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FacetConfig } from '../config/config';
import { keyedDigest } from '../privacy/privacy-secret';

/**
 * The order-access cookie: the orders this browser placed (or opened a checkout for as their signed-in
 * owner), so a guest can pay, retry and cancel its own order and nobody else who merely knows the order
 * id can. Its value is `<id>.<id>...<signature>`: ids as 32 hex digits, newest first, at most
 * ORDER_ACCESS_MAX_ORDERS of them, and a keyed HMAC (the privacy secret) of the list, so a client cannot
 * add an order to it. httpOnly, SameSite=Lax, Secure in production, sent to the API only (path /api: it is
 * read by /api/payments and re-issued, with the new order added, by /api/orders).
 */
export const ORDER_ACCESS_COOKIE = 'facet_order_access';
export const ORDER_ACCESS_MAX_ORDERS = 10;
const COOKIE_PATH = '/api';
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const COOKIE_SHAPE = new RegExp(`^((?:[0-9a-f]{32}\\.){1,${ORDER_ACCESS_MAX_ORDERS}})([0-9a-f]{40})$`);
const COOKIE_MAX_LENGTH = ORDER_ACCESS_MAX_ORDERS * 33 + 40;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (ids: string) => keyedDigest('order-access-cookie', ids);
const compact = (orderId: string) => orderId.replace(/-/g, '');
const expand = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The order ids the request's cookie lists, when the cookie is genuine; none for a missing, tampered or malformed one. */
export function ordersWithAccess(request: FastifyRequest): string[] {
  const value = request.cookies?.[ORDER_ACCESS_COOKIE];
  const match = typeof value === 'string' && value.length <= COOKIE_MAX_LENGTH ? COOKIE_SHAPE.exec(value) : null;
  if (!match) return [];
  const [, ids, given] = match;
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(signature(ids)))) return [];
  return ids.slice(0, -1).split('.').map(expand);
}

/** True when the request's cookie lists the order (ids compared in lower case, as the cookie holds them). */
export function hasOrderAccess(request: FastifyRequest, orderId: string): boolean {
  return ordersWithAccess(request).includes(orderId.toLowerCase());
}

/** Adds the order to the request's cookie (first; the oldest beyond the bound drop out) and sets it on the reply. */
export function grantOrderAccess(request: FastifyRequest, reply: FastifyReply, config: FacetConfig, orderId: string): void {
  const id = orderId.toLowerCase();
  if (!UUID.test(id)) return;
  const kept = [id, ...ordersWithAccess(request).filter((o) => o !== id)].slice(0, ORDER_ACCESS_MAX_ORDERS);
  const ids = kept.map((o) => `${compact(o)}.`).join('');
  reply.setCookie(ORDER_ACCESS_COOKIE, `${ids}${signature(ids)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: COOKIE_PATH,
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}
