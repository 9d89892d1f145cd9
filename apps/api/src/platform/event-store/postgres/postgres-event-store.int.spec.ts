import { Pool } from 'pg';
import { createTestDatabase } from '../../../testing/test-database';
import { createPool } from '../../database/database';
import { eventStoreContract } from '../event-store.contract';
import { PostgresEventStore } from './postgres-event-store';
import { randomUUID } from 'crypto';

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
    const meta = () => ({
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
      actor: { type: 'system' as const },
      correlationId: randomUUID(),
      causationId: null,
    });
    // Transaction A takes a global position first but stays open.
    const slow = await pool.connect();
    await slow.query('BEGIN');
    await slow.query(
      `INSERT INTO es_streams (stream_id, revision) VALUES ('slow', 0);
       INSERT INTO es_events (stream_id, stream_revision, event_id, event_type, data, metadata, occurred_at)
       VALUES ('slow', 0, '${randomUUID()}', 'Slow', '{}', '${JSON.stringify(meta())}', now())`,
    );
    // Transaction B takes a later position and commits at once.
    await store.appendToStream('fast', [{ type: 'Fast', data: {}, metadata: meta() }], 'no_stream');

    // While A is open, a reader must not see B yet (it would move its checkpoint past A).
    const whileOpen = await store.readAll({ limit: 10 });
    expect(whileOpen.map((e) => e.type)).toEqual([]);

    await slow.query('COMMIT');
    slow.release();
    const afterCommit = await store.readAll({ limit: 10 });
    expect(afterCommit.map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });

  it('should refuse to update an event', async () => {
    await expect(pool.query(`UPDATE es_events SET event_type = 'Changed'`)).rejects.toThrow(/append-only/);
  });
});
