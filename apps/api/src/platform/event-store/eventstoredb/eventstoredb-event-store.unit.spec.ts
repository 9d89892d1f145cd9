import { randomUUID } from 'crypto';
import { comparePositions, EventToAppend, RecordedEvent, START } from '../event-store';
import { eventStoreContract } from '../event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { FakeEventStoreDbClient } from './fake-eventstoredb-client';

/**
 * The adapter's own logic (paging, exclusive reads, system events, re-subscribing) against an in-memory
 * client with EventStoreDB's habits. The real server is covered by eventstoredb-event-store.int.spec.ts.
 */
eventStoreContract('EventStoreDB adapter on a fake client', async () => {
  const store = new EventStoreDbEventStore(new FakeEventStoreDbClient().asClient());
  return { store, teardown: () => store.close() };
});

const event = (type: string, n: number): EventToAppend => ({
  type,
  data: { n },
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
    it('should return the position of the last event, not the commit position of the write', async () => {
      const result = await store.appendToStream('s', [event('A', 1), event('A', 2), event('A', 3)], 'no_stream');
      const read = await store.readStream('s');
      expect(comparePositions(result.position, read[2].position)).toBe(0);
      expect(comparePositions(result.position, read[0].position)).toBe(1);
    });

    it('should report the actual revision of a conflict', async () => {
      await store.appendToStream('s', [event('A', 1), event('A', 2)], 'no_stream');
      await expect(store.appendToStream('s', [event('A', 3)], 0)).rejects.toMatchObject({ actual: 1, expected: 0 });
      await expect(store.appendToStream('t', [event('A', 1)], 'stream_exists')).rejects.toMatchObject({ actual: 'no_stream' });
    });
  });

  describe('When reading $all', () => {
    it('should never return system events and report the newest non-system event as the head', async () => {
      expect(await store.headPosition()).toEqual(START);
      await store.appendToStream('s', [event('A', 1)], 'no_stream');
      const all = await store.readAll({ limit: 100 });
      expect(all.map((e) => e.type)).toEqual(['A']);
      // The fake writes a $statsCollected event after every append.
      expect(client.log[client.log.length - 1].type).toBe('$statsCollected');
      expect(await store.headPosition()).toEqual(all[0].position);
    });

    it('should find a rare event type across many pages and not rescan a tail that held nothing', async () => {
      for (let i = 0; i < 12; i++) await store.appendToStream(`noise-${i}`, Array.from({ length: 50 }, (_, j) => event('Noise', j)), 'any');
      await store.appendToStream('rare', [event('Rare', 1)], 'no_stream');
      const found = await store.readAll({ limit: 10, eventTypes: ['Rare'] });
      expect(found.map((e) => e.streamId)).toEqual(['rare']);

      const after = found[0].position;
      const first = client.readAllCalls;
      expect(await store.readAll({ after, limit: 10, eventTypes: ['Rare'] })).toEqual([]);
      await store.appendToStream('noise-x', Array.from({ length: 50 }, (_, j) => event('Noise', j)), 'any');
      const second = client.readAllCalls;
      expect(await store.readAll({ after, limit: 10, eventTypes: ['Rare'] })).toEqual([]);
      // The second poll resumes where the first one found nothing: a single page.
      expect(client.readAllCalls - second).toBe(1);
      expect(second - first).toBeGreaterThanOrEqual(1);

      await store.appendToStream('rare', [event('Rare', 2)], 0);
      expect((await store.readAll({ after, limit: 10, eventTypes: ['Rare'] })).map((e) => e.data.n)).toEqual([2]);
    });
  });

  describe('When the connection drops under a subscription', () => {
    it('should re-subscribe from the last handled event and deliver every event once, in order', async () => {
      await store.appendToStream('s', [event('A', 1), event('A', 2)], 'no_stream');
      const seen: number[] = [];
      const sub = store.subscribeToAll({}, async (e) => void seen.push(e.data.n));
      await until(() => seen.length === 2);

      client.dropSubscriptions();
      await store.appendToStream('s', [event('A', 3)], 1);
      await store.appendToStream('s', [event('A', 4)], 2);
      await until(() => seen.length === 4);
      await sub.stop();

      expect(seen).toEqual([1, 2, 3, 4]);
      expect(client.subscribeCalls).toBeGreaterThanOrEqual(2);
      expect(client.openSubscriptions).toBe(0);
    });

    it('should deliver an event again after its handler failed', async () => {
      await store.appendToStream('s', [event('A', 1), event('A', 2)], 'no_stream');
      const attempts: number[] = [];
      let failed = false;
      const sub = store.subscribeToAll({ eventTypes: ['A'] }, async (e: RecordedEvent) => {
        attempts.push(e.data.n);
        if (e.data.n === 2 && !failed) {
          failed = true;
          throw new Error('projection failed once');
        }
      });
      await until(() => attempts.length === 3);
      await sub.stop();
      expect(attempts).toEqual([1, 2, 2]);
    });

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
    it('should stop its subscriptions and dispose of the client', async () => {
      store.onAppended(() => undefined);
      store.subscribeToAll({}, async () => undefined);
      await until(() => client.openSubscriptions === 2);
      await store.close();
      expect(client.openSubscriptions).toBe(0);
      expect(client.disposed).toBe(true);
    });
  });
});
