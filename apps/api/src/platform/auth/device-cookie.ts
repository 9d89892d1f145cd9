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
 */
export type SignInKind = 'customer' | 'staff';

const COOKIE_NAMES: Record<SignInKind, string> = { customer: 'facet_device', staff: 'facet_staff_device' };
/** Sent only with the sign-in request it is for. */
const COOKIE_PATHS: Record<SignInKind, string> = { customer: '/api/auth/login', staff: '/api/staff/login' };
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const COOKIE_SHAPE = /^([A-Za-z0-9_-]{24})\.([0-9a-f]{40})$/;

const normalLogin = (login: string) => login.trim().toLowerCase();
const signature = (kind: SignInKind, login: string, nonce: string) =>
  keyedDigest('device-cookie', `${kind}\0${normalLogin(login)}\0${nonce}`);

/** The nonce of the request's device cookie when it is genuine and was issued for this login; else null (an unknown client). */
export function trustedDevice(request: FastifyRequest, kind: SignInKind, login: string): string | null {
  const value = request.cookies?.[COOKIE_NAMES[kind]];
  const match = typeof value === 'string' ? COOKIE_SHAPE.exec(value) : null;
  if (!match) return null;
  const [, nonce, given] = match;
  return timingSafeEqual(Buffer.from(given), Buffer.from(signature(kind, login, nonce))) ? nonce : null;
}

/** After a right password: a fresh device cookie for this login (httpOnly, SameSite=Strict, Secure in production). */
export function setDeviceCookie(reply: FastifyReply, config: FacetConfig, kind: SignInKind, login: string): void {
  const nonce = randomBytes(18).toString('base64url');
  reply.setCookie(COOKIE_NAMES[kind], `${nonce}.${signature(kind, login, nonce)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.env === 'production',
    path: COOKIE_PATHS[kind],
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}
