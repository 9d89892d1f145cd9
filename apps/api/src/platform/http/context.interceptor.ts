import type { FastifyReply, FastifyRequest } from 'fastify';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { Observable } from 'rxjs';
import { isCorrelationId, RequestContext, runWithContext } from '../context/request-context';
import { Actor } from '../event-store/event-store';
import { NotFoundError } from '../domain/errors';

const POLL_AT = 'facet:poll-at';

/**
 * Where a client polls for what a command created when its read-your-writes wait timed out, e.g.
 * '/api/orders/{order_id}': the placeholder is a field of the command's response.
 */
export const PollAt = (template: string) => SetMetadata(POLL_AT, template);

export const PENDING_DETAIL = 'Accepted: your request is recorded and will be visible in a moment.';

/**
 * Runs each request's handler with its actor and correlation id, which every event it appends records.
 * When the command's events were appended but the read models did not show them in time, the response
 * says so: 202 Accepted, `Location` to poll (when the route names one), never a later 404.
 */
@Injectable()
export class ContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const principal = request.principal;
    const actor: Actor = principal ? { type: principal.kind, id: principal.id } : { type: 'anonymous' };
    // Fastify's request id is the correlation id (platform/logging correlationIdFor), shared with the access log.
    const given: unknown = request.id;
    const correlationId = isCorrelationId(given) ? given : randomUUID();
    reply.header?.('x-correlation-id', correlationId);
    const template = Reflect.getMetadata(POLL_AT, context.getHandler()) as string | undefined;
    const ctx: RequestContext = { actor, correlationId, causationId: null };
    return new Observable((subscriber) =>
      runWithContext(ctx, () =>
        next.handle().subscribe({
          next: (body) => {
            if (ctx.projectionPending) markPending(reply, template, body);
            subscriber.next(body);
          },
          error: (err) => {
            // The handler read back what it wrote and did not find it yet: that is not a 404.
            if (ctx.projectionPending && err instanceof NotFoundError) {
              markPending(reply, template && !template.includes('{') ? template : undefined, null);
              subscriber.next({ detail: PENDING_DETAIL });
              subscriber.complete();
              return;
            }
            subscriber.error(err);
          },
          complete: () => subscriber.complete(),
        }),
      ),
    );
  }
}

const PENDING = Symbol('facet:pending');
/** A reply whose command's events were not yet projected when it answered. */
type PendingMark = { [PENDING]?: boolean };

/** Nest sets the route's status after interceptors run; this hook has the last word for pending writes. */
export function answerPendingWith202(fastify: {
  addHook(name: 'onSend', hook: (req: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>): unknown;
}): void {
  fastify.addHook('onSend', async (_req, reply, payload) => {
    if ((reply as PendingMark)[PENDING] && reply.statusCode < 300) reply.code(202);
    return payload;
  });
}

function markPending(reply: FastifyReply, template: string | undefined, body: unknown): void {
  (reply as PendingMark)[PENDING] = true;
  reply.header?.('x-read-model-pending', 'true');
  if (!template) return;
  let complete = true;
  const location = template.replace(/\{(\w+)\}/g, (_m, field: string) => {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
    if (typeof value !== 'string' && typeof value !== 'number') complete = false;
    return encodeURIComponent(String(value));
  });
  if (complete) reply.header?.('location', location);
}
