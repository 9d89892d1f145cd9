import type { FastifyReply } from 'fastify';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { existsSync, readFileSync } from 'fs';
import { transientDatabaseFailure } from '../database/database-errors';
import { AppendTooLargeError, ConcurrencyError, StreamDeletedError } from '../event-store/event-store';
import { DomainError, TooManyRequestsError, UnauthorizedError } from '../domain/errors';
import type { AllowedMethods } from './allowed-methods';

/**
 * Single-page apps served by the API; unknown non-API paths get their index.html (history fallback), or
 * the server-rendered page when the app has a renderer (the storefront with its SSR build).
 */
export interface SpaRoot {
  prefix: string;
  indexFile: string;
  render?: (url: string) => Promise<RenderedPage | null>;
}

export type RenderedPage = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; status: number; location: string };

/**
 * The one place that maps errors to HTTP. Bodies always carry `detail` (the spec's API client shows it),
 * plus `errors` with fields for validation. Unexpected errors are logged and answered without internals.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  private indexCache = new Map<string, string>();

  constructor(
    private readonly spas: SpaRoot[] = [],
    private readonly allowedMethods?: AllowedMethods,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse();
    const request = ctx.getRequest();
    const { status, body, headers } = this.describe(exception, request);

    // Outside /api a 403 can only be @fastify/static refusing a folder (/, /images/): a page like any other.
    const notAFile = status === 404 || (status === 403 && !(exception instanceof DomainError));
    // A missing file of a build's assets folder is a 404, not a page: a stale console or storefront asking
    // for last release's script must not get HTML under a .js name.
    const missingAsset = /^\/(?:admin\/)?assets\/[^/?#]/.test(String(request.url));
    if (notAFile && !missingAsset && (request.method === 'GET' || request.method === 'HEAD') && !String(request.url).startsWith('/api')) {
      const url = String(request.url);
      const spa = this.spaFor(url);
      if (spa?.render) {
        void this.sendRendered(spa, url, reply);
        return;
      }
      const html = this.spaIndex(url);
      if (html) {
        reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
        return;
      }
    }
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
  }

  describe(
    exception: unknown,
    request?: { method?: string; url?: string },
  ): { status: number; body: Record<string, unknown>; headers: Record<string, string> } {
    const headers: Record<string, string> = {};
    if (exception instanceof DomainError) {
      if (exception instanceof TooManyRequestsError && exception.retryAfterSeconds) {
        headers['retry-after'] = String(exception.retryAfterSeconds);
      }
      // Every 401 names the scheme to use (RFC 7235), and says when the token sent has ended (RFC 6750).
      if (exception instanceof UnauthorizedError) {
        headers['www-authenticate'] = exception.tokenEnded ? 'Bearer realm="facet", error="invalid_token"' : 'Bearer realm="facet"';
      }
      return {
        status: exception.status,
        body: { detail: exception.message, ...(exception.errors ? { errors: exception.errors } : {}) },
        headers,
      };
    }
    // The event store port's own errors, by name.
    if (exception instanceof ConcurrencyError) return { status: 409, body: { detail: exception.message }, headers };
    if (exception instanceof StreamDeletedError) return { status: 410, body: { detail: exception.message }, headers };
    if (exception instanceof AppendTooLargeError) return { status: 413, body: { detail: exception.message }, headers };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse() as string | { detail?: string; errors?: unknown; message?: string | string[] };
      if (status === 404) {
        const allowed = this.routeNotFound(exception, request) ? this.allowedMethods?.for(String(request?.url)) : undefined;
        // A path some route takes for this very method reached no route (a parameter over the router's
        // length limit): not a wrong method, a 404.
        if (allowed?.length && !allowed.includes(String(request?.method))) {
          headers.allow = allowed.join(', ');
          return {
            status: 405,
            body: { detail: `${request?.method} is not allowed here; this path takes ${allowed.join(', ')}.` },
            headers,
          };
        }
        return { status, body: { detail: 'Resource not found' }, headers };
      }
      if (typeof response === 'object' && response.detail) {
        return { status, body: { detail: response.detail, ...(response.errors ? { errors: response.errors } : {}) }, headers };
      }
      const message =
        typeof response === 'string'
          ? response
          : Array.isArray(response.message)
            ? response.message.join('; ')
            : (response.message ?? exception.message);
      return { status, body: { detail: String(message) }, headers };
    }
    // A statement or lock timeout, no free connection, the database restarting: busy, not broken.
    const busy = transientDatabaseFailure(exception);
    if (busy) {
      this.logger.warn(`${request?.method ?? ''} ${request?.url ?? ''}: 503 (${busy}): ${(exception as Error).message}`);
      headers['retry-after'] = String(RETRY_AFTER_SECONDS);
      return { status: 503, body: { detail: 'The shop is busy right now. Please try again in a few seconds.' }, headers };
    }
    // Fastify's own errors: malformed JSON, wrong content type, body too large.
    const err = exception as (FastifyErrorLike & { stack?: string }) | null | undefined;
    if (err && typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // @fastify/static refuses a file path with a NUL or that cannot be decoded with a bare 'Bad Request'.
      if (err.statusCode === 400 && err.message === 'Bad Request' && !String(request?.url ?? '').startsWith('/api')) {
        return { status: 400, body: { detail: 'The path is not allowed (it holds a NUL character or cannot be decoded).' }, headers };
      }
      return { status: err.statusCode, body: { detail: fastifyMessage(err) }, headers };
    }
    // Without the query string: a console search can carry a person's name or address.
    this.logger.error(`${request?.method ?? ''} ${String(request?.url ?? '').split('?')[0]}: ${err?.stack ?? String(err)}`);
    return { status: 500, body: { detail: 'Server error. Please try again later.' }, headers };
  }

  /** Nest's answer for a method and path no route takes (a controller's own 404s are DomainErrors). */
  private routeNotFound(exception: HttpException, request?: { method?: string; url?: string }): boolean {
    return String(request?.url ?? '').startsWith('/api/') && exception.message === `Cannot ${request?.method} ${request?.url}`;
  }

  private spaFor(url: string): SpaRoot | undefined {
    return this.spas.find((s) => url === s.prefix.replace(/\/$/, '') || url.startsWith(s.prefix));
  }

  /** A server-rendered page with its status (404 for unknown pages); the plain shell if rendering failed. */
  private async sendRendered(spa: SpaRoot, url: string, reply: FastifyReply): Promise<void> {
    const page = await spa.render!(url).catch(() => null);
    if (page?.kind === 'redirect') {
      reply.status(page.status).header('location', page.location).send();
      return;
    }
    const html = page?.html ?? this.spaIndex(url);
    if (html === null) {
      reply
        .status(404)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ detail: 'Resource not found' }));
      return;
    }
    reply
      .status(page?.status ?? 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  }

  private spaIndex(url: string): string | null {
    const spa = this.spaFor(url);
    if (!spa) return null;
    if (!this.indexCache.has(spa.indexFile)) {
      if (!existsSync(spa.indexFile)) return null;
      this.indexCache.set(spa.indexFile, readFileSync(spa.indexFile, 'utf8'));
    }
    return this.indexCache.get(spa.indexFile) ?? null;
  }
}

/** What a 503 from a busy database asks the client to wait. */
const RETRY_AFTER_SECONDS = 2;

/** What Fastify's own errors carry. */
interface FastifyErrorLike {
  statusCode?: number;
  code?: string;
  message?: string;
}

function fastifyMessage(err: FastifyErrorLike): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but Content-Type says JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The Content-Length header does not match the body.';
    default:
      if (err instanceof SyntaxError || /JSON/i.test(String(err.message))) return `Malformed JSON body: ${err.message}`;
      return err.message || 'Bad request';
  }
}
