import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FacetConfig } from '../config/config';

/** Public catalogue reads that shared caches may keep; every other /api answer may carry personal data. */
const CACHEABLE_API = /^\/api\/(products|categories|media|health|docs)(\/|\?|$|-json)/;

/**
 * What is wrong with a path whose segment, decoded once, twice or three times, climbs out of its place (`..`,
 * `.`, an encoded slash or backslash: `%2e%2e`, `%2f`, `%252e%252e`, ...) or holds a NUL, or null when nothing
 * is. No route takes such a value. Each answer says which it was: a NUL is no dot segment.
 */
export function pathProblem(rawUrl: string): string | null {
  const path = rawUrl.split('?')[0];
  for (const raw of path.split('/')) {
    let segment = raw;
    for (let round = 0; round < 4; round++) {
      if (segment.includes('\0')) return 'The path holds a NUL character (%00), which is not allowed.';
      if (segment === '..' || segment === '.' || /(^|[/\\])\.\.?([/\\]|$)/.test(segment)) {
        return 'The path contains a segment that is not allowed ("." or "..").';
      }
      if (/[/\\]/.test(segment)) return 'The path contains an encoded slash or backslash inside a segment, which is not allowed.';
      if (!segment.includes('%')) break;
      try {
        segment = decodeURIComponent(segment);
      } catch {
        return 'The URL is malformed (it cannot be decoded).'; // a broken escape is no id, file name or slug either
      }
    }
  }
  return null;
}

export function hostilePath(rawUrl: string): boolean {
  return pathProblem(rawUrl) !== null;
}

/**
 * The Content-Security-Policy the storefront, the console and Swagger UI work under: everything is served
 * from this origin; images may be data: or blob: previews. Routes with their own policy (the design-image
 * sandbox) set theirs and keep it.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Swagger UI and MUI (the console) inject style elements.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

/**
 * Security headers on every response through helmet: the CSP above, no MIME sniffing, no framing,
 * the same-origin opener policy, a strict referrer policy and HSTS in production. Helmet's
 * Cross-Origin-Resource-Policy stays off so product images may still be shown by other origins (mail
 * clients). What helmet does not do stays here: a Permissions-Policy, no-store on every /api answer that may
 * carry personal data, no server banner, and the 400 for paths that climb out of their place.
 */
export async function securityHeaders(app: NestFastifyApplication, config: FacetConfig): Promise<void> {
  // Helmet's middleware, built once: @fastify/helmet builds it again for every request (its CSP parsed each
  // time, 1-2 % of a catalogue read's CPU).
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // On the raw response, as @fastify/helmet does: a route that sets its own header (the design-image
  // sandbox's CSP) overrides it, since headers given to writeHead take precedence.
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    applyHelmet(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = String(request.raw.url ?? '');
    const problem = url.startsWith('/api/') ? pathProblem(url) : null;
    if (problem) {
      reply.code(400).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store');
      return reply.send(JSON.stringify({ detail: problem }));
    }
  });
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Personal answers are never stored by a browser or a shared cache.
    const url = String(request.raw?.url ?? request.url ?? '');
    if (url.startsWith('/api') && !CACHEABLE_API.test(url)) reply.header('cache-control', 'no-store');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    reply.removeHeader('x-powered-by');
    reply.removeHeader('server');
    return payload;
  });
}
