// Orders alone, as a profile: the shop on a throwaway database, consultation orders from 32 clients
// (autocannon) for N seconds, then orders/s, latency, the shop's CPU time per order and the statements it
// sent per order (counted in the shop by bench/count-queries.cjs), most frequent first, and the projection
// lag meanwhile (the full bench's probe), after 3 s of the same load not counted.
// Usage: node bench/orders.mjs [seconds=10] [--prof] (a CPU profile of the shop in /tmp/orders-prof)
import { readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { basename, dirname, join } from 'path';
import { fileURLToPath } from 'url';
import pg from 'pg';
import { consultationOrder, DISTINCT_EMAIL, distinctLoad, quantile, startLagProbe, startShop, madeToOrder } from './shop.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10);
const PROF = process.argv.includes('--prof');
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log('[orders-bench]', ...a);

const cpuSeconds = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 1/100 s
};

/** The statement counts files of the shop's threads (bench/count-queries.cjs): the main thread's and one per worker thread. */
const countFiles = (file) => [
  file,
  ...readdirSync(dirname(file))
    .filter((f) => f.startsWith(`${basename(file)}.thread`))
    .map((f) => join(dirname(file), f)),
];

/** The statements sent so far by all the shop's threads, summed by their first words. */
function readCounts(file) {
  const sum = {};
  for (const f of countFiles(file)) {
    if (f.endsWith('.tmp')) continue;
    for (const [k, n] of Object.entries(JSON.parse(readFileSync(f, 'utf8')))) sum[k] = (sum[k] ?? 0) + n;
  }
  return sum;
}

async function main() {
  const name = `facet_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  const port = 3950 + Math.floor(Math.random() * 40);
  const countFile = join(tmpdir(), `facet-queries-${process.pid}.json`);
  let running = null;
  try {
    running = await startShop({
      dbUrl: u.toString(),
      port,
      nodeArgs: [...(PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/orders-prof'] : []), '-r', join(ROOT, 'bench/count-queries.cjs')],
      env: { FACET_QUERY_COUNT_FILE: countFile },
    });
    const { shop, base } = running;
    // A made-to-order piece: the load orders it thousands of times, and a stocked one sells out (409).
    const pieces = await madeToOrder(base, (await (await fetch(`${base}/api/products?limit=100`)).json()).products);
    const p = pieces.find((x) => x.price < 500) ?? pieces[0];
    const order = consultationOrder(p);
    const first = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });
    if (!first.ok) throw new Error(`POST /api/orders answered ${first.status}: ${await first.text()}`);
    // The same load for 3 s first, not counted (JIT compilation, pools growing: see WARMUP_SECONDS in run.mjs),
    // then its mails, so the counts below are of the measured load alone.
    await distinctLoad(`${base}/api/orders`, { connections: 32, seconds: 3, body: consultationOrder(p, 'Bench', DISTINCT_EMAIL) });
    await sleep(3000);
    const before = readCounts(countFile);
    const db = new pg.Pool({ connectionString: u.toString(), max: 2 });
    const lagProbe = startLagProbe(db);
    const cpu0 = cpuSeconds(shop.pid);
    // Each order from a shopper of their own, so every confirmation is sent (the recipient cap).
    const r = await distinctLoad(`${base}/api/orders`, {
      connections: 32,
      seconds: SECONDS,
      body: consultationOrder(p, 'Bench', DISTINCT_EMAIL),
    });
    const lags = await lagProbe.stop();
    await db.end();
    await sleep(3000); // the mails and projections of the last orders
    const cpu = cpuSeconds(shop.pid) - cpu0;
    await sleep(1100);
    const after = readCounts(countFile);
    const orders = r['2xx'];
    const per = Object.entries(after)
      .map(([k, n]) => [k, (n - (before[k] ?? 0)) / orders])
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
    const total = per.reduce((a, [, n]) => a + n, 0);
    log(
      `${orders} orders in ${SECONDS} s: ${Math.round(r.requests.average)}/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}`,
    );
    log(`shop CPU ${cpu.toFixed(2)} s = ${((1000 * cpu) / orders).toFixed(2)} ms per order (request, projections, reactors, mail)`);
    log(
      `projection lag (append to the orders read model): p50 ${quantile(lags, 0.5)} / p99 ${quantile(lags, 0.99)} ms (${lags.length} samples)`,
    );
    log(`statements per order: ${total.toFixed(1)}`);
    for (const [k, n] of per.slice(0, 25)) console.log(`  ${n.toFixed(2).padStart(6)}  ${k}`);
  } finally {
    await running?.stop();
    for (const f of countFiles(countFile)) rmSync(f, { force: true });
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
