import { AsyncLocalStorage } from 'async_hooks';
import { randomUUID } from 'crypto';
import { Actor } from './actor';
import { currentTraceparent } from '../tracing/tracing';

/**
 * What the audit log's correlation_id filter takes: 1-100 letters, digits, dots, underscores and hyphens. That
 * is every id the log may hold: a UUID now, and before issue 39 anything of that shape a client sent.
 */
export const CORRELATION_ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A correlation id as recorded: a UUID in lower case. */
const RECORDED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** W3C Trace Context, version 00: 00-<trace-id, 32 hex>-<parent-id, 16 hex>-<trace-flags, 2 hex>, lower case. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const ALL_ZEROS = /^[0-]+$/;

/**
 * The correlation id a client's X-Correlation-Id names, or null when it names none. Taken: a UUID (recorded in
 * lower case), or a W3C traceparent, whose trace-id is recorded written as a UUID (its 32 hex digits as
 * 8-4-4-4-12), so the request's events join the caller's trace under one form of id. Anything else (a
 * name, a free-form request id, an all-zero id) is not taken and the request gets a fresh UUID: a client's
 * text would otherwise be written into the permanent log (events' metadata), job data and log lines, where
 * no erasure reaches.
 */
export function correlationIdFrom(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 55) return null;
  if (UUID.test(value)) return ALL_ZEROS.test(value) ? null : value.toLowerCase();
  const trace = TRACEPARENT.exec(value);
  if (!trace || ALL_ZEROS.test(trace[1]) || ALL_ZEROS.test(trace[2])) return null;
  const hex = trace[1];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True for a correlation id as the shop records it (what correlationIdFrom answers, or a fresh UUID). */
export function isCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && RECORDED_ID.test(value);
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
    // An event recorded before issue 39 may carry a client's free-form id: it is not copied into new events.
    correlationId: isCorrelationId(event.metadata.correlationId) ? event.metadata.correlationId : randomUUID(),
    causationId: event.metadata.eventId,
  };
}

/** The ids a queued job carries, so the worker's events join the conversation that queued it. */
export interface TraceIds {
  correlationId: string;
  causationId: string | null;
  /** The queuing span's W3C trace context, when tracing is on (platform/tracing): the job's span is its child. */
  traceparent?: string;
}

export function traceIds(): TraceIds {
  const { correlationId, causationId } = currentContext();
  const traceparent = currentTraceparent();
  return traceparent ? { correlationId, causationId, traceparent } : { correlationId, causationId };
}

/**
 * The context a worker runs a job in: its carried ids when well formed (jobs queued before they were carried
 * have none, and one queued before issue 39 may carry a client's free-form id: those get a fresh one).
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
