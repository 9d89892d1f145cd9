// Issue 21: how fast `npm run verify-log` checks a large log. Builds a log of N events in a throwaway
// database (the shape bench/log-read.mjs uses: per order 4 order/payment events and 2 MailSent version 2,
// ~350-470 bytes each), lets migrate() give every event its chain hash (the backfill an existing log gets
// once), then runs the verifier as the CLI does and prints events/s with the load average beside it (the
// machine is shared). Usage: node bench/log-verify.mjs [events=1000000] [--keep] [--reuse=<database>]
import { createRequire } from 'module';
import { loadavg } from 'os';
import pg from 'pg';
const require = createRequire(import.meta.url);
const { migrate } = require('../apps/api/dist/platform/database/migrate.js');
const { PostgresEventStore } = require('../apps/api/dist/platform/event-store/postgres/postgres-event-store.js');
// VERIFIER=<suffix> loads log-verifier.<suffix>.js instead: another version compiled beside it, for before/after figures.
const { verifyLog } = require(
  `../apps/api/dist/platform/event-store/log-verifier${process.env.VERIFIER ? '.' + process.env.VERIFIER : ''}.js`,
);

const EVENTS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const KEEP = process.argv.includes('--keep');
const REUSE = process.argv.find((a) => a.startsWith('--reuse='))?.slice('--reuse='.length);
const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Pool({ connectionString: BASE, max: 1 });
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const fmt = (n) => Math.round(n).toLocaleString('en-US');

async function buildLog(name) {
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = BASE.replace(/\/[^/]*$/, `/${name}`);
  await migrate(url);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const orders = Math.ceil(EVENTS / 6);
  const t0 = Date.now();
  // In slices, so one statement's memory stays small.
  for (let from = 1; from <= orders; from += 20_000) {
    const to = Math.min(orders, from + 19_999);
    await pool.query(`
      INSERT INTO public.es_events (stream_id, stream_revision, event_id, event_type, schema_version, data, metadata, occurred_at)
      SELECT CASE WHEN k < 4 THEN 'order-'||g ELSE 'mail-'||g||'-'||k END, CASE WHEN k < 4 THEN k ELSE 0 END, gen_random_uuid(),
        CASE WHEN k < 4 THEN 'OrderEvent'||k ELSE 'MailSent' END, CASE WHEN k < 4 THEN 1 ELSE 2 END,
        CASE WHEN k < 4 THEN jsonb_build_object('order_id', g, 'status', 'paid', 'note', repeat(md5(k::text), 8))
             ELSE jsonb_build_object('mail_id', 'm'||g||k, 'kind', 'payment-receipt', 'template_version', 1, 'to', 'pii:v1:'||repeat(md5(g::text), 3),
               'subject', 'pii:v1:'||repeat(md5(g::text), 2), 'subject_id', 'guest:'||md5(g::text), 'content_sha256', md5(g::text)||md5(k::text), 'delivered', true) END,
        jsonb_build_object('eventId', gen_random_uuid(), 'schemaVersion', 1, 'occurredAt', now(), 'actor', jsonb_build_object('type', 'system'), 'correlationId', gen_random_uuid(), 'causationId', null),
        now()
      FROM generate_series(${from}, ${to}) g, generate_series(0, 5) k ORDER BY g, k`);
  }
  await pool
    .query(`DELETE FROM public.es_events WHERE global_position > (SELECT min(global_position) - 1 + ${EVENTS} FROM public.es_events)`)
    .catch(() => undefined);
  console.log(`[log-verify] wrote ${fmt(EVENTS)} events in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await pool.end();
  // The chain, as migrate() gives an existing log once.
  const b0 = Date.now();
  await migrate(url);
  const backfill = (Date.now() - b0) / 1000;
  console.log(`[log-verify] chain backfill: ${backfill.toFixed(1)} s (${fmt(EVENTS / backfill)} events/s), load ${load()}`);
  return url;
}

async function main() {
  const name = REUSE ?? `facet_logverify_${process.pid}`;
  const url = REUSE ? BASE.replace(/\/[^/]*$/, `/${REUSE}`) : await buildLog(name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  await pool.query('VACUUM ANALYZE public.es_events');
  const store = new PostgresEventStore(pool, url);
  try {
    // Baseline: the same pages read in the same order with nothing checked (what reading alone costs).
    const r0 = Date.now();
    let read = 0;
    for (let after = ['0', '0']; ;) {
      const { rows } = await pool.query(
        `SELECT global_position::text AS g, transaction_id::text AS t, stream_id, stream_revision, event_type, data, metadata, encode(hash, 'hex') AS hash
           FROM public.es_events WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint) ORDER BY transaction_id, global_position LIMIT 5000`,
        after,
      );
      if (rows.length === 0) break;
      read += rows.length;
      after = [rows[rows.length - 1].t, rows[rows.length - 1].g];
    }
    const readRate = read / ((Date.now() - r0) / 1000);
    console.log(`[log-verify] reading the same ${fmt(read)} events alone: ${fmt(readRate)} events/s, load ${load()}`);
    const before = load();
    // No checkpoints written, so runs on the same log compare like with like.
    const report = await verifyLog(store, pool, { writeCheckpoints: false });
    console.log(
      `[log-verify] ${fmt(report.events)} events in ${fmt(report.streams)} streams verified in ${report.seconds.toFixed(1)} s: ` +
        `${fmt(report.eventsPerSecond)} events/s (ok: ${report.ok}); load average (1/5/15 min) before ${before}, after ${load()}`,
    );
    console.log(
      JSON.stringify({
        readOnlyPerSecond: Math.round(readRate),
        events: report.events,
        seconds: report.seconds,
        eventsPerSecond: report.eventsPerSecond,
        ok: report.ok,
        loadBefore: before,
        loadAfter: load(),
      }),
    );
  } finally {
    await store.close();
    await pool.end();
    if (!KEEP && !REUSE) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
