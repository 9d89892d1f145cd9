import { randomUUID } from 'crypto';
import { Pool } from 'pg';
import { createPool } from '../database/database';
import { DatabaseService } from '../database/database.service';
import { RecordedEvent, START } from '../event-store/event-store';

/** What this test's events carry (the reader hands data out untyped). */
const dataOf = (e: RecordedEvent) => e.data as { n: number; person: unknown; list: unknown };
import { allowTestEvents } from '../event-store/recorded-events';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { ERASED, PersonalData } from '../privacy/personal-data';
import { startSealedOpener } from '../privacy/sealed-opener';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { inlineLogReader, LogReader, workerLogReader } from './log-reader';
import { systemMetadata } from '../../testing/event-metadata';

async function readAll(reader: LogReader): Promise<RecordedEvent[][]> {
  const batches: RecordedEvent[][] = [];
  try {
    for (;;) {
      const batch = await reader.next();
      if (batch.length === 0) return batches;
      batches.push(batch);
    }
  } finally {
    await reader.close();
  }
}

describe("Replay's log reader, in this thread (decrypting here or in an opener thread) and in a worker thread", () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  let privacy: PersonalData;
  beforeAll(async () => {
    // This test's own events: no part of the shop publishes them.
    allowTestEvents({ Opened: { version: 1 }, Noted: { version: 1 } });
    db = await createTestDatabase('facet_logreader');
    pool = createPool(db.url);
    store = new PostgresEventStore(pool, db.url);
    privacy = new PersonalData({ pool } as DatabaseService);
    // 23 streams of 3 events, personal data sealed for 5 subjects; odd text everywhere a projection could meet it.
    for (let i = 0; i < 23; i++) {
      const subject = `guest:reader-${i % 5}`;
      const sealed = await privacy.seal(subject, { name: `Zoë ${i} 💎`, note: 'a\u0000b\ud800', deep: { n: 2 ** 53 - 1 } });
      const events = [0, 1, 2].map((k) => ({
        type: k === 0 ? 'Opened' : 'Noted',
        data: { n: i, k, person: sealed, plain: `plain ${'"\\'.repeat(k)}`, big: -1e308, list: [[[[k]]]] },
        metadata: systemMetadata(),
      }));
      await store.appendToStream(`reader-${randomUUID()}`, events, 'no_stream');
    }
    await privacy.erase('guest:reader-3');
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  it('should give the same batches, in log order, with personal data opened and the erased subject erased', async () => {
    const options = { eventTypes: ['Opened', 'Noted'], batchSize: 10, after: START };
    const inline = await readAll(inlineLogReader(store, privacy, options));
    const worker = await readAll(workerLogReader(db.url, options));
    expect(inline.map((b) => b.length)).toEqual([10, 10, 10, 10, 10, 10, 9]);
    expect(worker).toEqual(inline);
    const events = worker.flat();
    // Positions cross threads as bigints, in order.
    expect(typeof events[0].position.prepare).toBe('bigint');
    for (let i = 1; i < events.length; i++) expect(events[i].position.prepare > events[i - 1].position.prepare).toBe(true);
    const person = (n: number) => dataOf(events.find((e) => dataOf(e).n === n)!).person;
    expect(person(1)).toEqual({ name: 'Zoë 1 💎', note: 'a\u0000b\ud800', deep: { n: 2 ** 53 - 1 } });
    expect(person(3)).toBe(ERASED);
    expect(person(8)).toBe(ERASED);
    expect(dataOf(events[0]).list).toEqual([[[[0]]]]);
  });

  it('should give the same batches with the decryption in an opener thread, reading two batches ahead', async () => {
    const options = { eventTypes: ['Opened', 'Noted'], batchSize: 10, after: START };
    const here = await readAll(inlineLogReader(store, privacy, options));
    const opener = startSealedOpener();
    try {
      const reader = inlineLogReader(store, privacy, { ...options, decryptMany: opener.decryptMany });
      const inThread = await readAll(reader);
      expect(inThread).toEqual(here);
      expect(reader.figures().thread).toBe('opener');
      // Read to its end: later calls keep saying so instead of reading again.
      expect(await reader.next()).toEqual([]);
    } finally {
      await opener.close();
    }
  });

  it('should fail, not hang, when the opener thread is gone or a read fails', async () => {
    const options = { eventTypes: ['Opened', 'Noted'], batchSize: 10, after: START };
    const opener = startSealedOpener();
    await opener.close();
    await expect(inlineLogReader(store, privacy, { ...options, decryptMany: opener.decryptMany }).next()).rejects.toThrow(/opener closed/);
    // A store whose second read fails: the first batch comes, then the failure, and nothing is read after it.
    let reads = 0;
    const failing = {
      readAll: async (o: Parameters<PostgresEventStore['readAll']>[0]) => {
        if (++reads === 2) throw new Error('the log is locked');
        return store.readAll(o);
      },
    } as unknown as PostgresEventStore;
    const live = startSealedOpener();
    try {
      const reader = inlineLogReader(failing, privacy, { ...options, decryptMany: live.decryptMany });
      expect(await reader.next()).toHaveLength(10);
      await expect(reader.next()).rejects.toThrow('the log is locked');
      expect(reads).toBe(2);
    } finally {
      await live.close();
    }
  });

  it('should start after a position and read only the types asked for', async () => {
    const first = (await readAll(inlineLogReader(store, privacy, { eventTypes: ['Opened'], batchSize: 100, after: START })))[0];
    expect(first).toHaveLength(23);
    const rest = (await readAll(workerLogReader(db.url, { eventTypes: ['Opened'], batchSize: 100, after: first[10].position }))).flat();
    expect(rest.map((e) => dataOf(e).n)).toEqual(first.slice(11).map((e) => dataOf(e).n));
  });

  it('should fail, not hang, when the worker cannot read the log', async () => {
    const url = new URL(db.url);
    url.pathname = '/facet_no_such_database';
    const reader = workerLogReader(url.toString(), { eventTypes: ['Opened'], batchSize: 10, after: START });
    await expect(reader.next()).rejects.toThrow(/replay log reader: .*facet_no_such_database/);
    await reader.close();
  });
});
