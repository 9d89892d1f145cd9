/**
 * The event store port. Two adapters implement it: PostgreSQL (default) and EventStoreDB (EVENTSTORE_URL).
 * Both pass the same contract suite (event-store.contract.ts).
 */
import type { SomeEvent } from '@facet/contracts';

import type { Actor } from '../context/actor';

/** Who caused an event (defined beside the request context, platform/context/actor.ts). */
export type { Actor };

export interface EventMetadata {
  eventId: string;
  schemaVersion: number;
  occurredAt: string;
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  /**
   * The appending span's W3C trace context, only when tracing is on (platform/tracing): projections link to
   * it, reactors continue it. Older events and those appended without tracing have none.
   */
  traceparent?: string;
}

/**
 * A place in the global order. PostgreSQL: (transaction id, global position);
 * EventStoreDB: (commit, prepare). Compared as a pair.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export const START: Position = { commit: -1n, prepare: -1n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function positionToString(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function positionFromString(s: string): Position {
  const [commit, prepare] = s.split('/');
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

export interface EventToAppend<T = unknown> {
  type: string;
  data: T;
  metadata: EventMetadata;
}

/** What the store records of every event, whatever its type. */
export interface RecordedEventFields {
  streamId: string;
  /** Revision of this event in its stream, from 0. */
  revision: number;
  position: Position;
  metadata: EventMetadata;
  /**
   * The event's link in its stream's tamper-evident chain (log-chain.ts), hex: SHA-256 of the previous
   * event's hash and this event's digest. Computed by the store at append time.
   */
  hash?: string | null;
}

/**
 * An event as read from the log. Given a part's union (RecordedEvent<OrderEvent>) it is a union too, one
 * member per type, so `switch (event.type)` narrows `event.data`.
 */
export type RecordedEvent<E extends SomeEvent = SomeEvent> = E extends SomeEvent
  ? RecordedEventFields & { type: E['type']; data: E['data'] }
  : never;

/** What the appender believes the stream's revision is. */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Revision of the last appended event. */
  nextRevision: number;
  /** Position of the last appended event. */
  position: Position;
}

export interface ReadAllOptions {
  /** Read events strictly after this position; START or omitted for the beginning. */
  after?: Position;
  limit: number;
  /** Only these event types (all when omitted). */
  eventTypes?: readonly string[];
}

export interface ReadBatch {
  events: RecordedEvent[];
  /**
   * Wanted events after the batch are committed but held back until an older transaction ends (only the
   * PostgreSQL store has these): the reader should look again soon rather than wait to be woken.
   */
  heldBack: boolean;
}

/** A filtered page of the log for auditors, newest first. */
export interface LogFilter {
  eventTypes?: readonly string[];
  /** A stream id, or a prefix ending in '-' (every order: 'order-'). */
  stream?: string;
  /** One conversation: the events appended under this correlation id. */
  correlationId?: string;
  /** Occurred at or after / at or before (inclusive). */
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
}

export interface LogPage {
  events: RecordedEvent[];
  /** How many events match (an adapter that scans may stop counting at its scan limit). */
  total: number;
  /** The total is an estimate: more events match than an adapter counts exactly (PostgreSQL: 10,000). */
  estimated?: boolean;
}

/** Whether one event passes a log filter: the rule the adapters that cannot ask a database apply. */
export function matchesLogFilter(e: RecordedEvent, f: LogFilter): boolean {
  if (f.eventTypes?.length && !f.eventTypes.includes(e.type)) return false;
  if (f.stream && !(f.stream.endsWith('-') ? e.streamId.startsWith(f.stream) : e.streamId === f.stream)) return false;
  if (f.correlationId && e.metadata.correlationId !== f.correlationId) return false;
  const at = Date.parse(e.metadata.occurredAt);
  return !((f.from && at < f.from.getTime()) || (f.to && at > f.to.getTime()));
}

/** Told of appends; `here` when this store made them (not heard from another thread or process). */
export type AppendedListener = (eventTypes: readonly string[] | null, here: boolean) => void;

/** True when a wake-up with these appended types concerns a reader of `wanted` (all types when undefined). */
export function concerns(wanted: readonly string[] | undefined, appended: readonly string[] | null): boolean {
  return !wanted || !appended || appended.some((t) => wanted.includes(t));
}

export interface Backlog {
  count: number;
  /** When the oldest event behind occurred; null when nothing is behind. */
  oldestAt: Date | null;
}

export interface EventStore {
  readonly name: 'postgres' | 'eventstoredb';
  appendToStream(streamId: string, events: EventToAppend[], expected: ExpectedRevision): Promise<AppendResult>;
  /** All events of a stream in order; an empty array when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** Events across all streams in global order, never skipping one that commits late. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Auditors' view: the events matching a filter, newest first, a page at a time, with their count. */
  readLog(filter: LogFilter): Promise<LogPage>;
  /** readAll for a catch-up reader: also says whether wanted events exist that are not readable yet. */
  readBatch(options: ReadAllOptions): Promise<ReadBatch>;
  /**
   * Calls back (possibly spuriously) whenever new events may be readable, with the types appended when
   * the store knows them (null: anything may have changed); returns an unsubscribe function.
   */
  onAppended(listener: AppendedListener): () => void;
  /**
   * Calls this store's onAppended listeners as its own append of these types would: for appends made by
   * another thread of this process, heard at once instead of through the database (the projector thread).
   */
  wakeReaders(eventTypes: readonly string[] | null): void;
  /**
   * How far a reader at `after` is behind: wanted events after it (counted up to `limit`), and when the
   * oldest of them occurred. Counts committed events a reader cannot see yet too, so health shows a
   * stalled reader.
   */
  countBehind(after: Position, eventTypes: readonly string[], limit: number): Promise<Backlog>;
  /**
   * The position of the newest event of these types, or null when there is none: what a reader must reach to
   * have seen every such event written so far (a committed one readers hold back for now included).
   */
  lastPosition(eventTypes: readonly string[]): Promise<Position | null>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The stream is not at the revision the writer expected: someone appended meanwhile. The HTTP layer answers
 * 409 (one exception filter); writers that race on purpose (a job run twice, a key's second holder) catch it
 * by name, never by its message.
 */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
    message = `This record was changed by someone else meanwhile (expected revision ${String(expected)}, found ${String(actual)}). Reload it and try again.`,
  ) {
    super(message);
    this.name = 'ConcurrencyError';
  }
}

/** The stream was deleted for good (EventStoreDB tombstone): nothing can be read from or appended to it. */
export class StreamDeletedError extends Error {
  constructor(readonly streamId: string) {
    super('This record has been deleted from the event log and can no longer be read or changed.');
    this.name = 'StreamDeletedError';
  }
}

/** The events of one append are larger than the store accepts in one write (EventStoreDB: 1 MiB by default). */
export class AppendTooLargeError extends Error {
  constructor(
    readonly streamId: string,
    readonly maxBytes: number | undefined,
  ) {
    super(
      `This change is too large to record in one go${maxBytes ? ` (the event log accepts at most ${maxBytes} bytes per write)` : ''}. ` +
        'Make it smaller and try again.',
    );
    this.name = 'AppendTooLargeError';
  }
}

export const EVENT_STORE = Symbol('EVENT_STORE');
