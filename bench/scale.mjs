// Data at scale (issue 43): a database of 1M orders and 2M events (--quick: 20,000 and 40,000), its read
// models rebuilt by the replay CLI, then the console's heaviest reads timed through the shop's own handlers:
// the order search (reference, name, e-mail), the order list's count, the audit log's first page. Beside them,
// the replay's events/s and the floor of this machine for the same log (replay-log.mjs).
// Run alone: node bench/scale.mjs [--quick]; npm run bench runs it as its "scale" section.
import { execFileSync } from 'child_process';
import { createRequire } from 'module';
import { dirname, join } from 'path';
import { fileURLToPath } from 'url';
import pg from 'pg';
import { replayCli, replayFloor, floorLines } from './replay-log.mjs';
import { quantile } from './shop.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const fmt = (n, d = 0) => Number(n).toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

const FIRST = [
  'Ava',
  'Liam',
  'Noah',
  'Emma',
  'Olivia',
  'Mia',
  'Lucas',
  'Amelia',
  'Ethan',
  'Harper',
  'Mateo',
  'Sofia',
  'Elijah',
  'Aria',
  'James',
  'Chloe',
];
const LAST = [
  'Smith',
  'Garcia',
  'Nguyen',
  'Okafor',
  'Müller',
  'Rossi',
  'Kowalski',
  'Tanaka',
  'Haddad',
  'Larsen',
  'Silva',
  'Dubois',
  'Novak',
  'Kim',
];
const STATUSES = ['processing', 'shipped', 'delivered', 'cancelled'];

/**
 * The log, written by PostgreSQL itself (one INSERT ... SELECT): per order an OrderRequested with its
 * personal data in clear (the shop seals it; sealed strings would need each subject's key: the replay's
 * opening cost is in the regular replay figure) and one OrderStatusChanged: by blocks, the next 500 orders
 * placed and then the last 500's changes (staff work through the new orders while more arrive). Each event gets
 * a stand-in hash: with none, the replay CLI's start would first chain all 2M of them (log-backfill.ts, about
 * 800 events/s on the bench machine) before replaying. The bench's log is no verifiable chain.
 */
async function writeLog(db, orders) {
  await db.query(
    `INSERT INTO public.es_events (stream_id, stream_revision, event_id, event_type, data, metadata, occurred_at, hash)
     SELECT 'order-' || o.id, e.rev, gen_random_uuid(), e.type, e.data,
            jsonb_build_object('eventId', gen_random_uuid(), 'occurredAt', e.at, 'correlationId', gen_random_uuid(),
                               'actor', jsonb_build_object('type', 'anonymous')), e.at, sha256(int8send(e.k))
       FROM (SELECT i, gen_random_uuid() AS id, $2::text[] AS f, $3::text[] AS l, $4::text[] AS s,
                    timestamptz '2024-01-01' + i * interval '30 seconds' AS at FROM generate_series(1, $1::int) i) o
       CROSS JOIN LATERAL (VALUES
         ((o.i / 500) * 1000 + o.i % 500, 0, 'OrderRequested', o.at, jsonb_build_object(
            'order_id', o.id, 'kind', 'card', 'status', 'pending', 'payment_status', 'unpaid', 'customer_id', NULL,
            'subject_id', 'email:' || lower(o.f[1 + o.i % 16] || '.' || o.l[1 + (o.i / 16) % 14]) || o.i || '@example.com',
            'shipping', jsonb_build_object('first_name', o.f[1 + o.i % 16], 'last_name', o.l[1 + (o.i / 16) % 14],
              'email', lower(o.f[1 + o.i % 16] || '.' || o.l[1 + (o.i / 16) % 14]) || o.i || '@example.com', 'phone', '+1555' || o.i,
              'address', o.i || ' Main St', 'apartment', '', 'city', 'Springfield', 'state', 'IL', 'zip_code', '62701', 'country', 'US'),
            'payment', jsonb_build_object('card_name', o.f[1 + o.i % 16] || ' ' || o.l[1 + (o.i / 16) % 14], 'last_4', '4242'),
            'items', jsonb_build_array(jsonb_build_object('product_id', 'p' || o.i % 97, 'name', 'Ring', 'price_cents', 12000, 'quantity', 1)),
            'subtotal_cents', 12000, 'shipping_cents', 0, 'tax_cents', 960, 'total_cents', 12960)),
         ((o.i / 500 + 1) * 1000 + 500 + o.i % 500, 1, 'OrderStatusChanged', o.at + interval '1 hour',
            jsonb_build_object('order_id', o.id, 'from', 'pending', 'to', o.s[1 + o.i % 4]))
       ) AS e(k, rev, type, at, data)
      ORDER BY e.k`,
    [orders, FIRST, LAST, STATUSES],
  );
}

/** p50 and p95 of `runs` timings of `work` (ms), after two untimed runs. */
async function timed(work, runs) {
  for (let i = 0; i < 2; i++) await work(i);
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work(i);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95) };
}

/**
 * Builds the scale database on `server` (a postgres:// URL of the server), measures, drops it. `record` takes
 * (metric, value, unit, baseline, target, ratioLabel) as bench/run.mjs's record does under the area "scale".
 */
export async function scaleBench({ server, quick, log = console.log, record = () => undefined, notes = [] }) {
  // SCALE_ORDERS: another size (the log holds two events an order).
  const orders = Number(process.env.SCALE_ORDERS) || (quick ? 20_000 : 1_000_000);
  const runs = quick ? 20 : 40;
  // SCALE_DB=<name>: measure on a scale database already written (a run stopped after its log), then drop it;
  // SCALE_KEEP=1 keeps the database at the end (to study its plans: drop it by hand after).
  const reuse = process.env.SCALE_DB;
  const keep = process.env.SCALE_KEEP === '1';
  const name = reuse ?? `facet_bench_scale_${Date.now().toString(36)}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  if (!reuse) await admin.query(`CREATE DATABASE "${name}"`);
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'warn',
    FACET_SEED: 'false',
    NODE_ENV: process.env.NODE_ENV ?? 'development',
  };
  const db = new pg.Pool({ connectionString: dbUrl, max: 4, options: '-c search_path=rm,public' });
  db.on('error', () => undefined);
  try {
    const g0 = performance.now();
    if (!reuse) {
      execFileSync(process.execPath, [join(ROOT, 'apps/api/dist/cli/migrate.js')], { cwd: ROOT, env, stdio: 'ignore' });
      await writeLog(db, orders);
    }
    await db.query('VACUUM ANALYZE public.es_events');
    const events = (await db.query('SELECT count(*)::int AS n FROM public.es_events')).rows[0].n;
    log(
      `scale: ${fmt(events)} events for ${fmt(orders)} orders ${reuse ? 'reused' : 'written'} in ${fmt((performance.now() - g0) / 1000, 1)} s`,
    );

    const r = replayCli(dbUrl);
    if (!r.events) throw new Error(`replay output not understood: ${r.out.slice(-300)}`);
    for (const line of r.out.split('\n').filter((l) => l.startsWith('  '))) log(`scale: replay ${line.trim()}`);
    const indexing = /secondary indexes built after the bulk pass: ([\d.]+) s/.exec(r.out)?.[1];
    log(
      `scale: replay of ${fmt(r.events)} events in ${r.seconds} s = ${fmt(r.eventsPerSecond)}/s (indexes after the bulk pass: ${indexing} s)`,
    );
    const floor = await replayFloor(db, r.eventTypes);
    for (const line of floorLines(floor)) log(`scale: ${line}`);
    record(
      `replay of ${fmt(r.events)} order events into ${fmt(orders)} orders (secondary indexes built after the COPY: ${indexing} s): events/s`,
      r.eventsPerSecond,
      'events/s',
      floor.ceiling,
      '≥ 0.8× floor',
      'replay / floor of this machine',
    );

    // The console's queries, through the shop's own handlers on a pool with the shop's search_path.
    const { ListOrdersHandler } = require(join(ROOT, 'apps/api/dist/orders/queries/list-orders.query.js'));
    const { PostgresEventStore } = require(join(ROOT, 'apps/api/dist/platform/event-store/postgres/postgres-event-store.js'));
    // Each statement's time, by part: the count (capped count, estimate) apart from the page (rows).
    const spent = { count: 0, page: 0 };
    const timedQuery = async (sql, params) => {
      const t0 = performance.now();
      try {
        return (await db.query(sql, params)).rows;
      } finally {
        spent[/^\s*(SELECT (count|coalesce\(sum)|EXPLAIN)/.test(sql) ? 'count' : 'page'] += performance.now() - t0;
      }
    };
    const shopDb = {
      one: async (sql, params) => (await timedQuery(sql, params))[0] ?? null,
      query: timedQuery,
    };
    const list = new ListOrdersHandler(shopDb);
    const page = (filter) => list.execute({ filter: { page: 1, limit: 25, sort: 'created_at', order: 'desc', ...filter } });
    const samples = (await db.query(`SELECT id::text AS id, first_name, last_name, email FROM rm.orders TABLESAMPLE SYSTEM (1) LIMIT 200`))
      .rows;
    const pick = (i) => samples[(i * 7) % samples.length];
    const searches = {
      'reference (as shown: the first 8 characters of the id)': (i) => pick(i).id.slice(0, 8).toUpperCase(),
      'whole id (pasted from a URL)': (i) => pick(i).id,
      'name (last name, a common one)': (i) => LAST[i % LAST.length].toLowerCase(),
      'name (first and last)': (i) => `${pick(i).first_name} ${pick(i).last_name}`,
      'two letters (the start of a word)': (i) => pick(i).last_name.slice(0, 2),
      'name no order has': (i) => `Zz${i}q`,
      'e-mail (the whole address)': (i) => pick(i).email,
    };
    // Which index a rare search reads (its condition as ListOrdersHandler writes it).
    const plan = (await db.query(`EXPLAIN SELECT * FROM orders WHERE search_text LIKE $1`, ['%zzq%'])).rows.map((r) => r['QUERY PLAN']);
    log(`scale: search plan: ${plan.map((l) => l.trim()).join(' | ')}`);
    if (!plan.some((l) => /orders_search\b/.test(l))) notes.push('scale: the order search reads no trigram index (pg_trgm missing?)');
    for (const [what, q] of Object.entries(searches)) {
      let total = 0;
      const parts = { count: [], page: [] };
      const t = await timed(async (i) => {
        spent.count = spent.page = 0;
        total = (await page({ q: q(i) })).total;
        parts.count.push(spent.count);
        parts.page.push(spent.page);
      }, runs);
      // Its two parts over the timed runs (timed's two untimed runs first).
      const p95 = (ms) =>
        fmt(
          quantile(
            ms.slice(2).sort((a, b) => a - b),
            0.95,
          ),
          1,
        );
      record(
        `order search by ${what}, page and count (last total ${fmt(total)}; p95 of the count ${p95(parts.count)}, of the page ${p95(parts.page)} ms): p50 / p95`,
        `${fmt(t.p50, 1)} / ${fmt(t.p95, 1)}`,
        'ms',
        null,
        'p95 < 100 ms',
      );
    }
    const counts = {
      'all orders': {},
      'status shipped': { status: 'shipped' },
      'kind card, payment unpaid': { kind: 'card', payment_status: 'unpaid' },
    };
    for (const [what, filter] of Object.entries(counts)) {
      let total = 0;
      const t = await timed(async () => (total = (await page(filter)).total), runs);
      record(
        `order list (${what}: ${fmt(total)}), page and count: p50 / p95`,
        `${fmt(t.p50, 1)} / ${fmt(t.p95, 1)}`,
        'ms',
        null,
        'p95 < 50 ms',
      );
    }
    // The count alone, as it was (count(*)), for reference in the same run.
    const scan = await timed(() => db.query('SELECT count(*) FROM rm.orders'), Math.min(runs, 10));
    record('  same, count(*) over rm.orders as before: p50 / p95', `${fmt(scan.p50, 1)} / ${fmt(scan.p95, 1)}`, 'ms');

    const store = Object.create(PostgresEventStore.prototype);
    store.pool = db;
    let audit;
    const first = await timed(async () => (audit = await store.readLog({ offset: 0, limit: 25 })), runs);
    record(
      `audit log first page of ${fmt(events)} events (total ${audit.estimated ? 'about ' : ''}${fmt(audit.total)}): p50 / p95`,
      `${fmt(first.p50, 1)} / ${fmt(first.p95, 1)}`,
      'ms',
      null,
      '< 100 ms',
    );
    const typed = await timed(
      async () => (audit = await store.readLog({ eventTypes: ['OrderStatusChanged'], offset: 0, limit: 25 })),
      runs,
    );
    record(
      `  same, filtered by one event type (total ${audit.estimated ? 'about ' : ''}${fmt(audit.total)}): p50 / p95`,
      `${fmt(typed.p50, 1)} / ${fmt(typed.p95, 1)}`,
      'ms',
    );
  } catch (err) {
    notes.push(`scale: ${err.message.split('\n')[0]}`);
    log(`scale: ${err.stack}${err.stderr ? `\n${String(err.stderr).slice(-2000)}` : ''}`);
  } finally {
    await db.end();
    if (keep) log(`scale: kept the database ${name} (SCALE_KEEP=1); drop it by hand when done`);
    else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const rows = [];
  await scaleBench({
    server: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    quick,
    log: (l) => console.log('[scale]', l),
    record: (metric, value, unit, baseline, target, ratioLabel) => rows.push({ metric, value, unit, baseline, target, ratioLabel }),
  });
  for (const r of rows) {
    const v = typeof r.value === 'number' ? fmt(r.value) : r.value;
    const ratio =
      typeof r.value === 'number' && typeof r.baseline === 'number' ? ` (${(r.value / r.baseline).toFixed(2)} ${r.ratioLabel})` : '';
    console.log(`| scale | ${r.metric} | ${v} ${r.unit} | ${r.baseline ? fmt(r.baseline) : ''}${ratio} | ${r.target ?? ''} |`);
  }
}
