import { randomUUID } from 'crypto';
import { comparePositions, EventStore, Position, EventToAppend, RecordedEvent, START, ConcurrencyError } from './event-store';

/** The number every event of this suite carries (the store hands data out untyped). */
const nOf = (e: RecordedEvent) => (e.data as { n: number }).n;
import { ChainChecker, chainHashes, GENESIS_HASH } from './log-chain';

/**
 * Each step's own timeout: long enough for a real EventStoreDB on a slow, shared machine (a first gRPC
 * connection, a catch-up subscription), where jest's 5 s default (or the suite's 30 s) is not.
 */
const STEP_TIMEOUT_MS = 120_000;

/**
 * The behaviour every EventStore adapter must have. Each adapter's *.int.spec.ts calls this with a
 * factory that gives a store on an empty (or at least isolated) log.
 */
export function eventStoreContract(adapter: string, setup: () => Promise<{ store: EventStore; teardown(): Promise<void> }>): void {
  describe(`EventStore contract: ${adapter}`, () => {
    let store: EventStore;
    let teardown: () => Promise<void>;
    // Streams are unique per run so the suite also works on a shared EventStoreDB.
    const run = randomUUID().slice(0, 8);
    const stream = (name: string) => `contract${run}-${name}`;

    const event = (type: string, n: number, actorId = 'tester'): EventToAppend => ({
      type,
      data: { n, text: `event ${n}` },
      metadata: {
        eventId: randomUUID(),
        schemaVersion: 1,
        occurredAt: new Date().toISOString(),
        actor: { type: 'staff', id: actorId },
        correlationId: randomUUID(),
        causationId: null,
      },
    });

    /** A position to read after: that of a marker event appended now, so a test sees only what follows. */
    async function mark(): Promise<Position> {
      return (await store.appendToStream(stream(`mark-${randomUUID()}`), [event('Mark', 0)], 'no_stream')).position;
    }

    /**
     * readAll until `count` events are there (bounded): PostgreSQL holds back events behind a transaction
     * still open (e.g. the wake-up NOTIFY of an earlier append), so an append becomes readable shortly
     * after it returns, never out of order and never skipped.
     */
    async function readAllOnceVisible(
      options: Parameters<EventStore['readAll']>[0],
      count: number,
      select: (events: RecordedEvent[]) => RecordedEvent[] = (e) => e,
    ): Promise<RecordedEvent[]> {
      let read = select(await store.readAll(options));
      for (const deadline = Date.now() + 10_000; read.length < count && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 20));
        read = select(await store.readAll(options));
      }
      return read;
    }

    beforeAll(async () => {
      ({ store, teardown } = await setup());
    }, STEP_TIMEOUT_MS);
    afterAll(async () => {
      await teardown();
    }, STEP_TIMEOUT_MS);

    describe('When appending to a new stream', () => {
      it(
        'should read the events back in order with their metadata',
        async () => {
          const s = stream('order');
          const appended = [event('ThingHappened', 1), event('ThingHappened', 2), event('OtherThingHappened', 3)];
          const result = await store.appendToStream(s, appended, 'no_stream');
          expect(result.nextRevision).toBe(2);
          const read = await store.readStream(s);
          expect(read.map(nOf)).toEqual([1, 2, 3]);
          expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
          expect(read.map((e) => e.type)).toEqual(['ThingHappened', 'ThingHappened', 'OtherThingHappened']);
          expect(read[0].metadata).toEqual(appended[0].metadata);
          expect(comparePositions(read[2].position, result.position)).toBe(0);
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should return an empty list for a stream that does not exist',
        async () => {
          expect(await store.readStream(stream('missing'))).toEqual([]);
        },
        STEP_TIMEOUT_MS,
      );
    });

    describe('When the expected revision is stale', () => {
      it(
        'should refuse the append with a ConcurrencyError',
        async () => {
          const s = stream('conflict');
          await store.appendToStream(s, [event('A', 1)], 'no_stream');
          await store.appendToStream(s, [event('A', 2)], 0);
          await expect(store.appendToStream(s, [event('A', 3)], 0)).rejects.toBeInstanceOf(ConcurrencyError);
          await expect(store.appendToStream(s, [event('A', 3)], 'no_stream')).rejects.toBeInstanceOf(ConcurrencyError);
          await expect(store.appendToStream(stream('nothing-here'), [event('A', 1)], 3)).rejects.toBeInstanceOf(ConcurrencyError);
          expect((await store.readStream(s)).map(nOf)).toEqual([1, 2]);
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should accept any revision with "any" and an existing stream with "stream_exists"',
        async () => {
          const s = stream('any');
          await store.appendToStream(s, [event('A', 1)], 'any');
          await store.appendToStream(s, [event('A', 2)], 'any');
          await store.appendToStream(s, [event('A', 3)], 'stream_exists');
          await expect(store.appendToStream(stream('absent'), [event('A', 1)], 'stream_exists')).rejects.toBeInstanceOf(ConcurrencyError);
          expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2]);
        },
        STEP_TIMEOUT_MS,
      );
    });

    describe('When many appenders race on one stream', () => {
      it(
        'should let exactly one of them win',
        async () => {
          const s = stream('race');
          await store.appendToStream(s, [event('A', 0)], 'no_stream');
          const attempts = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.appendToStream(s, [event('A', i + 1)], 0)));
          const won = attempts.filter((a) => a.status === 'fulfilled');
          const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
          expect(won).toHaveLength(1);
          expect(lost).toHaveLength(9);
          for (const l of lost) expect(l.reason).toBeInstanceOf(ConcurrencyError);
          expect(await store.readStream(s)).toHaveLength(2);
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should let exactly one of many creators of a new stream win',
        async () => {
          const s = stream('create-race');
          const attempts = await Promise.allSettled(
            Array.from({ length: 8 }, (_, i) => store.appendToStream(s, [event('A', i)], 'no_stream')),
          );
          expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
          expect(await store.readStream(s)).toHaveLength(1);
        },
        STEP_TIMEOUT_MS,
      );
    });

    describe('When reading all streams', () => {
      it(
        'should return events across streams in the order they were appended, resuming from a checkpoint',
        async () => {
          const start = await mark();
          const a = stream('global-a');
          const b = stream('global-b');
          await store.appendToStream(a, [event('G', 1)], 'no_stream');
          await store.appendToStream(b, [event('G', 2), event('G', 3)], 'no_stream');
          await store.appendToStream(a, [event('G', 4)], 0);
          const mine = (events: RecordedEvent[]) => events.filter((e) => e.streamId === a || e.streamId === b);

          const all = await readAllOnceVisible({ after: start, limit: 1000 }, 4, mine);
          expect(all.map(nOf)).toEqual([1, 2, 3, 4]);
          for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1].position, all[i].position)).toBe(-1);

          // Resume after the second event: only the rest comes back.
          const rest = mine(await store.readAll({ after: all[1].position, limit: 1000 }));
          expect(rest.map(nOf)).toEqual([3, 4]);

          // Paging with a small limit visits every event once.
          const paged: RecordedEvent[] = [];
          let after = start;
          for (;;) {
            const page = await store.readAll({ after, limit: 2 });
            if (page.length === 0) break;
            paged.push(...page);
            after = page[page.length - 1].position;
          }
          expect(mine(paged).map(nOf)).toEqual([1, 2, 3, 4]);
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should filter by event type',
        async () => {
          const start = await mark();
          const s = stream('types');
          await store.appendToStream(s, [event(`Kept${run}`, 1), event(`Dropped${run}`, 2), event(`Kept${run}`, 3)], 'no_stream');
          const read = await readAllOnceVisible({ after: start, limit: 100, eventTypes: [`Kept${run}`] }, 2);
          expect(read.map(nOf)).toEqual([1, 3]);
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should start from the beginning with START',
        async () => {
          const first = await store.readAll({ after: START, limit: 1 });
          expect(first).toHaveLength(1);
        },
        STEP_TIMEOUT_MS,
      );
    });

    describe('When auditors read a filtered page of the log', () => {
      it(
        'should give the matching events newest first, paged, with their count, by type, stream, prefix, conversation and time',
        async () => {
          const conversation = randomUUID();
          const inConversation = (type: string, n: number): EventToAppend => {
            const e = event(type, n);
            return { ...e, metadata: { ...e.metadata, correlationId: conversation } };
          };
          const before = new Date(Date.now() - 1000);
          await store.appendToStream(stream('log-a'), [inConversation('LogNoted', 1), inConversation('LogNoted', 2)], 'no_stream');
          await store.appendToStream(stream('log-b'), [inConversation('LogOther', 3), event('LogNoted', 4)], 'no_stream');
          const after = new Date(Date.now() + 1000);
          // Readable once visible (PostgreSQL may hold back an event behind an open transaction for a moment).
          await readAllOnceVisible({ limit: 100_000, eventTypes: ['LogNoted', 'LogOther'] }, 4, (es) =>
            es.filter((e) => e.streamId.startsWith(stream('log-'))),
          );

          const numbers = (page: { events: RecordedEvent[] }) => page.events.map((e) => (e.data as { n: number }).n);
          const talk = await store.readLog({ correlationId: conversation, offset: 0, limit: 10 });
          expect([numbers(talk), talk.total]).toEqual([[3, 2, 1], 3]);
          const paged = await store.readLog({ correlationId: conversation, offset: 1, limit: 1 });
          expect([numbers(paged), paged.total]).toEqual([[2], 3]);
          const typed = await store.readLog({ eventTypes: ['LogOther'], stream: stream('log-b'), offset: 0, limit: 10 });
          expect(numbers(typed)).toEqual([3]);
          const prefixed = await store.readLog({ stream: stream('log-'), eventTypes: ['LogNoted'], offset: 0, limit: 10 });
          expect(numbers(prefixed)).toEqual([4, 2, 1]);
          const exact = await store.readLog({ stream: stream('log-a'), offset: 0, limit: 10 });
          expect(numbers(exact)).toEqual([2, 1]);
          expect((await store.readLog({ stream: stream('log-a'), from: before, to: after, offset: 0, limit: 10 })).total).toBe(2);
          expect((await store.readLog({ stream: stream('log-a'), from: after, offset: 0, limit: 10 })).total).toBe(0);
          expect((await store.readLog({ stream: stream('log-a'), to: before, offset: 0, limit: 10 })).total).toBe(0);
          expect((await store.readLog({ correlationId: randomUUID(), offset: 0, limit: 10 })).events).toEqual([]);
        },
        STEP_TIMEOUT_MS,
      );
    });

    describe('When events are appended, the store chains their hashes (tamper evidence)', () => {
      const verify = (events: RecordedEvent[]) => {
        const checker = new ChainChecker();
        return events.map((e) => checker.check({ ...e, position: String(e.revision) }));
      };

      it(
        'should give every event the link SHA-256(previous hash ‖ digest), from genesis, across appends',
        async () => {
          const s = stream('chain');
          const first = [event('C', 1), event('C', 2)];
          await store.appendToStream(s, first, 'no_stream');
          await store.appendToStream(s, [event('C', 3)], 1);
          const read = await store.readStream(s);
          expect(read.map((e) => e.hash)).toEqual(expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}$/)]));
          // The first two hashes are exactly what the chain's definition gives for what was appended.
          expect(read.slice(0, 2).map((e) => e.hash)).toEqual(
            chainHashes(
              GENESIS_HASH,
              first.map((e) => ({ streamId: s, type: e.type, data: e.data, metadata: e.metadata })),
            ),
          );
          expect(verify(read)).toEqual([null, null, null]);
          // A stream's chain is its own: the same content elsewhere hashes differently.
          await store.appendToStream(
            stream('chain-other'),
            [first[0]].map((e) => ({ ...e, metadata: { ...e.metadata, eventId: randomUUID() } })),
            'no_stream',
          );
          const other = await store.readStream(stream('chain-other'));
          expect(other[0].hash).not.toBe(read[0].hash);
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should keep one unbroken chain when appenders race with "any"',
        async () => {
          const s = stream('chain-race');
          await Promise.all(Array.from({ length: 8 }, (_, i) => store.appendToStream(s, [event('R', i), event('R', i + 100)], 'any')));
          const read = await store.readStream(s);
          expect(read).toHaveLength(16);
          expect(verify(read)).toEqual(read.map(() => null));
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should break the chain check when a stored event differs from what was hashed',
        async () => {
          const s = stream('chain-edit');
          await store.appendToStream(s, [event('E', 1), event('E', 2), event('E', 3)], 'no_stream');
          const read = await store.readStream(s);
          read[1] = { ...read[1], data: { ...(read[1].data as object), n: 20 } };
          const breaks = verify(read);
          expect(breaks[0]).toBeNull();
          expect(breaks[1]).toMatchObject({ streamId: s, revision: 1 });
          expect(breaks[2]).toBeNull();
        },
        STEP_TIMEOUT_MS,
      );
    });

    describe('When health asks how far a reader is behind', () => {
      it(
        "should count the wanted events after a position, up to the limit, with the oldest one's time",
        async () => {
          const start = await mark();
          const s = stream('behind');
          const kept = `Behind${run}`;
          const before = Date.now();
          await store.appendToStream(s, [event(kept, 1), event(`Other${run}`, 2), event(kept, 3), event(kept, 4)], 'no_stream');
          let backlog = await store.countBehind(start, [kept], 100);
          for (const deadline = Date.now() + 10_000; backlog.count < 3 && Date.now() < deadline;) {
            await new Promise((r) => setTimeout(r, 20));
            backlog = await store.countBehind(start, [kept], 100);
          }
          expect(backlog.count).toBe(3);
          expect(backlog.oldestAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
          expect((await store.countBehind(start, [kept], 2)).count).toBe(2);
          const [, , third] = await readAllOnceVisible({ after: start, limit: 100, eventTypes: [kept] }, 3);
          expect(await store.countBehind(third.position, [kept], 100)).toEqual({ count: 0, oldestAt: null });
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should give the position of the newest event of some types, past a longer run of other events than one page',
        async () => {
          const wanted = `Newest${run}`;
          const rare = `Rare${run}`;
          expect(await store.lastPosition([`Never${run}`])).toBeNull();
          await store.appendToStream(stream('newest-a'), [event(wanted, 1), event(rare, 2)], 'no_stream');
          const last = await store.appendToStream(stream('newest-b'), [event(wanted, 3), event(wanted, 4)], 'no_stream');
          // More than a page of the EventStoreDB adapter's backwards scan (PAGE_SIZE) of other types after them.
          for (let i = 0; i < 3; i++) {
            await store.appendToStream(
              stream(`newest-other-${i}`),
              Array.from({ length: 400 }, (_, n) => event(`Other${run}`, n)),
              'no_stream',
            );
          }
          expect(await store.lastPosition([wanted])).toEqual(last.position);
          expect(await store.lastPosition([`Never${run}`, wanted])).toEqual(last.position);
          const [rareEvent] = await readAllOnceVisible({ after: START, limit: 1, eventTypes: [rare] }, 1);
          expect(await store.lastPosition([rare])).toEqual(rareEvent.position);
          // Reading after the newest position finds no more events of those types.
          expect(await store.readAll({ after: last.position, limit: 10, eventTypes: [wanted, rare] })).toEqual([]);
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should wake onAppended listeners when another thread says it appended',
        () => {
          const seen: (readonly string[] | null)[] = [];
          const unsubscribe = store.onAppended((types) => seen.push(types));
          store.wakeReaders(['Told']);
          unsubscribe();
          store.wakeReaders(['AfterUnsubscribe']);
          expect(seen).toEqual([['Told']]);
        },
        STEP_TIMEOUT_MS,
      );

      it(
        'should wake onAppended listeners on an append',
        async () => {
          let woken = 0;
          const unsubscribe = store.onAppended(() => woken++);
          await new Promise((r) => setTimeout(r, 200));
          await store.appendToStream(stream('wake'), [event('W', 1)], 'no_stream');
          for (const deadline = Date.now() + 10_000; woken === 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
          unsubscribe();
          expect(woken).toBeGreaterThan(0);
        },
        STEP_TIMEOUT_MS,
      );
    });
  });
}
