import { randomUUID } from 'crypto';
import { Client, Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { startTestApp, TestApp } from '../../testing/test-app';
import { DatabaseService } from '../database/database.service';
import { createPool } from '../database/database';
import { EVENT_STORE, EventStore, EventToAppend } from './event-store';
import { backfillLogChain } from './log-backfill';
import { verifyLog } from './log-verifier';
import { PostgresEventStore } from './postgres/postgres-event-store';

const event = (type: string, data: Record<string, unknown>): EventToAppend => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    schemaVersion: 1,
    occurredAt: new Date().toISOString(),
    actor: { type: 'system' },
    correlationId: randomUUID(),
    causationId: null,
  },
});

/** As a superuser would: with the append-only trigger switched off for the one statement. */
/**
 * Checkpoints end only on settled events (older than every running transaction of the cluster). Other
 * databases' transactions on the same server can hold that back for a moment: wait until they are settled.
 */
async function settled(pool: Pool): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const r = await pool.query(
      `SELECT coalesce(max(transaction_id) < pg_snapshot_xmin(pg_current_snapshot()), true) AS ok FROM public.es_events`,
    );
    if (r.rows[0].ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function tamper(url: string, sql: string, params: unknown[] = []): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE public.es_events DISABLE TRIGGER es_events_no_update');
    await client.query(sql, params);
    await client.query('ALTER TABLE public.es_events ENABLE TRIGGER es_events_no_update');
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

describe('Log verification on the running shop', () => {
  let t: TestApp;
  let admin: string;
  let store: EventStore;
  let pool: Pool;
  let productId: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.staffToken();
    store = t.app.get(EVENT_STORE);
    pool = t.app.get(DatabaseService).pool;
    const created = await t.request('POST', '/api/admin/products', {
      token: admin,
      body: { name: 'Audit Halo Ring', description: 'For the chain', price: 1200, category: 'women-rings', features: ['Platinum'] },
    });
    expect(created.status).toBe(201);
    productId = created.body.id;
    for (const [i, price] of [1300, 1400].entries()) {
      const edited = await t.request('PUT', `/api/admin/products/${productId}`, { token: admin, body: { price, version: i } });
      expect(edited.status).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('should pass on a clean log, then find exactly the one event whose payload was edited by one byte', async () => {
    const clean = await verifyLog(store, pool);
    expect(clean).toMatchObject({ ok: true, breaks: 0, firstBreak: null });
    expect(clean.events).toBeGreaterThanOrEqual(4);

    await tamper(
      t.db.url,
      `UPDATE public.es_events SET data = jsonb_set(data, '{changes,price_cents}', '130001') WHERE stream_id = $1 AND stream_revision = 1`,
      [`product-${productId}`],
    );
    const broken = await verifyLog(store, pool);
    expect(broken.ok).toBe(false);
    expect(broken.breaks).toBe(1);
    expect(broken.firstBreak).toMatchObject({ streamId: `product-${productId}`, revision: 1 });
    const [row] = (
      await pool.query(
        'SELECT transaction_id::text AS t, global_position AS g FROM public.es_events WHERE stream_id = $1 AND stream_revision = 1',
        [`product-${productId}`],
      )
    ).rows;
    expect(broken.firstBreak!.position).toBe(`${row.t}/${row.g}`);
    console.log(
      `verifier found the edited event: ${broken.firstBreak!.streamId} revision ${broken.firstBreak!.revision} at ${broken.firstBreak!.position}: ${broken.firstBreak!.reason}`,
    );

    // Put the byte back: the log is whole again.
    await tamper(
      t.db.url,
      `UPDATE public.es_events SET data = jsonb_set(data, '{changes,price_cents}', '130000') WHERE stream_id = $1 AND stream_revision = 1`,
      [`product-${productId}`],
    );
    expect((await verifyLog(store, pool)).ok).toBe(true);
  });

  it('should keep passing after a customer is erased (the hash covers the sealed form)', async () => {
    const email = `erase-${randomUUID().slice(0, 8)}@example.com`;
    const reg = await t.request('POST', '/api/auth/register', { body: { email, password: 'Brilliant-Cut-1985!' } });
    expect(reg.status).toBe(201);
    const [{ id }] = (
      await pool.query(
        `SELECT data->>'customer_id' AS id FROM public.es_events WHERE event_type = 'CustomerRegistered' ORDER BY global_position DESC LIMIT 1`,
      )
    ).rows;
    const before = (await pool.query(`SELECT count(*)::int AS n FROM public.es_events WHERE stream_id = $1`, [`customer-${id}`])).rows[0].n;
    expect((await verifyLog(store, pool)).ok).toBe(true);

    const erased = await t.request('DELETE', `/api/admin/customers/${id}`, { token: admin });
    expect(erased.status).toBe(200);
    const after = await verifyLog(store, pool);
    expect(after).toMatchObject({ ok: true, breaks: 0 });
    // The customer's events are all still there, now unreadable.
    expect(
      (await pool.query(`SELECT count(*)::int AS n FROM public.es_events WHERE stream_id = $1`, [`customer-${id}`])).rows[0].n,
    ).toBeGreaterThan(before);
  });

  it('should refuse any update of a hashed event while the trigger is on', async () => {
    await expect(pool.query(`UPDATE public.es_events SET data = '{}' WHERE stream_id = $1`, [`product-${productId}`])).rejects.toThrow(
      /append-only/,
    );
    await expect(pool.query(`UPDATE public.es_events SET hash = '\\x00' WHERE stream_id = $1`, [`product-${productId}`])).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('Log chain on a log written before it had hashes, and checkpoints', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('facet_chain');
    pool = createPool(db.url);
    store = new PostgresEventStore(pool, db.url);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  it('should backfill exactly the hashes an append computes, and chain later appends from them', async () => {
    for (let s = 0; s < 5; s++) {
      await store.appendToStream(
        `thing-${s}`,
        [event('Made', { s, n: 0, text: 'é ✓ "quoted"' }), event('Made', { s, n: 1, nested: { b: 1, a: [1.5, null, true] } })],
        'no_stream',
      );
      await store.appendToStream(`thing-${s}`, [event('Changed', { s, n: 2 })], 1);
    }
    const original = (
      await pool.query(`SELECT global_position, encode(hash, 'hex') AS hash FROM public.es_events ORDER BY global_position`)
    ).rows;
    await tamper(db.url, 'UPDATE public.es_events SET hash = NULL');
    await pool.query('UPDATE public.es_streams SET append_hashes = NULL');
    expect((await verifyLog(store, pool, { writeCheckpoints: false })).breaks).toBe(15);

    const client = new Client({ connectionString: db.url });
    await client.connect();
    const filled = await backfillLogChain(client);
    expect(await backfillLogChain(client)).toBe(0);
    await client.end();
    expect(filled).toBe(15);
    const backfilled = (
      await pool.query(`SELECT global_position, encode(hash, 'hex') AS hash FROM public.es_events ORDER BY global_position`)
    ).rows;
    expect(backfilled).toEqual(original);

    await store.appendToStream('thing-0', [event('Changed', { n: 3 })], 2);
    expect(await verifyLog(store, pool, { writeCheckpoints: false })).toMatchObject({ ok: true, events: 16 });
  });

  it('should record checkpoints over the global order and find a whole stream deleted before one', async () => {
    for (let i = 0; i < 30; i++) await store.appendToStream(`single-${i}`, [event('Once', { i })], 'no_stream');
    await settled(pool);
    const first = await verifyLog(store, pool, { checkpointEvery: 10 });
    expect(first).toMatchObject({ ok: true, checkpointsWritten: 4, checkpointsChecked: 0 });
    const second = await verifyLog(store, pool, { checkpointEvery: 10 });
    expect(second).toMatchObject({ ok: true, checkpointsWritten: 0, checkpointsChecked: 4 });

    // A stream of one event vanishes: no chain notices, the checkpoints do.
    await pool.query(`DELETE FROM public.es_events WHERE stream_id = 'single-3'`);
    const broken = await verifyLog(store, pool, { checkpointEvery: 10 });
    expect(broken.ok).toBe(false);
    expect(broken.firstBreak!.reason).toMatch(/checkpoint/);
  });
});

describe('Verification speed', () => {
  const total = Number(process.env.VERIFY_BENCH_EVENTS ?? 20_000);
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('facet_verify_speed');
    pool = createPool(db.url);
    store = new PostgresEventStore(pool, db.url);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  it(`should verify a generated log of ${total} events and report events/s`, async () => {
    const perAppend = 10;
    const streams = total / 50;
    const started = Date.now();
    const appends = Array.from({ length: total / perAppend }, (_, i) => i);
    const lanes = 8;
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        for (let i = lane; i < appends.length; i += lanes) {
          const s = i % streams;
          await store.appendToStream(
            `product-${s}`,
            Array.from({ length: perAppend }, (_, k) =>
              event('ProductEdited', { product_id: String(s), changes: { price_cents: 1000 + i * perAppend + k, name: `Ring ${s}` } }),
            ),
            'any',
          );
        }
      }),
    );
    const appendSeconds = (Date.now() - started) / 1000;
    const report = await verifyLog(store, pool);
    expect(report).toMatchObject({ ok: true, events: total });
    console.log(
      `generated ${total} events in ${streams} streams (${appendSeconds.toFixed(1)} s, ${Math.round(total / appendSeconds)} events/s appended); ` +
        `verify-log: ${report.seconds.toFixed(2)} s, ${report.eventsPerSecond} events/s, ${report.checkpointsWritten} checkpoints recorded`,
    );
  }, 600_000);
});
