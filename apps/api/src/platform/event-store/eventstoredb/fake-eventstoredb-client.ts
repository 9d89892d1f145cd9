import {
  ANY,
  AppendExpectedRevision,
  BACKWARDS,
  EventData,
  EventStoreDBClient,
  Filter,
  MaxAppendSizeExceededError,
  NO_STREAM,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { PassThrough, Readable } from 'stream';

/** Test double only (used by eventstoredb-event-store.unit.spec.ts). */

interface StoredEvent {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  isJson: true;
  position: { commit: bigint; prepare: bigint };
}

type Pos = { commit: bigint; prepare: bigint };
const cmp = (a: Pos, b: Pos) =>
  a.commit !== b.commit ? (a.commit < b.commit ? -1 : 1) : a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1;

interface FakeSubscription extends PassThrough {
  esdbFilter?: Filter;
  unsubscribe(): Promise<void>;
}

/** The server's default MaxAppendSize (1 MiB), checked against the events' data and metadata bytes. */
export const MAX_APPEND_SIZE = 1024 * 1024;

/**
 * An in-memory stand-in for EventStoreDBClient with the server's habits that the adapter must cope with
 * (as 24.10 and client 6.2.1 behave): system events interleaved in $all, reads of $all inclusive of their
 * starting position (forwards and backwards), subscriptions that repeat their starting event, an append
 * response carrying the position of the LAST event written, subscriptions that die on a drop and never
 * come back by themselves; and the failure modes: `success: false` with a meaningless revision when
 * throwOnAppendFailure is off, tombstoned streams (StreamDeletedError on read and append), and the 1 MiB
 * append limit (MaxAppendSizeExceededError).
 */
export class FakeEventStoreDbClient {
  readonly log: StoredEvent[] = [];
  private readonly revisions = new Map<string, bigint>();
  private readonly subscriptions = new Set<FakeSubscription>();
  private nextPosition = 0n;
  readAllCalls = 0;
  subscribeCalls = 0;
  hangReads = false;
  disposed = false;
  readStreamCalls = 0;
  /** As the client's option: false answers a conflict with `success: false` instead of throwing. */
  throwOnAppendFailure = true;
  /** An older server (before 22.6) sends no position with the append response. */
  omitAppendPosition = false;
  /** Stream reads fail (the connection dropped right after an append committed). */
  failStreamReads = false;
  /** Runs just before an append is applied: lets a test slip another writer in between. */
  beforeAppend: ((streamName: string) => void) | null = null;
  private readonly tombstoned = new Set<string>();

  constructor() {
    this.write('$settings', [{ id: 'settings', type: '$settings', data: {}, metadata: undefined }]);
    this.write('$stats-127.0.0.1:2113', [{ id: 'stats-0', type: '$statsCollected', data: {}, metadata: undefined }]);
  }

  asClient(): EventStoreDBClient {
    return this as unknown as EventStoreDBClient;
  }

  private write(streamId: string, events: { id: string; type: string; data: unknown; metadata: unknown }[]): StoredEvent[] {
    const commit = this.nextPosition;
    let revision = this.revisions.get(streamId) ?? -1n;
    const written = events.map((e) => {
      revision += 1n;
      const stored: StoredEvent = {
        streamId,
        id: e.id,
        revision,
        type: e.type,
        created: new Date(),
        data: JSON.parse(JSON.stringify(e.data ?? {})),
        metadata: e.metadata === undefined ? undefined : JSON.parse(JSON.stringify(e.metadata)),
        isJson: true,
        position: { commit, prepare: this.nextPosition },
      };
      this.nextPosition += 137n;
      return stored;
    });
    this.revisions.set(streamId, revision);
    this.log.push(...written);
    for (const sub of this.subscriptions) for (const e of written) if (matches(sub.esdbFilter, e)) sub.write({ event: e });
    return written;
  }

  async appendToStream(streamName: string, events: EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
    await new Promise((r) => setImmediate(r));
    const hook = this.beforeAppend;
    this.beforeAppend = null;
    hook?.(streamName);
    if (this.tombstoned.has(streamName)) throw new StreamDeletedError(undefined, streamName);
    const size = events.reduce((sum, e) => sum + bytes(e.data) + bytes(e.metadata), 0);
    if (size > MAX_APPEND_SIZE) throw new MaxAppendSizeExceededError(undefined, MAX_APPEND_SIZE);
    const expected = options.expectedRevision ?? ANY;
    const current = this.revisions.get(streamName);
    const ok =
      expected === ANY ||
      (expected === NO_STREAM && current === undefined) ||
      (expected === STREAM_EXISTS && current !== undefined) ||
      (typeof expected === 'bigint' && current === expected);
    if (!ok) {
      // Client 6.2.1's batch append computes this revision as BigInt(hasCurrentStreamRevision()): 0n or 1n.
      if (!this.throwOnAppendFailure) return { success: false, nextExpectedRevision: 1n, position: undefined };
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current: current ?? NO_STREAM });
    }
    const written = this.write(
      streamName,
      events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })),
    );
    // The server writes its own events in between.
    this.write('$stats-127.0.0.1:2113', [{ id: `stats-${this.log.length}`, type: '$statsCollected', data: {}, metadata: undefined }]);
    const last = written[written.length - 1];
    return {
      success: true,
      nextExpectedRevision: last.revision,
      position: this.omitAppendPosition ? undefined : { ...last.position },
    };
  }

  /** Another writer's event, appended at once (no checks): a concurrent writer as the adapter sees it. */
  writeDirectly(streamName: string, type: string, data: unknown): void {
    this.write(streamName, [{ id: `direct-${this.log.length}`, type, data, metadata: undefined }]);
  }

  /** A hard delete: the stream's events stay in $all as the server keeps them until scavenged, but the stream is gone. */
  tombstoneStream(streamName: string): void {
    this.tombstoned.add(streamName);
  }

  readStream(streamName: string, options: { fromRevision?: 'start' | 'end' | bigint; maxCount?: number; direction?: string } = {}) {
    this.readStreamCalls++;
    if (this.failStreamReads) return this.readable(new Error('14 UNAVAILABLE: Connection dropped'), []);
    if (this.tombstoned.has(streamName)) return this.readable(new StreamDeletedError(undefined, streamName), []);
    let events = this.log.filter((e) => e.streamId === streamName);
    const missing = events.length === 0 ? new StreamNotFoundError(undefined, streamName) : null;
    if (options.direction === BACKWARDS) {
      const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : null;
      events = events.filter((e) => from === null || e.revision <= from).reverse();
    } else {
      const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : 0n;
      events = events.filter((e) => e.revision >= from);
    }
    return this.readable(missing, events.slice(0, options.maxCount ?? Number.MAX_SAFE_INTEGER));
  }

  readAll(options: { fromPosition?: 'start' | 'end' | Pos; maxCount?: number; direction?: string } = {}) {
    this.readAllCalls++;
    const from = options.fromPosition ?? 'start';
    const max = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    let selected: StoredEvent[];
    if (options.direction === BACKWARDS) {
      const older = from === 'end' || from === 'start' ? this.log : this.log.filter((e) => cmp(e.position, from) <= 0);
      selected = [...older].reverse().slice(0, max);
    } else {
      selected = (from === 'start' ? this.log : from === 'end' ? [] : this.log.filter((e) => cmp(e.position, from) >= 0)).slice(0, max);
    }
    if (this.hangReads) {
      const hanging = new PassThrough({ objectMode: true }) as PassThrough & { cancel(): Promise<void> };
      hanging.cancel = async () => void hanging.destroy();
      return hanging;
    }
    return this.readable(null, selected);
  }

  subscribeToAll(options: { fromPosition?: 'start' | 'end' | Pos; filter?: Filter } = {}) {
    this.subscribeCalls++;
    const sub = new PassThrough({ objectMode: true, highWaterMark: 1 << 16 }) as unknown as FakeSubscription;
    sub.esdbFilter = options.filter;
    sub.unsubscribe = async () => {
      this.subscriptions.delete(sub);
      sub.destroy();
    };
    const from = options.fromPosition ?? 'start';
    if (from !== 'end') {
      for (const e of this.log) {
        if ((from === 'start' || cmp(e.position, from) >= 0) && matches(options.filter, e)) sub.write({ event: e });
      }
    }
    this.subscriptions.add(sub);
    setImmediate(() => sub.emit('confirmation'));
    return sub;
  }

  /** Every open subscription fails, as when the connection drops. */
  dropSubscriptions(error = new Error('14 UNAVAILABLE: Connection dropped')): void {
    const subs = [...this.subscriptions];
    this.subscriptions.clear();
    for (const sub of subs) sub.destroy(error);
  }

  get openSubscriptions(): number {
    return this.subscriptions.size;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.dropSubscriptions(new Error('1 CANCELLED: disposed'));
  }

  private readable(error: Error | null, events: StoredEvent[]) {
    async function* generate() {
      if (error) throw error;
      for (const event of events) yield { event };
    }
    const stream = Readable.from(generate()) as Readable & { cancel(): Promise<void> };
    stream.cancel = async () => void stream.destroy();
    return stream;
  }
}

function bytes(value: unknown): number {
  if (value === undefined) return 0;
  if (value instanceof Uint8Array) return value.byteLength;
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

function matches(filter: Filter | undefined, event: StoredEvent): boolean {
  if (!filter) return true;
  const subject = filter.filterOn === 'eventType' ? event.type : event.streamId;
  if ('regex' in filter) return new RegExp(filter.regex).test(subject);
  return filter.prefixes.some((p) => subject.startsWith(p));
}
