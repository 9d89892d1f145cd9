import type { FastifyReply, FastifyRequest } from 'fastify';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { transientDatabaseFailure } from '../database/database-errors';
import { AppendTooLargeError, ConcurrencyError, StreamDeletedError } from '../event-store/event-store';
import { DomainError, TooManyRequestsError, UnauthorizedError } from '../domain/errors';
import type { AllowedMethods } from './allowed-methods';

/**
 * The one place that maps errors to HTTP. Bodies always carry `detail` (the spec's API client shows it),
 * plus `errors` with fields for validation. Unexpected errors are logged and answered without internals.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly allowedMethods?: AllowedMethods) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const { status, body, headers } = this.describe(exception, request);
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
      return { status: err.statusCode, body: { detail: fastifyMessage(err) }, headers };
    }
    // Without the query string: a console search can carry a person's name or address.
    this.logger.error(`${request?.method ?? ''} ${String(request?.url ?? '').split('?')[0]}: ${err?.stack ?? String(exception)}`);
    return { status: 500, body: { detail: 'Server error. Please try again later.' }, headers };
  }

  /** Nest's answer for a method and path no route takes (a controller's own 404s are DomainErrors). */
  private routeNotFound(exception: HttpException, request?: { method?: string; url?: string }): boolean {
    return String(request?.url ?? '').startsWith('/api/') && exception.message === `Cannot ${request?.method} ${request?.url}`;
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
