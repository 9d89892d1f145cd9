import { timingSafeEqual } from 'crypto';
import { keyedDigest } from '../platform/privacy/privacy-secret';

/**
 * The signed link to an order's page that every order mail carries (issue 41): whoever holds the mail sees
 * the order, signed in or not, and nobody can make one for another order or stretch its life. The token is
 * `<expiry in epoch seconds>.<keyed HMAC of the order id and the expiry>` (the privacy secret's key, as the
 * order-access cookie), so it needs no storage and a new privacy secret voids every link.
 */
export const ORDER_LINK_TTL_DAYS = 180;
const TOKEN = /^(\d{10})\.([0-9a-f]{40})$/;

const sign = (orderId: string, expires: string) => keyedDigest('order-page-link', `${orderId.toLowerCase()}\0${expires}`);

/** A token for the order, good until `issuedAt` + ORDER_LINK_TTL_DAYS (or `expiresAt` when given). */
export function orderLinkToken(orderId: string, issuedAt: Date, expiresAt?: Date): string {
  const until = expiresAt ?? new Date(issuedAt.getTime() + ORDER_LINK_TTL_DAYS * 86_400_000);
  const expires = String(Math.floor(until.getTime() / 1000)).padStart(10, '0');
  return `${expires}.${sign(orderId, expires)}`;
}

/** True for a genuine, unexpired token of this order; false for anything else (tampered, expired, another order's, malformed). */
export function isValidOrderLinkToken(orderId: string, token: unknown, now = new Date()): boolean {
  const match = typeof token === 'string' && token.length <= 51 ? TOKEN.exec(token) : null;
  if (!match) return false;
  const [, expires, given] = match;
  if (Number(expires) * 1000 <= now.getTime()) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(sign(orderId, expires)));
}

/** The order page on the shop's site, with the signed token. */
export function orderPageLink(origin: string, orderId: string, issuedAt: Date): string {
  return `${origin}/orders/${orderId}?access=${orderLinkToken(orderId, issuedAt)}`;
}
