// A large, realistic log for replay figures: the events a shop has written (seed, orders, mails) cloned
// under new ids until the log holds the wanted number, then `npm run replay` as an operator runs it.
// Shared by bench/run.mjs and bench/replay.mjs, with the floor under any replay of the log (replayFloor).
import { execFileSync } from 'child_process';
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'crypto';
import { readFileSync } from 'fs';
import { cpus } from 'os';
import { dirname, join } from 'path';
import copyStreams from 'pg-copy-streams';
import { fileURLToPath } from 'url';

const { from: copyFrom, to: copyTo } = copyStreams;

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
  const eventTypes = /^ {2}event types read: (.*)$/m.exec(out)?.[1].split(', ') ?? [];
  return { out, events: Number(m[1]), seconds: Number(m[2]), eventsPerSecond: Number(m[3]), eventTypes, projections };
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

/** CPU seconds the whole machine spent (every process, user and system) and the wall seconds, over `work`. */
async function measured(work) {
  const busy = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
  };
  const b0 = busy();
  const t0 = performance.now();
  await work();
  return { wall: (performance.now() - t0) / 1000, cpu: (busy() - b0) / 100 };
}

/**
 * The least CPU any replay of the log must spend on this machine, measured part by part once the log has been
 * replayed (its read models are full): reading the log's rows of the replay's event types (`types`, which the
 * replay CLI prints) into Node as the replay reads them (node-postgres, pages of 5,000, JSON decoded), opening its sealed strings (Node's AES-GCM cost per string,
 * on strings of the log's lengths, times their number), and loading the rebuilt rows into fresh tables with
 * their indexes by COPY from Node. None of the projections' own work is in it. Spread over every core with
 * none ever idle, the sum gives the highest rate a replay could reach here: `ceiling`, events/s.
 */
export async function replayFloor(pool, types) {
  const db = await pool.connect();
  try {
    let events = 0;
    let sealed = 0;
    const sealedLengths = [];
    const read = await measured(async () => {
      let after = ['0', '0'];
      for (;;) {
        // The select of PostgresEventStore.readAll (its horizon left out: nothing is being written).
        const r = await db.query(
          `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_revision, event_type, data, metadata,
                  encode(hash, 'hex') AS hash FROM public.es_events
           WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint) AND event_type = ANY($3)
           ORDER BY es_events.transaction_id, es_events.global_position LIMIT 5000`,
          [...after, types],
        );
        if (r.rows.length === 0) break;
        for (const row of r.rows)
          for (const v of Object.values(row.data))
            if (typeof v === 'string' && v.startsWith('pii:')) {
              sealed++;
              if (sealedLengths.length < 20_000) sealedLengths.push(v.length - v.lastIndexOf(':') - 1);
            }
        events += r.rows.length;
        const last = r.rows[r.rows.length - 1];
        after = [last.transaction_id, String(last.global_position)];
      }
    });

    // Sealed strings as the shop writes them (pii:...:iv:tag:ciphertext, base64), of the log's lengths.
    const key = randomBytes(32);
    const samples = sealedLengths.map((b64) => {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([c.update(randomBytes(Math.max(1, Math.floor((b64 * 3) / 4)))), c.final()]);
      return { iv: iv.toString('base64'), tag: c.getAuthTag().toString('base64'), ct: ct.toString('base64') };
    });
    const open = (s) => {
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(s.iv, 'base64'));
      d.setAuthTag(Buffer.from(s.tag, 'base64'));
      const text = d.update(Buffer.from(s.ct, 'base64'));
      d.final();
      return text.toString('latin1');
    };
    samples.forEach(open); // compiled and warm before it is timed
    const c0 = process.cpuUsage();
    for (let round = 0; round < 5; round++) samples.forEach(open);
    const c1 = process.cpuUsage(c0);
    const perString = samples.length ? (c1.user + c1.system) / 1e6 / (5 * samples.length) : 0;

    // The rebuilt rows, fetched first (not counted), then copied into fresh tables with the same indexes.
    const tables = (
      await db.query(`SELECT relname FROM pg_stat_user_tables WHERE schemaname = 'rm' AND n_live_tup > 0 ORDER BY relname`)
    ).rows.map((r) => r.relname);
    const texts = new Map();
    for (const t of tables) {
      const chunks = [];
      for await (const chunk of db.query(copyTo(`COPY rm."${t}" TO STDOUT`))) chunks.push(chunk);
      texts.set(t, chunks);
    }
    await db.query(`DROP SCHEMA IF EXISTS bench_floor CASCADE; CREATE SCHEMA bench_floor`);
    let rows = 0;
    let write;
    try {
      for (const t of tables) await db.query(`CREATE TABLE bench_floor."${t}" (LIKE rm."${t}" INCLUDING ALL)`);
      write = await measured(async () => {
        for (const t of tables) {
          const copy = db.query(copyFrom(`COPY bench_floor."${t}" FROM STDIN`));
          await new Promise((resolve, reject) => {
            copy.on('finish', resolve);
            copy.on('error', reject);
            for (const chunk of texts.get(t)) copy.write(chunk);
            copy.end();
          });
          rows += copy.rowCount;
        }
      });
    } finally {
      await db.query(`DROP SCHEMA bench_floor CASCADE`);
    }
    const decryptCpu = perString * sealed;
    const totalCpu = read.cpu + decryptCpu + write.cpu;
    const cores = cpus().length;
    return {
      events,
      sealed,
      rows,
      tables,
      read,
      decrypt: { cpu: decryptCpu, perString },
      write,
      totalCpu,
      cores,
      ceiling: Math.round(events / Math.max(totalCpu / cores, 0.001)),
    };
  } finally {
    db.release();
  }
}

/** replayFloor's figures as lines for a log. */
export function floorLines(f) {
  const s = (n) => n.toFixed(1);
  return [
    `replay floor: ${fmt(f.events)} events, ${fmt(f.sealed)} sealed strings, ${fmt(f.rows)} rows (${f.tables.join(', ')})`,
    `  reading and decoding the log in Node: ${s(f.read.cpu)} CPU s (${s(f.read.wall)} s)`,
    `  opening the sealed strings: ${s(f.decrypt.cpu)} CPU s (${(f.decrypt.perString * 1e6).toFixed(2)} µs a string)`,
    `  copying the rows into fresh tables with their indexes: ${s(f.write.cpu)} CPU s (${s(f.write.wall)} s)`,
    `  together ${s(f.totalCpu)} CPU s: on ${f.cores} cores never idle, at most ${fmt(f.ceiling)} events/s before any projection's own work`,
  ];
}
