import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FacetConfig } from '../config/config';

/** Public catalogue reads that shared caches may keep; every other /api answer may carry personal data. */
const CACHEABLE_API = /^\/api\/(products|categories|media|health|docs)(\/|\?|$|-json)/;

/**
 * A path segment that, decoded once, twice or three times, climbs out of its place: `..`, `.`, or an encoded
 * slash, backslash or NUL inside a segment (`%2e%2e`, `%2f`, `%252e%252e`, ...). No route takes such a value.
 */
export function hostilePath(rawUrl: string): boolean {
  const path = rawUrl.split('?')[0];
  for (const raw of path.split('/')) {
    let segment = raw;
    for (let round = 0; round < 4; round++) {
      if (segment === '..' || segment === '.' || /[\/\\\0]/.test(segment) || /(^|[\/\\])\.\.?([\/\\]|$)/.test(segment)) return true;
      if (!segment.includes('%')) break;
      try {
        segment = decodeURIComponent(segment);
      } catch {
        return true; // a broken escape is no id, file name or slug either
      }
    }
  }
  return false;
}

/**
 * Security headers on every response: a Content-Security-Policy the storefront, the console and Swagger
 * work under (everything is served from this origin; images may be data: or blob: previews), no MIME
 * sniffing, no framing, HSTS in production, and no server banner.
 */
export function securityHeaders(app: NestFastifyApplication, config: FacetConfig): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Swagger UI and MUI (the console) inject style elements.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', async (request: any, reply: any) => {
    const url = String(request.raw.url ?? '');
    if (url.startsWith('/api/') && hostilePath(url)) {
      reply.code(400).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store');
      return reply.send(JSON.stringify({ detail: 'The path contains a segment that is not allowed (such as "..").' }));
    }
  });
  fastify.addHook('onSend', async (request: any, reply: any, payload: unknown) => {
      // A route with its own policy (the design-image sandbox) keeps it.
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
      // Personal answers are never stored by a browser or a shared cache.
      const url = String(request.raw?.url ?? request.url ?? '');
      if (url.startsWith('/api') && !CACHEABLE_API.test(url)) reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
      if (config.env === 'production') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      reply.removeHeader('x-powered-by');
      reply.removeHeader('server');
      return payload;
  });
}
