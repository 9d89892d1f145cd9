import type { FastifyReply } from 'fastify';
import { FacetConfig } from '../config/config';
import { SESSION_COOKIE } from './sessions.service';

/** The session cookie: httpOnly (no script reads it), SameSite=Lax, Secure in production. */
export function setSessionCookie(reply: FastifyReply, config: FacetConfig, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: FacetConfig): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.env === 'production' });
}
