import { AsyncLocalStorage } from 'async_hooks';
import { randomUUID } from 'crypto';
import { Actor } from '../event-store/event-store';

/**
 * A correlation id as the shop takes it: from X-Correlation-Id, in event metadata and jobs, and in the audit
 * log's correlation_id filter alike. 1-100 letters, digits, dots, underscores and hyphens: a UUID, a ULID, a
 * load balancer's hex request id or a W3C traceparent fit, and none of it needs quoting in a header, a log
 * line or a URL. Anything else (longer, spaces, commas of repeated headers, quotes, non-ASCII) is replaced
 * by a fresh UUID, which the answer's X-Correlation-Id names.
 */
export const CORRELATION_ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

export function isCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && CORRELATION_ID_PATTERN.test(value);
}

/** Who is acting and under which correlation id, for the duration of one request or job. */
export interface RequestContext {
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  /** Set when a command's read-your-writes wait timed out: its events are in the log, not yet in the read models. */
  projectionPending?: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext {
  return storage.getStore() ?? { actor: { type: 'system' }, correlationId: randomUUID(), causationId: null };
}

/** The running request's or job's context, if any (unlike currentContext, never makes one up). */
export function peekContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Lets later code in the same request see the signed-in actor. */
export function setActor(actor: Actor): void {
  const store = storage.getStore();
  if (store) store.actor = actor;
}

/**
 * Runs fn as a system actor in the running conversation: the request's or job's correlation and causation
 * ids are kept (a fresh correlation id only when nothing is running), so what it appends stays traceable.
 */
export function runAsSystem<T>(id: string, fn: () => T): T {
  const current = peekContext();
  return runWithContext(
    { actor: { type: 'system', id }, correlationId: current?.correlationId ?? randomUUID(), causationId: current?.causationId ?? null },
    fn,
  );
}

/** What a reactor does for an event happens in that event's conversation, caused by that event. */
export function contextCausedBy(event: { metadata: { eventId: string; correlationId?: string } }, actorId: string): RequestContext {
  return {
    actor: { type: 'system', id: actorId },
    correlationId: event.metadata.correlationId || randomUUID(),
    causationId: event.metadata.eventId,
  };
}

/** The ids a queued job carries, so the worker's events join the conversation that queued it. */
export interface TraceIds {
  correlationId: string;
  causationId: string | null;
}

export function traceIds(): TraceIds {
  const { correlationId, causationId } = currentContext();
  return { correlationId, causationId };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The context a worker runs a job in: its carried ids when well formed (jobs queued before they were carried
 * have none). A correlation id the request took from its caller is kept: a UUID-only check gave the mails of
 * a request sent with X-Correlation-Id: lb-7f3a a conversation of their own.
 */
export function contextOfJob(trace: unknown, actorId: string): RequestContext {
  const t = (trace ?? {}) as Partial<TraceIds>;
  const correlationId = isCorrelationId(t.correlationId) ? t.correlationId : randomUUID();
  const causationId = typeof t.causationId === 'string' && UUID.test(t.causationId) ? t.causationId : null;
  return { actor: { type: 'system', id: actorId }, correlationId, causationId };
}

export function enterContext(context: RequestContext): void {
  storage.enterWith(context);
}
