import { randomBytes, timingSafeEqual } from 'crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FacetConfig } from '../config/config';
import { keyedDigest } from '../privacy/privacy-secret';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in
 * to an account holds `<nonce>.<signature>`, the signature a keyed HMAC of the sign-in kind, the login and
 * the nonce. The login is not in the cookie (it holds nothing personal): a cookie is valid only when the
 * login typed in is the one it was issued for. A valid one lets its browser past the lockout that
 * unknown clients cause; its own wrong passwords lock only that cookie (login-throttle.service.ts).
 * The signature also covers the account's password as it is stored (its hash, with its salt): a password
 * change or reset makes every device cookie of the account unknown, so a browser that knew the old password (a
 * shared or stolen one) no longer gets past a lockout.
 */
export type SignInKind = 'customer' | 'staff';

const COOKIE_NAMES: Record<SignInKind, string> = { customer: 'facet_device', staff: 'facet_staff_device' };
/** Sent only with the sign-in request it is for. */
const COOKIE_PATHS: Record<SignInKind, string> = { customer: '/api/auth/login', staff: '/api/staff/login' };
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const COOKIE_SHAPE = /^([A-Za-z0-9_-]{24})\.([0-9a-f]{40})$/;

const normalLogin = (login: string) => login.trim().toLowerCase();
/** The account's stored password hash, or null when there is no such account (no cookie is valid for it). */
export type DeviceCredential = string | null;

const signature = (kind: SignInKind, login: string, nonce: string, credential: string) =>
  keyedDigest('device-cookie', `${kind}\0${normalLogin(login)}\0${nonce}\0${keyedDigest('device-credential', credential)}`);

/**
 * The nonce of the request's device cookie when it is genuine, was issued for this login and since the account's
 * password last changed (`credential`: its stored hash now); else null (an unknown client).
 */
export function trustedDevice(request: FastifyRequest, kind: SignInKind, login: string, credential: DeviceCredential): string | null {
  const value = request.cookies?.[COOKIE_NAMES[kind]];
  const match = typeof value === 'string' ? COOKIE_SHAPE.exec(value) : null;
  if (!match || credential === null) return null;
  const [, nonce, given] = match;
  return timingSafeEqual(Buffer.from(given), Buffer.from(signature(kind, login, nonce, credential))) ? nonce : null;
}

/**
 * After a right password: a fresh device cookie for this login and the password hash it was checked against
 * (httpOnly, SameSite=Strict, Secure in production). None without an account's hash.
 */
export function setDeviceCookie(
  reply: FastifyReply,
  config: FacetConfig,
  kind: SignInKind,
  login: string,
  credential: DeviceCredential,
): void {
  if (credential === null) return;
  const nonce = randomBytes(18).toString('base64url');
  reply.setCookie(COOKIE_NAMES[kind], `${nonce}.${signature(kind, login, nonce, credential)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.env === 'production',
    path: COOKIE_PATHS[kind],
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}
