import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { existsSync, readFileSync } from 'fs';
import { DomainError, TooManyRequestsError } from './errors';

/** Single-page apps served by the API; unknown non-API paths get their index.html (history fallback). */
export interface SpaRoot {
  prefix: string;
  indexFile: string;
}

/**
 * The one place that maps errors to HTTP. Bodies always carry `detail` (the spec's API client shows it),
 * plus `errors` with fields for validation. Unexpected errors are logged and answered without internals.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  private indexCache = new Map<string, string>();

  constructor(private readonly spas: SpaRoot[] = []) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse();
    const request = ctx.getRequest();
    const { status, body, headers } = this.describe(exception, request);

    if (status === 404 && request.method === 'GET' && !String(request.url).startsWith('/api')) {
      const html = this.spaIndex(String(request.url));
      if (html) {
        reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
        return;
      }
    }
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
  }

  describe(exception: unknown, request?: any): { status: number; body: Record<string, unknown>; headers: Record<string, string> } {
    const headers: Record<string, string> = {};
    if (exception instanceof DomainError) {
      if (exception instanceof TooManyRequestsError && exception.retryAfterSeconds) {
        headers['retry-after'] = String(exception.retryAfterSeconds);
      }
      return { status: exception.status, body: { detail: exception.message, ...(exception.errors ? { errors: exception.errors } : {}) }, headers };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse() as any;
      if (status === 404) {
        return { status, body: { detail: 'Resource not found' }, headers };
      }
      if (response && typeof response === 'object' && response.detail) {
        return { status, body: { detail: response.detail, ...(response.errors ? { errors: response.errors } : {}) }, headers };
      }
      const message = Array.isArray(response?.message) ? response.message.join('; ') : (response?.message ?? exception.message);
      return { status, body: { detail: String(message) }, headers };
    }
    // Fastify's own errors: malformed JSON, wrong content type, body too large.
    const err = exception as any;
    if (err && typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return { status: err.statusCode, body: { detail: fastifyMessage(err) }, headers };
    }
    this.logger.error(`${request?.method ?? ''} ${request?.url ?? ''}: ${err?.stack ?? err}`);
    return { status: 500, body: { detail: 'Server error. Please try again later.' }, headers };
  }

  private spaIndex(url: string): string | null {
    const spa = this.spas.find((s) => url === s.prefix.replace(/\/$/, '') || url.startsWith(s.prefix));
    if (!spa) return null;
    if (!this.indexCache.has(spa.indexFile)) {
      if (!existsSync(spa.indexFile)) return null;
      this.indexCache.set(spa.indexFile, readFileSync(spa.indexFile, 'utf8'));
    }
    return this.indexCache.get(spa.indexFile) ?? null;
  }
}

function fastifyMessage(err: any): string {
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
      if (err instanceof SyntaxError || /JSON/i.test(err.message)) return `Malformed JSON body: ${err.message}`;
      return err.message || 'Bad request';
  }
}
