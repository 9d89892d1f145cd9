// Replay speed alone: a shop writes real events (seed, consultation orders, their mails) into a throwaway
// database, the log is grown to N events by cloning them, and `npm run replay` rebuilds every read model.
// Prints events/s, the per-projection lines and the plain INSERT...SELECT copy of the same rows beside it, then
// the floor under any replay of this log on this machine (replay-log.mjs, replayFloor) and the rate it allows.
// Usage: node bench/replay.mjs [events=200000] [--keep] [--reuse=<database>] [--prof] (a CPU profile in /tmp/replay-prof)
import { loadavg } from 'os';
import pg from 'pg';
import { copyRate, floorLines, growLog, replayCli, replayFloor } from './replay-log.mjs';
import { consultationOrder, madeToOrder, startShop } from './shop.mjs';

const EVENTS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 200_000);
const KEEP = process.argv.includes('--keep');
const PROF = process.argv.includes('--prof');
const REUSE = process.argv.find((a) => a.startsWith('--reuse='))?.slice('--reuse='.length);
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...a) => console.log('[replay-bench]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const urlOf = (name) => {
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Starts the shop on the database, places consultation orders from 16 clients, waits for their mails. */
async function writeRealEvents(dbUrl, orders = 300) {
  const { base, stop } = await startShop({ dbUrl, port: 3900 + Math.floor(Math.random() * 90) });
  try {
    // Made-to-order pieces only: 300 orders of the seed's stocked ones sell them out (409) at once.
    const products = await madeToOrder(base, (await (await fetch(`${base}/api/products?limit=100`)).json()).products);
    let next = 0;
    const place = async () => {
      while (next < orders) {
        const n = next++;
        const r = await fetch(`${base}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // 60 shoppers of 5 orders each: every confirmation is sent (at most MAIL_RECIPIENT_CAP, 5, to one
          // address an hour), and the log keeps its mix of few subjects, each with many events.
          body: JSON.stringify(consultationOrder(products[n % products.length], `Replay ${n}`, `ada${n % 60}@replay.test`)),
        });
        if (!r.ok) throw new Error(`POST /api/orders answered ${r.status}: ${await r.text()}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, place));
    // The mails follow through the queue: wait until their count stops moving.
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    let last = -1;
    for (;;) {
      const n = (await db.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type = 'MailSent'`)).rows[0].n;
      if (n === last && n > 0) break;
      last = n;
      await sleep(2000);
    }
    await db.end();
  } finally {
    await stop();
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const name = REUSE ?? `facet_replay_${process.pid}`;
  const dbUrl = urlOf(name);
  if (!REUSE) {
    await admin.query(`CREATE DATABASE "${name}"`);
    await writeRealEvents(dbUrl).catch(async (err) => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      throw err;
    });
  }
  const db = new pg.Pool({ connectionString: dbUrl, max: 2 });
  db.on('error', () => undefined);
  try {
    const mix = (await db.query(`SELECT event_type, count(*)::int AS n FROM es_events GROUP BY 1 ORDER BY 2 DESC`)).rows;
    log('real events:', mix.map((r) => `${r.event_type} ${r.n}`).join(', '));
    const written = await growLog(db, EVENTS, log);
    await db.query('VACUUM ANALYZE es_events');
    log(
      `log of ${fmt(written)} events; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
    const r = replayCli(dbUrl, PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/replay-prof'] : []);
    if (!r.events) throw new Error(`replay output not understood: ${r.out.slice(-500)}`);
    const copy = await copyRate(db);
    const floor = await replayFloor(db, r.eventTypes);
    console.log(
      r.out
        .split('\n')
        .filter((l) => /^ {2}\S|replayed/.test(l))
        .join('\n'),
    );
    log(
      `replay ${fmt(r.eventsPerSecond)} events/s; INSERT...SELECT copy ${fmt(copy)} events/s; ratio ${(r.eventsPerSecond / copy).toFixed(2)}; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
    for (const line of floorLines(floor)) log(line);
    log(`replay / ceiling ${(r.eventsPerSecond / floor.ceiling).toFixed(2)}`);
    console.log(
      JSON.stringify({
        events: r.events,
        eventsPerSecond: r.eventsPerSecond,
        copyPerSecond: Math.round(copy),
        ceiling: floor.ceiling,
        projections: r.projections,
      }),
    );
  } finally {
    await db.end();
    if (!KEEP && !REUSE) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    else log(`database kept: ${name} (--reuse=${name})`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
