import { AsyncLocalStorage } from 'async_hooks';
import { randomUUID } from 'crypto';
import { Actor } from '../event-store/event-store';

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

export function enterContext(context: RequestContext): void {
  storage.enterWith(context);
}
