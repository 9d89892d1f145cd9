import {
  ANY,
  AppendExpectedRevision,
  BACKWARDS,
  EventData,
  EventStoreDBClient,
  Filter,
  NO_STREAM,
  STREAM_EXISTS,
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
const cmp = (a: Pos, b: Pos) => (a.commit !== b.commit ? (a.commit < b.commit ? -1 : 1) : a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1);

interface FakeSubscription extends PassThrough {
  esdbFilter?: Filter;
  unsubscribe(): Promise<void>;
}

/**
 * An in-memory stand-in for EventStoreDBClient with the server's habits that the adapter must cope with:
 * system events interleaved in $all, reads of $all inclusive of their starting position (forwards and
 * backwards), subscriptions that repeat their starting event, an append position that is the write's
 * commit position (the first event's) rather than the last event's, and subscriptions that die on a drop
 * and never come back by themselves.
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
    const expected = options.expectedRevision ?? ANY;
    const current = this.revisions.get(streamName);
    const ok =
      expected === ANY ||
      (expected === NO_STREAM && current === undefined) ||
      (expected === STREAM_EXISTS && current !== undefined) ||
      (typeof expected === 'bigint' && current === expected);
    if (!ok) {
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current: current ?? NO_STREAM });
    }
    const written = this.write(
      streamName,
      events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })),
    );
    // The server writes its own events in between.
    this.write('$stats-127.0.0.1:2113', [{ id: `stats-${this.log.length}`, type: '$statsCollected', data: {}, metadata: undefined }]);
    return {
      success: true,
      nextExpectedRevision: written[written.length - 1].revision,
      position: { commit: written[0].position.commit, prepare: written[0].position.commit },
    };
  }

  readStream(streamName: string, options: { fromRevision?: 'start' | bigint; maxCount?: number } = {}) {
    const events = this.log.filter((e) => e.streamId === streamName);
    const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : 0n;
    const selected = events.filter((e) => e.revision >= from).slice(0, options.maxCount ?? Number.MAX_SAFE_INTEGER);
    return this.readable(events.length === 0 ? new StreamNotFoundError(undefined, streamName) : null, selected);
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

function matches(filter: Filter | undefined, event: StoredEvent): boolean {
  if (!filter) return true;
  const subject = filter.filterOn === 'eventType' ? event.type : event.streamId;
  if ('regex' in filter) return new RegExp(filter.regex).test(subject);
  return filter.prefixes.some((p) => subject.startsWith(p));
}
