import {
  ANY,
  AppendExpectedRevision,
  CurrentRevision,
  ErrorType,
  NO_STREAM,
  ReadPosition,
  START as ESDB_START,
  STREAM_EXISTS,
} from '@eventstore/db-client';
import { comparePositions, EventMetadata, ExpectedRevision, Position, RecordedEvent, START } from '../event-store';

/**
 * Pure translations between the event store port and @eventstore/db-client, kept apart from the adapter
 * so they can be unit-tested without a server.
 */

/** The port's expected revision as the client's: a number becomes a BigInt revision. */
export function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(`Expected revision must be a whole number from 0, got ${String(expected)}`);
      }
      return BigInt(expected);
  }
}

/** A stream revision from the server (bigint) as the port's number. */
export function revisionToNumber(revision: bigint): number {
  const n = Number(revision);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Stream revision ${revision} is too large`);
  return n;
}

/** The current revision reported with a WrongExpectedVersionError, in the port's terms. */
export function fromCurrentRevision(current: CurrentRevision | undefined): number | 'no_stream' {
  if (current === undefined || current === NO_STREAM) return 'no_stream';
  // The server reports -1 for a stream that does not exist in some versions.
  return current < 0n ? 'no_stream' : revisionToNumber(current);
}

/** True for the client's WrongExpectedVersionError (checked by its type tag, so two copies of the client also match). */
export function isWrongExpectedVersion(err: unknown): err is { type: ErrorType; actualVersion?: CurrentRevision } {
  return typeof err === 'object' && err !== null && (err as { type?: unknown }).type === ErrorType.WRONG_EXPECTED_VERSION;
}

export function isStreamNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { type?: unknown }).type === ErrorType.STREAM_NOT_FOUND;
}

/** The client's StreamDeletedError: the stream was tombstoned (hard-deleted); reads and appends fail for good. */
export function isStreamDeleted(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { type?: unknown }).type === ErrorType.STREAM_DELETED;
}

/** The client's MaxAppendSizeExceededError (the server's MaxAppendSize, 1 MiB by default), with the limit it reports. */
export function isMaxAppendSizeExceeded(err: unknown): err is { type: ErrorType; maxAppendSize?: number } {
  return typeof err === 'object' && err !== null && (err as { type?: unknown }).type === ErrorType.MAXIMUM_APPEND_SIZE_EXCEEDED;
}

/** Where to start a read of $all: the client's START for the port's START (or no position), else the pair. */
export function toReadPosition(after: Position | undefined): ReadPosition {
  if (!after || after.commit < 0n || after.prepare < 0n) return ESDB_START;
  return { commit: after.commit, prepare: after.prepare };
}

/**
 * The port reads strictly after a position, but EventStoreDB reads $all from a position inclusively
 * (and a subscription may or may not repeat it), so callers skip what is not strictly after.
 */
export function isStrictlyAfter(position: Position, after: Position | undefined): boolean {
  return comparePositions(position, after ?? START) > 0;
}

/** Events the server writes for itself: `$`-prefixed types (`$metadata`, `$>` links, `$statsCollected`) or streams. */
export function isSystemEvent(event: { type: string; streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

export function matchesEventTypes(type: string, eventTypes: readonly string[] | undefined): boolean {
  return !eventTypes || eventTypes.includes(type);
}

/**
 * The metadata as stored in EventStoreDB: the port's metadata plus EventStoreDB's own `$correlationId` and
 * `$causationId`, which its system projections (`$by_correlation_id`) understand, and the event's link in
 * the tamper-evident chain as `$hash` (outside what the hash covers: the port's metadata).
 */
export function toStoredMetadata(metadata: EventMetadata, hash?: string): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...metadata, $correlationId: metadata.correlationId };
  if (metadata.causationId) stored.$causationId = metadata.causationId;
  if (hash) stored.$hash = hash;
  return stored;
}

function parseStoredMetadata(raw: unknown): Record<string, unknown> {
  let parsed: unknown = raw;
  if (raw instanceof Uint8Array) {
    try {
      parsed = JSON.parse(Buffer.from(raw).toString('utf8'));
    } catch {
      parsed = undefined;
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** The chain hash stored with an event (`$hash`), or null for an event written without one. */
export function storedHash(raw: unknown): string | null {
  const hash = parseStoredMetadata(raw).$hash;
  return typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash) ? hash : null;
}

/**
 * The port's metadata back from what the server returns: the `$` keys are dropped; an event written by
 * something else (no or partial metadata) gets defaults from the recorded event so nothing downstream breaks.
 */
export function fromStoredMetadata(raw: unknown, recorded: { id: string; created?: Date }): EventMetadata {
  const source = parseStoredMetadata(raw);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (!key.startsWith('$')) rest[key] = value;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const actor = rest.actor as EventMetadata['actor'] | undefined;
  return {
    ...rest,
    eventId: str(rest.eventId) ?? recorded.id,
    schemaVersion: typeof rest.schemaVersion === 'number' ? rest.schemaVersion : 1,
    occurredAt: str(rest.occurredAt) ?? (recorded.created ?? new Date(0)).toISOString(),
    actor: actor && typeof actor === 'object' && typeof actor.type === 'string' ? actor : { type: 'system' },
    correlationId: str(rest.correlationId) ?? str(source.$correlationId) ?? recorded.id,
    causationId: str(rest.causationId) ?? str(source.$causationId) ?? null,
  };
}

/** The shape of a recorded event as the client returns it (only what the mapping needs). */
export interface ClientRecordedEvent {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created?: Date;
  data: unknown;
  metadata?: unknown;
  position?: { commit: bigint; prepare: bigint };
}

const UNKNOWN_POSITION = 2n ** 63n;

/**
 * The event's position, or undefined when the server did not give one: stream reads carry positions only
 * from server 22.6; older servers leave them out or send -1 as an unsigned 64-bit number.
 */
export function knownPosition(position: { commit: bigint; prepare: bigint } | undefined): Position | undefined {
  if (!position || position.commit < 0n || position.prepare < 0n) return undefined;
  if (position.commit >= UNKNOWN_POSITION || position.prepare >= UNKNOWN_POSITION) return undefined;
  return { commit: position.commit, prepare: position.prepare };
}

/** A client event as the port's RecordedEvent; `fallbackPosition` (START) stands in for an unknown position. */
export function toRecordedEvent(event: ClientRecordedEvent, fallbackPosition: Position = START): RecordedEvent {
  return {
    streamId: event.streamId,
    revision: revisionToNumber(event.revision),
    position: knownPosition(event.position) ?? fallbackPosition,
    type: event.type,
    data: event.data,
    metadata: fromStoredMetadata(event.metadata, event),
    hash: storedHash(event.metadata),
  };
}

/**
 * Remembers, per (after, eventTypes), how far a filtered read of $all has already found nothing. The
 * client's readAll cannot filter on the server, so a projection whose last event is far behind the head
 * would otherwise rescan the same tail on every poll. $all only grows at its end, so "nothing matching in
 * (after, scannedTo]" stays true.
 */
export class EmptyScanMemo {
  private readonly scannedTo = new Map<string, Position>();

  constructor(private readonly capacity = 256) {}

  private key(after: Position | undefined, eventTypes: readonly string[] | undefined): string {
    const a = after ?? START;
    return `${a.commit}/${a.prepare}|${eventTypes ? [...eventTypes].sort().join(',') : '*'}`;
  }

  /** Where to resume scanning: the furthest position known to hold nothing matching, else `after`. */
  resumeFrom(after: Position | undefined, eventTypes: readonly string[] | undefined): Position {
    return this.scannedTo.get(this.key(after, eventTypes)) ?? after ?? START;
  }

  /** Records that nothing matched in (after, scannedTo]. */
  remember(after: Position | undefined, eventTypes: readonly string[] | undefined, scannedTo: Position): void {
    const key = this.key(after, eventTypes);
    const known = this.scannedTo.get(key);
    if (known && comparePositions(known, scannedTo) >= 0) return;
    this.scannedTo.delete(key);
    this.scannedTo.set(key, scannedTo);
    // Oldest entries first in a Map: drop them beyond the capacity.
    while (this.scannedTo.size > this.capacity) this.scannedTo.delete(this.scannedTo.keys().next().value as string);
  }

  clear(): void {
    this.scannedTo.clear();
  }
}
