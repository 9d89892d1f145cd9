import { Client, Pool } from 'pg';
import { createTestDatabase } from '../../../testing/test-database';
import { createPool } from '../../database/database';
import { eventStoreContract } from '../event-store.contract';
import { PostgresEventStore } from './postgres-event-store';
import { randomUUID } from 'crypto';
import { systemMetadata } from '../../../testing/event-metadata';

eventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase('facet_es_contract');
  const pool = createPool(db.url);
  const store = new PostgresEventStore(pool, db.url);
  return {
    store,
    async teardown() {
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
});

/** Reads until `done` holds (up to 5 s), returning the last read. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('PostgresEventStore gap safety', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('facet_es_gaps');
    pool = createPool(db.url);
    store = new PostgresEventStore(pool, db.url);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  it('should not skip an event whose transaction commits after a later-numbered one', async () => {
    // Transaction A takes a global position first but stays open.
    const slow = await pool.connect();
    await slow.query('BEGIN');
    await slow.query(
      `INSERT INTO es_streams (stream_id, revision) VALUES ('slow', 0);
       INSERT INTO es_events (stream_id, stream_revision, event_id, event_type, data, metadata, occurred_at)
       VALUES ('slow', 0, '${randomUUID()}', 'Slow', '{}', '${JSON.stringify(systemMetadata())}', now())`,
    );
    // Transaction B takes a later position and commits at once.
    await store.appendToStream('fast', [{ type: 'Fast', data: {}, metadata: systemMetadata() }], 'no_stream');

    // While A is open, a reader must not see B yet (it would move its checkpoint past A).
    const whileOpen = await store.readAll({ limit: 10 });
    expect(whileOpen.map((e) => e.type)).toEqual([]);
    // A catch-up reader of Fast events is told that one is held back, so it looks again without a wake-up
    // (A's commit announces only Slow); a reader of other types is not.
    expect(await store.readBatch({ limit: 10, eventTypes: ['Fast'] })).toEqual({ events: [], heldBack: true });
    expect(await store.readBatch({ limit: 10, eventTypes: ['Other'] })).toEqual({ events: [], heldBack: false });

    await slow.query('COMMIT');
    slow.release();
    // Transaction ids are cluster-wide: a test writing in another database may hold both back a moment.
    const afterCommit = await eventually(
      () => store.readAll({ limit: 10 }),
      (events) => events.length === 2,
    );
    expect(afterCommit.map((e) => e.type)).toEqual(['Slow', 'Fast']);
    const batch = await eventually(
      () => store.readBatch({ limit: 10 }),
      (b) => !b.heldBack,
    );
    expect(batch.heldBack).toBe(false);
    expect(batch.events.map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });

  it('should not hold readers back behind open transactions that cannot append: here or in another database', async () => {
    // A reactor's or a projection's transaction (it read the log, then wrote elsewhere) and another
    // database's transaction, all given an id and left open. Readers used to wait for every one of them.
    await pool.query('CREATE TABLE IF NOT EXISTS elsewhere (n int)');
    const reactorLike = await pool.connect();
    await reactorLike.query('BEGIN');
    await reactorLike.query('SELECT count(*) FROM es_events');
    await reactorLike.query('INSERT INTO elsewhere VALUES (1)');
    const elsewhereUrl = new URL(db.url);
    elsewhereUrl.pathname = '/postgres';
    const otherDatabase = new Client({ connectionString: elsewhereUrl.toString() });
    await otherDatabase.connect();
    await otherDatabase.query('BEGIN');
    await otherDatabase.query('SELECT pg_current_xact_id()');
    try {
      await store.appendToStream('past-quiet', [{ type: 'PastQuiet', data: {}, metadata: systemMetadata() }], 'no_stream');
      // Other test files write in other databases meanwhile: their appends may hold it back a moment.
      const batch = await eventually(
        () => store.readBatch({ limit: 10, eventTypes: ['PastQuiet'] }),
        (b) => b.events.length === 1,
      );
      expect(batch.events.map((e) => e.type)).toEqual(['PastQuiet']);
      expect((await store.readAll({ limit: 10, eventTypes: ['PastQuiet'] })).map((e) => e.type)).toEqual(['PastQuiet']);
    } finally {
      await reactorLike.query('ROLLBACK');
      reactorLike.release();
      await otherDatabase.query('ROLLBACK');
      await otherDatabase.end();
    }
  });

  it('should hold readers back behind a transaction that may still append: one holding a write lock on the log', async () => {
    const writer = await pool.connect();
    await writer.query('BEGIN');
    await writer.query('LOCK TABLE es_events IN ROW EXCLUSIVE MODE');
    await writer.query('SELECT pg_current_xact_id()');
    try {
      await store.appendToStream('behind-writer', [{ type: 'BehindWriter', data: {}, metadata: systemMetadata() }], 'no_stream');
      expect(await store.readBatch({ limit: 10, eventTypes: ['BehindWriter'] })).toEqual({ events: [], heldBack: true });
    } finally {
      await writer.query('COMMIT');
      writer.release();
    }
    const batch = await eventually(
      () => store.readBatch({ limit: 10, eventTypes: ['BehindWriter'] }),
      (b) => b.events.length === 1,
    );
    expect(batch.events.map((e) => e.type)).toEqual(['BehindWriter']);
  });

  it('should wake local readers with the appended event types', async () => {
    const seen: (readonly string[] | null)[] = [];
    const unsubscribe = store.onAppended((types) => seen.push(types));
    await store.appendToStream('wake', [{ type: 'Woken', data: {}, metadata: systemMetadata() }], 'no_stream');
    unsubscribe();
    expect(seen).toContainEqual(['Woken']);
  });

  it("should say which wake-ups are this store's own appends (the projector thread is told only of those)", async () => {
    const seen: [readonly string[] | null, boolean][] = [];
    const unsubscribe = store.onAppended((types, here) => seen.push([types, here]));
    await store.appendToStream('wake-here', [{ type: 'WokenHere', data: {}, metadata: systemMetadata() }], 'no_stream');
    store.wakeReaders(['FromAnotherThread']);
    unsubscribe();
    expect(seen.filter(([, here]) => here)).toEqual([[['WokenHere'], true]]);
    expect(seen).toContainEqual([['FromAnotherThread'], false]);
  });

  it('should order by transaction id as a number, not as text, when ids gain a digit', async () => {
    // Old transaction ids (below any running one) written explicitly: 999 must come before 1000.
    for (const [xid, type] of [
      [1000, 'Second'],
      [999, 'First'],
    ] as const) {
      const m = systemMetadata();
      await pool.query(
        `INSERT INTO es_events (transaction_id, stream_id, stream_revision, event_id, event_type, data, metadata, occurred_at)
         VALUES ($1::text::xid8, $2, 0, $3, $4, '{}', $5, now())`,
        [String(xid), `digits-${type}`, m.eventId, type, JSON.stringify(m)],
      );
    }
    const types = ['First', 'Second'];
    const fromStart = await eventually(
      () => store.readAll({ limit: 10, eventTypes: types }),
      (events) => events.length === 2,
    );
    expect(fromStart.map((e) => e.type)).toEqual(['First', 'Second']);
    expect((await store.readBatch({ limit: 10, eventTypes: types })).events.map((e) => e.type)).toEqual(['First', 'Second']);
    // Resuming after the first must still find the second.
    expect((await store.readAll({ after: fromStart[0].position, limit: 10, eventTypes: types })).map((e) => e.type)).toEqual(['Second']);
  });

  it('should refuse to update an event', async () => {
    await expect(pool.query(`UPDATE es_events SET event_type = 'Changed'`)).rejects.toThrow(/append-only/);
  });
});

describe('PostgresEventStore appends as named statements', () => {
  it('should prepare each kind of append once per connection, all four side by side on one connection', async () => {
    const db = await createTestDatabase('facet_es_named');
    const pool = createPool(db.url, { max: 1 });
    const store = new PostgresEventStore(pool, db.url);
    try {
      const event = (type: string) => ({ type, data: { at: type }, metadata: systemMetadata() });
      // Twice over, so the second round runs the statements already prepared on the one connection.
      for (let round = 0; round < 2; round++) {
        const stream = `named-${round}-${randomUUID()}`;
        expect((await store.appendToStream(stream, [event('A')], 'no_stream')).nextRevision).toBe(0);
        expect((await store.appendToStream(stream, [event('B'), event('C')], 0)).nextRevision).toBe(2);
        expect((await store.appendToStream(stream, [event('D')], 'stream_exists')).nextRevision).toBe(3);
        expect((await store.appendToStream(stream, [event('E')], 'any')).nextRevision).toBe(4);
        await expect(store.appendToStream(stream, [event('F')], 1)).rejects.toThrow(/expected revision 1/);
        await expect(store.appendToStream(stream, [event('G')], 'no_stream')).rejects.toThrow(/changed by someone else/);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E']);
      }
      // The four once more, one after another, then the prepared statements of the connection that ran them.
      const last = `named-last-${randomUUID()}`;
      await store.appendToStream(last, [event('A')], 'no_stream');
      await store.appendToStream(last, [event('B')], 0);
      await store.appendToStream(last, [event('C')], 'stream_exists');
      await store.appendToStream(last, [event('D')], 'any');
      const prepared = await pool.query<{ name: string }>(
        `SELECT name FROM pg_prepared_statements WHERE name LIKE 'facet_append_%' ORDER BY name`,
      );
      expect(prepared.rows.map((r) => r.name)).toEqual([
        'facet_append_any',
        'facet_append_no_stream',
        'facet_append_revision',
        'facet_append_stream_exists',
      ]);
    } finally {
      await store.close();
      await pool.end();
      await db.drop();
    }
  });
});
