import { randomUUID } from 'crypto';
import {
  AppendTooLargeError,
  comparePositions,
  EventToAppend,
  RecordedEvent,
  START,
  StreamDeletedError,
  ConcurrencyError,
} from '../event-store';

/** The number these events carry (the store hands data out untyped). */
const nOf = (e: RecordedEvent) => (e.data as { n: number }).n;
import { HttpExceptionFilter } from '../../http/http-exception.filter';
import { ChainChecker } from '../log-chain';
import { eventStoreContract } from '../event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { FakeEventStoreDbClient, MAX_APPEND_SIZE } from './fake-eventstoredb-client';

/**
 * The adapter's own logic (paging, exclusive reads, system events, re-subscribing) against an in-memory
 * client with EventStoreDB's habits. The real server is covered by eventstoredb-event-store.int.spec.ts.
 */
eventStoreContract('EventStoreDB adapter on a fake client', async () => {
  const store = new EventStoreDbEventStore(new FakeEventStoreDbClient().asClient());
  return { store, teardown: () => store.close() };
});

const event = (type: string, n: number, extra: Record<string, unknown> = {}): EventToAppend => ({
  type,
  data: { n, ...extra },
  metadata: {
    eventId: randomUUID(),
    schemaVersion: 1,
    occurredAt: new Date().toISOString(),
    actor: { type: 'system' },
    correlationId: randomUUID(),
    causationId: null,
  },
});

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('EventStoreDbEventStore', () => {
  let client: FakeEventStoreDbClient;
  let store: EventStoreDbEventStore;
  beforeEach(() => {
    client = new FakeEventStoreDbClient();
    store = new EventStoreDbEventStore(client.asClient());
  });
  afterEach(async () => {
    await store.close();
  });

  describe('When appending several events at once', () => {
    it('should return the position of the last event from the append response alone, with no read after it', async () => {
      const result = await store.appendToStream('s', [event('A', 1), event('A', 2), event('A', 3)], 'no_stream');
      // One read before the append (the stream's head, for the chain), none after.
      expect(client.readStreamCalls).toBe(1);
      const read = await store.readStream('s');
      expect(comparePositions(result.position, read[2].position)).toBe(0);
      expect(comparePositions(result.position, read[0].position)).toBe(1);
    });

    it('should read the last event back only when the server sends no position (before 22.6)', async () => {
      client.omitAppendPosition = true;
      const result = await store.appendToStream('s', [event('A', 1), event('A', 2)], 'no_stream');
      expect(client.readStreamCalls).toBe(2);
      const read = await store.readStream('s');
      expect(comparePositions(result.position, read[1].position)).toBe(0);
    });

    it('should never turn a committed append into an error when that read-back fails', async () => {
      client.omitAppendPosition = true;
      // The connection drops just after the append is applied, before the position is read back.
      client.beforeAppend = () => void (client.failStreamReads = true);
      const result = await store.appendToStream('s', [event('A', 1)], 'no_stream');
      expect(result).toEqual({ nextRevision: 0, position: START });
      client.failStreamReads = false;
      expect((await store.readStream('s')).map(nOf)).toEqual([1]);
      // The caller's retry with the revision it now knows goes through; nothing was doubled.
      await store.appendToStream('s', [event('A', 2)], 0);
      expect((await store.readStream('s')).map(nOf)).toEqual([1, 2]);
    });

    it('should report the actual revision of a conflict', async () => {
      await store.appendToStream('s', [event('A', 1), event('A', 2)], 'no_stream');
      await expect(store.appendToStream('s', [event('A', 3)], 0)).rejects.toMatchObject({ actual: 1, expected: 0 });
      await expect(store.appendToStream('t', [event('A', 1)], 'stream_exists')).rejects.toMatchObject({ actual: 'no_stream' });
    });
  });

  describe('When the client reports conflicts as values (throwOnAppendFailure=false)', () => {
    it('should refuse such a connection string', () => {
      expect(() => new EventStoreDbEventStore('esdb://localhost:2113?tls=false&throwOnAppendFailure=false')).toThrow(
        /throwOnAppendFailure=false/,
      );
    });

    it('should refuse such a client', () => {
      const lenient = new FakeEventStoreDbClient();
      lenient.throwOnAppendFailure = false;
      expect(() => new EventStoreDbEventStore(lenient.asClient())).toThrow(/throwOnAppendFailure/);
    });

    it('should map success === false to a conflict with the real current revision, not the meaningless one', async () => {
      await store.appendToStream('s', [event('A', 1), event('A', 2), event('A', 3)], 'no_stream');
      client.throwOnAppendFailure = false;
      // Another writer gets in between the adapter's read of the head and its append.
      client.beforeAppend = (name) => client.writeDirectly(name, 'A', { n: 99 });
      const error = await store.appendToStream('s', [event('A', 4)], 2).catch((e) => e);
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect(error).toMatchObject({ actual: 3, expected: 2 });
      expect((await store.readStream('s')).map(nOf)).toEqual([1, 2, 3, 99]);
    });
  });

  describe('When chaining hashes', () => {
    it('should link each event to the previous one of its stream, and retry an "any" append that lost a race', async () => {
      await store.appendToStream('c', [event('A', 1), event('A', 2)], 'no_stream');
      client.beforeAppend = () => void store.appendToStream('c', [event('A', 3)], 'any');
      await store.appendToStream('c', [event('A', 4)], 'any');
      await until(() => client.log.filter((e) => e.streamId === 'c').length === 4);
      const read = await store.readStream('c');
      const checker = new ChainChecker();
      expect(read.map((e) => checker.check({ ...e, position: String(e.revision) }))).toEqual([null, null, null, null]);
      expect(new Set(read.map((e) => e.hash)).size).toBe(4);
    });
  });

  describe('When a stream was deleted for good (tombstoned)', () => {
    it("should answer reads and appends with the port's StreamDeletedError, which HTTP maps to 410", async () => {
      await store.appendToStream('gone', [event('A', 1)], 'no_stream');
      client.tombstoneStream('gone');
      await expect(store.readStream('gone')).rejects.toBeInstanceOf(StreamDeletedError);
      const append = store.appendToStream('gone', [event('A', 2)], 0);
      await expect(append).rejects.toBeInstanceOf(StreamDeletedError);
      const error = await store.readStream('gone').catch((e) => e);
      expect(error.streamId).toBe('gone');
      expect(new HttpExceptionFilter().describe(error).status).toBe(410);
      // A stream that never existed is still just empty.
      expect(await store.readStream('never')).toEqual([]);
    });
  });

  describe('When an append is larger than the server accepts (1 MiB)', () => {
    it("should refuse it with the port's AppendTooLargeError naming the limit, which HTTP maps to 413", async () => {
      const half = 'x'.repeat(MAX_APPEND_SIZE / 2);
      const error = await store.appendToStream('big', [event('A', 1, { half }), event('A', 2, { half })], 'no_stream').catch((e) => e);
      expect(error).toBeInstanceOf(AppendTooLargeError);
      expect(error.maxBytes).toBe(MAX_APPEND_SIZE);
      expect(error.message).toContain(String(MAX_APPEND_SIZE));
      const described = new HttpExceptionFilter().describe(error);
      expect(described.status).toBe(413);
      expect(described.body.detail).toMatch(/too large/);
      expect(await store.readStream('big')).toEqual([]);
      // Just under the limit goes through.
      await store.appendToStream('big', [event('A', 1, { half: 'x'.repeat(MAX_APPEND_SIZE / 2 - 1000) })], 'no_stream');
    });
  });

  describe('When reading $all', () => {
    it("should never return system events, nor count them as a reader's backlog", async () => {
      await store.appendToStream('s', [event('A', 1)], 'no_stream');
      const all = await store.readAll({ limit: 100 });
      expect(all.map((e) => e.type)).toEqual(['A']);
      // The fake writes a $statsCollected event after every append.
      expect(client.log[client.log.length - 1].type).toBe('$statsCollected');
      expect(await store.countBehind(START, ['A', '$statsCollected'], 100)).toMatchObject({ count: 1 });
      expect(await store.countBehind(all[0].position, ['A'], 100)).toEqual({ count: 0, oldestAt: null });
    });

    it('should find a rare event type across many pages and not rescan a tail that held nothing', async () => {
      for (let i = 0; i < 12; i++)
        await store.appendToStream(
          `noise-${i}`,
          Array.from({ length: 50 }, (_, j) => event('Noise', j)),
          'any',
        );
      await store.appendToStream('rare', [event('Rare', 1)], 'no_stream');
      const found = await store.readAll({ limit: 10, eventTypes: ['Rare'] });
      expect(found.map((e) => e.streamId)).toEqual(['rare']);

      const after = found[0].position;
      const first = client.readAllCalls;
      expect(await store.readAll({ after, limit: 10, eventTypes: ['Rare'] })).toEqual([]);
      await store.appendToStream(
        'noise-x',
        Array.from({ length: 50 }, (_, j) => event('Noise', j)),
        'any',
      );
      const second = client.readAllCalls;
      expect(await store.readAll({ after, limit: 10, eventTypes: ['Rare'] })).toEqual([]);
      // The second poll resumes where the first one found nothing: a single page.
      expect(client.readAllCalls - second).toBe(1);
      expect(second - first).toBeGreaterThanOrEqual(1);

      await store.appendToStream('rare', [event('Rare', 2)], 0);
      expect((await store.readAll({ after, limit: 10, eventTypes: ['Rare'] })).map(nOf)).toEqual([2]);
    });
  });

  describe('When the connection drops under the live subscription', () => {
    it('should wake onAppended listeners again once the live subscription is back', async () => {
      let woken = 0;
      store.onAppended(() => woken++);
      await until(() => client.openSubscriptions === 1);
      client.dropSubscriptions();
      await until(() => client.openSubscriptions === 1, 3000);
      const before = woken;
      await store.appendToStream('s', [event('A', 1)], 'no_stream');
      await until(() => woken > before);
    });
  });

  describe('When pinging', () => {
    it('should resolve against a reachable server and fail when a read does not answer in time', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
      client.hangReads = true;
      await expect(store.ping(50)).rejects.toThrow(/did not answer/);
    });
  });

  describe('When closing', () => {
    it('should stop its live subscription and dispose of the client', async () => {
      store.onAppended(() => undefined);
      await until(() => client.openSubscriptions === 1);
      await store.close();
      expect(client.openSubscriptions).toBe(0);
      expect(client.disposed).toBe(true);
    });
  });
});
