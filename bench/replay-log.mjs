// A large, realistic log for replay figures: the events a shop has written (seed, orders, mails) cloned
// under new ids until the log holds the wanted number, then `npm run replay` as an operator runs it.
// Shared by bench/run.mjs and bench/replay.mjs.
import { execFileSync } from 'child_process';
import { randomUUID } from 'crypto';
import { dirname, join } from 'path';
import { fileURLToPath } from 'url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Clones the log's entity events under new ids until it holds `target` events; returns the count. */
export async function growLog(db, target, log = () => undefined) {
  const templates = (
    await db.query(`SELECT stream_id, event_type, schema_version, data, metadata FROM es_events ORDER BY global_position`)
  ).rows
    // Only events of entity streams (named with a uuid) can be cloned under new ids; staff accounts are left
    // out because a clone would repeat a staff e-mail, which the staff read model keeps unique. So are the
    // raw-append reference's streams (bench-<uuid>, BenchAppended): they are not the shop's events, and
    // cloning them made nearly half of the full bench's log events that no projection reads.
    .filter((e) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(e.stream_id) && !/^(staff|bench)-/.test(e.stream_id));
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  let written = (await db.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n;
  if (written >= target) return written;
  log(`generating ${fmt(target)} events from ${templates.length} real ones`);
  let round = 0;
  const t0 = Date.now();
  while (written < target) {
    round++;
    const rows = [];
    const map = new Map();
    const swapText = (text) =>
      text.replace(uuid, (u) => {
        if (!map.has(u)) map.set(u, randomUUID());
        return map.get(u);
      });
    // New ids everywhere except inside sealed personal data, which must still open with its subject's key.
    const swapValue = (v) =>
      typeof v === 'string'
        ? v.startsWith('pii:')
          ? v
          : swapText(v)
        : Array.isArray(v)
          ? v.map(swapValue)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swapValue(x)]))
            : v;
    for (const e of templates) {
      if (written + rows.length >= target) break;
      const meta = { ...e.metadata, eventId: randomUUID() };
      rows.push([
        swapText(e.stream_id),
        e.event_type,
        e.schema_version,
        JSON.stringify(swapValue(e.data)),
        JSON.stringify(meta),
        meta.occurredAt,
      ]);
    }
    // Revisions per stream follow the template order within this round.
    const rev = new Map();
    await db.query(
      `INSERT INTO es_events (stream_id, stream_revision, event_id, event_type, schema_version, data, metadata, occurred_at)
       SELECT s, r, (m->>'eventId')::uuid, t, v, d::jsonb, m, o FROM unnest($1::text[], $2::bigint[], $3::text[], $4::int[], $5::text[], $6::jsonb[], $7::timestamptz[]) AS x(s, r, t, v, d, m, o)`,
      [
        rows.map((r) => r[0]),
        rows.map((r) => {
          const n = rev.get(r[0]) ?? 0;
          rev.set(r[0], n + 1);
          return n;
        }),
        rows.map((r) => r[1]),
        rows.map((r) => r[2]),
        rows.map((r) => r[3]),
        rows.map((r) => r[4]),
        rows.map((r) => r[5]),
      ],
    );
    written += rows.length;
    if (round % 20 === 0) log(`  ${fmt(written)} events (${fmt(written / ((Date.now() - t0) / 1000))}/s)`);
  }
  return written;
}

/**
 * Runs the replay CLI on the database and reads its summary: events, seconds, events/s and the
 * per-projection lines. `nodeArgs` go to node (e.g. --cpu-prof).
 */
export function replayCli(dbUrl, nodeArgs = []) {
  const out = execFileSync(process.execPath, [...nodeArgs, join(ROOT, 'apps/api/dist/cli/replay.js')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', FACET_SEED: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  }).toString();
  const m = /replayed (\d+) events in ([\d.]+) s: (\d+) events\/s/.exec(out);
  if (!m) return { out };
  const projections = [...out.matchAll(/^ {2}(\S+): (\d+) events, ([\d.]+) s busy/gm)].map((p) => ({
    name: p[1],
    events: Number(p[2]),
    seconds: Number(p[3]),
  }));
  return { out, events: Number(m[1]), seconds: Number(m[2]), eventsPerSecond: Number(m[3]), projections };
}

/** The same rows copied by PostgreSQL alone (INSERT ... SELECT): events/s, the reference for replay. */
export async function copyRate(db) {
  const n = (await db.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n;
  const c0 = Date.now();
  await db.query('CREATE TABLE bench_copy (LIKE es_events); INSERT INTO bench_copy SELECT * FROM es_events');
  const rate = n / ((Date.now() - c0) / 1000);
  await db.query('DROP TABLE bench_copy');
  return rate;
}
