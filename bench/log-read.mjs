// Issue 20: reading the log before and after MailSent version 2 (bodies in public.mail_archive).
// Builds two logs of the same orders in throwaway databases, one with version 1 MailSent events (the whole
// sealed mail, 5.6 KB as measured on the bench's log) and one with version 2 (469 bytes, as the mail archive
// test measures), then reads each from the start with the store's readAll in pages of 5,000 events.
// Usage: node bench/log-read.mjs [orders=4000]
import { createRequire } from 'module';
import pg from 'pg';
const require = createRequire(import.meta.url);
const { migrate } = require('../apps/api/dist/platform/database/migrate.js');
const { PostgresEventStore } = require('../apps/api/dist/platform/event-store/postgres/postgres-event-store.js');

const ORDERS = Number(process.argv[2] ?? 4000);
const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Pool({ connectionString: BASE, max: 1 });

async function buildLog(version) {
  const name = `facet_logread_${version}_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = BASE.replace(/\/[^/]*$/, `/${name}`);
  await migrate(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // Per order: 4 order/payment events (~350 bytes) and 2 mails (receipt, staff notice), as the bench's orders write.
  const mail =
    version === 1
      ? `jsonb_build_object('mail_id', 'm'||g||k, 'kind', 'payment-receipt', 'to', 'pd1:'||repeat(md5(g::text), 3), 'subject', 'pd1:'||repeat(md5(g::text), 2),
           'html', 'pd1:'||repeat(md5((g+k)::text), 125), 'text', 'pd1:'||repeat(md5((g-k)::text), 36), 'subject_id', 'email:'||md5(g::text), 'delivered', true)`
      : `jsonb_build_object('mail_id', 'm'||g||k, 'kind', 'payment-receipt', 'template_version', 1, 'to', 'pd1:'||repeat(md5(g::text), 3),
           'subject', 'pd1:'||repeat(md5(g::text), 2), 'subject_id', 'email:'||md5(g::text), 'content_sha256', md5(g::text)||md5(k::text), 'delivered', true)`;
  await pool.query(`
    INSERT INTO public.es_events (stream_id, stream_revision, event_id, event_type, schema_version, data, metadata, occurred_at)
    SELECT CASE WHEN k < 4 THEN 'order-'||g ELSE 'mail-'||g||'-'||k END, CASE WHEN k < 4 THEN k ELSE 0 END, gen_random_uuid(),
      CASE WHEN k < 4 THEN 'OrderEvent'||k ELSE 'MailSent' END, CASE WHEN k < 4 THEN 1 ELSE ${version} END,
      CASE WHEN k < 4 THEN jsonb_build_object('order_id', g, 'status', 'paid', 'note', repeat(md5(k::text), 8)) ELSE ${mail} END,
      jsonb_build_object('eventId', gen_random_uuid(), 'schemaVersion', 1, 'occurredAt', now(), 'actor', jsonb_build_object('type', 'system'), 'correlationId', gen_random_uuid(), 'causationId', null),
      now()
    FROM generate_series(1, ${ORDERS}) g, generate_series(0, 5) k ORDER BY g, k`);
  await pool.query('VACUUM ANALYZE public.es_events');
  const size = (
    await pool.query(`SELECT count(*)::int AS n, sum(octet_length(data::text) + octet_length(metadata::text))::bigint AS bytes,
      avg(octet_length(data::text)) FILTER (WHERE event_type = 'MailSent')::int AS mail_bytes, pg_total_relation_size('public.es_events') AS rel FROM public.es_events`)
  ).rows[0];
  return { name, url, pool, size };
}

async function readAllOnce(store) {
  let after,
    n = 0;
  const t0 = process.hrtime.bigint();
  for (;;) {
    const batch = await store.readAll({ after, limit: 5000 });
    if (!batch.length) break;
    n += batch.length;
    after = batch[batch.length - 1].position;
  }
  return { n, seconds: Number(process.hrtime.bigint() - t0) / 1e9 };
}

const rows = [];
for (const version of [1, 2]) {
  const log = await buildLog(version);
  const store = new PostgresEventStore(log.pool, log.url);
  await readAllOnce(store); // warm the cache: both runs read from memory
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await readAllOnce(store));
  const best = runs.reduce((a, b) => (a.seconds < b.seconds ? a : b));
  rows.push({
    version,
    events: log.size.n,
    bytesPerEvent: Math.round(Number(log.size.bytes) / log.size.n),
    mailEventBytes: log.size.mail_bytes,
    tableMB: Math.round(Number(log.size.rel) / 1e6),
    eventsPerSecond: Math.round(best.n / best.seconds),
    seconds: best.seconds.toFixed(2),
  });
  await store.close();
  await log.pool.end();
  await admin.query(`DROP DATABASE ${log.name}`);
}
console.table(rows);
console.log(
  `readAll: ${(rows[1].eventsPerSecond / rows[0].eventsPerSecond).toFixed(1)}x the events/s; ${(rows[0].bytesPerEvent / rows[1].bytesPerEvent).toFixed(1)}x fewer bytes per event`,
);
await admin.end();
