import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FacetConfig } from '../config/config';

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
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', async (_request: any, reply: any, payload: unknown) => {
      reply.header('content-security-policy', csp);
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
