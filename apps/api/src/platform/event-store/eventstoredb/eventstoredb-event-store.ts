import { Logger } from '@nestjs/common';
import {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  jsonEvent,
  JSONType,
  NO_STREAM,
  ReadPosition,
} from '@eventstore/db-client';
import {
  AppendedListener,
  Backlog,
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  LogFilter,
  LogPage,
  matchesLogFilter,
  Position,
  AppendTooLargeError,
  ReadAllOptions,
  ReadBatch,
  RecordedEvent,
  START,
  StreamDeletedError,
  ConcurrencyError,
} from '../event-store';
import { chainHashes, GENESIS_HASH } from '../log-chain';
import {
  EmptyScanMemo,
  fromCurrentRevision,
  isStrictlyAfter,
  isMaxAppendSizeExceeded,
  isStreamDeleted,
  isStreamNotFound,
  isSystemEvent,
  isWrongExpectedVersion,
  knownPosition,
  matchesEventTypes,
  revisionToNumber,
  storedHash,
  toExpectedRevision,
  toReadPosition,
  toRecordedEvent,
  toStoredMetadata,
} from './eventstoredb-mapping';

/** How many events of the log an audit page scans at most (see readLog). */
const LOG_SCAN_LIMIT = 20_000;
/** Raw events fetched per round trip when reading $all (the filter is applied on this side). */
const PAGE_SIZE = 500;
const PING_TIMEOUT_MS = 5000;
/** Appends with 'any' or 'stream_exists' that lose a race with another writer try again this many times. */
const APPEND_ATTEMPTS = 20;

/**
 * The EventStoreDB adapter (EVENTSTORE_URL, e.g. esdb://localhost:2113?tls=false). Streams, optimistic
 * concurrency and the global order are EventStoreDB's own; positions are its (commit, prepare) pairs.
 * EventStoreDB subscriptions end on any error and never come back by themselves, so both the live
 * wake-up subscription and catch-up subscriptions re-subscribe from where they stopped.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;
  private readonly logger = new Logger('EventStoreDB');
  private readonly listeners = new Set<AppendedListener>();
  private readonly emptyScans = new EmptyScanMemo();
  private live: AllStreamSubscription | null = null;
  private liveRetry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(connection: string | EventStoreDBClient) {
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
    // With throwOnAppendFailure=false the client reports a conflict as a "successful" append whose revision
    // means nothing (6.2.1's batch append even turns a boolean into it); the port needs the conflict.
    if ((this.client as unknown as { throwOnAppendFailure?: boolean }).throwOnAppendFailure === false) {
      throw new Error('EVENTSTORE_URL must not set throwOnAppendFailure=false: Facet needs append conflicts reported as errors');
    }
  }

  /**
   * Reads the stream's last event for its revision and chain hash, links the new events to it, and appends
   * at exactly that revision: a writer that got in between makes the append fail instead of forking the
   * chain. 'any' and 'stream_exists' retry a few times after such a race; a number or 'no_stream' that does
   * not match what was read is a conflict at once. The one extra read per append is the price of computing
   * the chain on this side (EventStoreDB has no server-side logic for it).
   */
  async appendToStream(streamId: string, events: EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    toExpectedRevision(expected); // validates a numeric expectation before any round trip
    for (let attempt = 1; ; attempt++) {
      const head = await this.streamHead(streamId);
      const actual = head ? head.revision : 'no_stream';
      const fits =
        expected === 'any' || (expected === 'no_stream' ? !head : expected === 'stream_exists' ? !!head : head?.revision === expected);
      if (!fits) throw new ConcurrencyError(streamId, expected, actual);
      const hashes = chainHashes(
        head?.hash ?? GENESIS_HASH,
        events.map((e) => ({ streamId, type: e.type, data: e.data, metadata: e.metadata })),
      );
      try {
        return await this.appendAt(streamId, events, hashes, head ? BigInt(head.revision) : NO_STREAM, expected);
      } catch (err) {
        const retry = (expected === 'any' || expected === 'stream_exists') && attempt < APPEND_ATTEMPTS;
        if (err instanceof ConcurrencyError && retry) {
          await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
          continue;
        }
        throw err;
      }
    }
  }

  /** The last event's revision and chain hash, or null when the stream does not exist. */
  private async streamHead(streamId: string): Promise<{ revision: number; hash: string | null } | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        if (resolved.event) return { revision: revisionToNumber(resolved.event.revision), hash: storedHash(resolved.event.metadata) };
      }
    } catch (err) {
      if (isStreamNotFound(err)) return null;
      if (isStreamDeleted(err)) throw new StreamDeletedError(streamId);
      throw err;
    }
    return null;
  }

  private async appendAt(
    streamId: string,
    events: EventToAppend[],
    hashes: string[],
    expectedRevision: bigint | typeof NO_STREAM,
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    let result;
    try {
      result = await this.client.appendToStream(
        streamId,
        events.map((e, i) =>
          jsonEvent({ id: e.metadata.eventId, type: e.type, data: e.data as JSONType, metadata: toStoredMetadata(e.metadata, hashes[i]) }),
        ),
        { expectedRevision },
      );
    } catch (err) {
      if (isWrongExpectedVersion(err)) {
        throw new ConcurrencyError(streamId, expected, fromCurrentRevision(err.actualVersion));
      }
      if (isStreamDeleted(err)) throw new StreamDeletedError(streamId);
      if (isMaxAppendSizeExceeded(err)) throw new AppendTooLargeError(streamId, err.maxAppendSize);
      throw err;
    }
    // Only reachable with a client built with throwOnAppendFailure=false (the constructor refuses that in a
    // connection string): the conflict comes back as a value, and its revision is not to be trusted.
    if (!result.success) throw new ConcurrencyError(streamId, expected, await this.currentRevision(streamId));
    const nextRevision = revisionToNumber(result.nextExpectedRevision);
    return { nextRevision, position: await this.positionOfAppend(streamId, nextRevision, result.position) };
  }

  /**
   * Where the append ended in $all. From 22.6 on (checked against 24.10) the append response carries the
   * position of the LAST event written, which is what read-your-writes compares with projection
   * checkpoints, so no extra round trip is needed. Older servers leave it out; then the last event is read
   * back. The events are committed at this point, so a failing read must not turn the append into an error
   * (the caller would retry and get a 409): it is logged and START returned, which only means the caller
   * does not wait for its projections this once.
   */
  private async positionOfAppend(streamId: string, revision: number, fromResponse: Position | undefined): Promise<Position> {
    const known = knownPosition(fromResponse);
    if (known) return known;
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: BigInt(revision), maxCount: 1 })) {
        const position = knownPosition(resolved.event?.position);
        if (position) return position;
      }
      this.logger.warn(`EventStoreDB gave no position for ${streamId}@${revision}; the append stands (the server must be 22.6 or newer)`);
    } catch (err) {
      this.logger.warn(`Could not read back the position of ${streamId}@${revision} (${(err as Error).message}); the append stands`);
    }
    return START;
  }

  /** The stream's last revision as the server reports it now (for the conflict error's message). */
  private async currentRevision(streamId: string): Promise<number | 'no_stream'> {
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        if (resolved.event) return revisionToNumber(resolved.event.revision);
      }
    } catch (err) {
      if (!isStreamNotFound(err)) throw err;
    }
    return 'no_stream';
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId)) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (err) {
      if (isStreamNotFound(err)) return [];
      if (isStreamDeleted(err)) throw new StreamDeletedError(streamId);
      throw err;
    }
    return events;
  }

  /**
   * The client's readAll cannot filter on the server, so pages of raw events are filtered here (system
   * events, then the event types) until `limit` events are found or the end of $all is reached.
   */
  async readAll({ after = START, limit, eventTypes }: ReadAllOptions): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    if (limit <= 0) return found;
    let cursor = this.emptyScans.resumeFrom(after, eventTypes);
    for (;;) {
      const page = await this.readAllPage(toReadPosition(cursor), PAGE_SIZE);
      let lastSeen: Position | null = null;
      for (const resolved of page) {
        const event = resolved.event;
        if (!event) continue;
        // $all is read from a position inclusively; the port reads strictly after it.
        if (!isStrictlyAfter(event.position, cursor)) continue;
        lastSeen = event.position;
        if (isSystemEvent(event) || !matchesEventTypes(event.type, eventTypes)) continue;
        found.push(toRecordedEvent(event));
        if (found.length === limit) return found;
      }
      if (!lastSeen || page.length < PAGE_SIZE) {
        if (found.length === 0 && lastSeen) this.emptyScans.remember(after, eventTypes, lastSeen);
        return found;
      }
      if (found.length === 0) this.emptyScans.remember(after, eventTypes, lastSeen);
      cursor = lastSeen;
    }
  }

  /**
   * No query language over $all: scan the log through readAll (the first LOG_SCAN_LIMIT events, a bound
   * on the cost of one audit page) and filter here with the port's own rule.
   */
  async readLog(f: LogFilter): Promise<LogPage> {
    const matched: RecordedEvent[] = [];
    let after = START;
    for (let scanned = 0; scanned < LOG_SCAN_LIMIT;) {
      const batch = await this.readAll({ after, limit: 1000, eventTypes: f.eventTypes?.length ? f.eventTypes : undefined });
      if (batch.length === 0) break;
      scanned += batch.length;
      for (const e of batch) if (matchesLogFilter(e, f)) matched.push(e);
      after = batch[batch.length - 1].position;
    }
    matched.reverse();
    return { events: matched.slice(f.offset, f.offset + f.limit), total: matched.length };
  }

  /** $all has no late commits: what is written is readable at once. */
  async readBatch(options: ReadAllOptions): Promise<ReadBatch> {
    return { events: await this.readAll(options), heldBack: false };
  }

  private async readAllPage(fromPosition: ReadPosition, maxCount: number): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    const read = this.client.readAll({
      fromPosition,
      maxCount,
      resolveLinkTos: false,
    });
    for await (const resolved of read) page.push(resolved);
    return page;
  }

  async countBehind(after: Position, eventTypes: readonly string[], limit: number): Promise<Backlog> {
    const behind = await this.readAll({ after, limit, eventTypes });
    return { count: behind.length, oldestAt: behind[0] ? new Date(behind[0].metadata.occurredAt) : null };
  }

  /** $all read backwards a page at a time, filtered here (see readAll), until an event of the types is found. */
  async lastPosition(eventTypes: readonly string[]): Promise<Position | null> {
    let before: Position | null = null;
    for (;;) {
      const page: AllStreamResolvedEvent[] = [];
      const fromPosition = before ? toReadPosition(before) : END;
      for await (const resolved of this.client.readAll({
        fromPosition,
        direction: BACKWARDS,
        maxCount: PAGE_SIZE,
        resolveLinkTos: false,
      })) {
        page.push(resolved);
      }
      let oldest: Position | null = null;
      for (const { event } of page) {
        // Read backwards from a position inclusively: the event there was on the page before.
        if (!event || (before && !isStrictlyAfter(before, event.position))) continue;
        oldest = event.position;
        if (!isSystemEvent(event) && matchesEventTypes(event.type, eventTypes)) return event.position;
      }
      if (!oldest || page.length < PAGE_SIZE) return null;
      before = oldest;
    }
  }

  onAppended(listener: AppendedListener): () => void {
    this.listeners.add(listener);
    this.ensureLive();
    return () => this.listeners.delete(listener);
  }

  wakeReaders(eventTypes: readonly string[] | null): void {
    this.notify(eventTypes);
  }

  private notify(eventTypes: readonly string[] | null): void {
    for (const listener of this.listeners) listener(eventTypes, false);
  }

  /** One live subscription (from the end of $all, no system events) wakes every listener on each new event. */
  private ensureLive(): void {
    if (this.live || this.liveRetry || this.closed) return;
    const sub = this.client.subscribeToAll({ fromPosition: END, resolveLinkTos: false, filter: excludeSystemEvents() });
    this.live = sub;
    // Events may have been appended while not subscribed, so a (re)subscription wakes everyone once.
    sub.on('confirmation', () => this.notify(null));
    sub.on('data', (resolved: AllStreamResolvedEvent) => this.notify(resolved.event ? [resolved.event.type] : null));
    const dropped = (err?: Error) => {
      if (this.live !== sub) return;
      this.live = null;
      sub.unsubscribe().catch(() => undefined);
      if (this.closed) return;
      if (err) this.logger.warn(`Live subscription dropped (${err.message}); re-subscribing`);
      this.liveRetry = setTimeout(() => {
        this.liveRetry = null;
        this.ensureLive();
      }, 1000);
      this.liveRetry.unref();
      this.notify(null);
    };
    sub.on('error', dropped);
    sub.on('end', () => dropped());
    sub.on('close', () => dropped());
  }

  /**
   * A cheap read (one event of $all) that fails when the server cannot be reached. The client gives reads
   * no deadline, so the wait is bounded here.
   */
  async ping(timeoutMs = PING_TIMEOUT_MS): Promise<void> {
    const read = this.client.readAll({ maxCount: 1, resolveLinkTos: false });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        read.cancel().catch(() => undefined);
        reject(new Error(`EventStoreDB did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    const drain = (async () => {
      for await (const _ of read) {
        // One event (or none on an empty log) is enough.
      }
    })();
    drain.catch(() => undefined);
    try {
      await Promise.race([drain, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    if (this.liveRetry) clearTimeout(this.liveRetry);
    this.liveRetry = null;
    const live = this.live;
    this.live = null;
    await live?.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }
}
