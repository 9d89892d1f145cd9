// The order path with stock reservations (issue 40): the shop on a throwaway database, consultation orders
// from 32 clients (autocannon) for N seconds each, on
//   1. a made-to-order piece (no stock: nothing is reserved; today's order path plus the variant lookup),
//   2. one hot unique piece: a stocked variant with 1 unit, restocked by one unit (a staff adjustment) as soon
//      as it sells, so every order contends for the one unit on one variant stream,
//   3. a stocked piece with plenty of units (every order reserves, rarely refused: the reservation's cost).
// Prints orders/s, p50/p99 latency, and the conflict rate (409 "Only N left"/"sold out" among all answers).
// Usage: node bench/reservations.mjs [seconds=10]   (needs the built shop: bash scripts/ensure.sh build);
// npm run bench runs it too (reservationBench) and records its figures in bench/results.md.
import pg from 'pg';
import { fileURLToPath } from 'url';
import { consultationOrder, DISTINCT_EMAIL, distinctLoad, startShop } from './shop.mjs';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@facet.test', password: 'Bench-Admin-1985!' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The three runs, each { label, ordersPerSecond, answersPerSecond, conflictRate, p50, p99, restocks }. */
export async function reservationBench({ seconds = 10, log = (...a) => console.log('[reservations-bench]', ...a) } = {}) {
  const SECONDS = seconds;
  const results = [];
  const name = `facet_reservations_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  const port = 3990 + Math.floor(Math.random() * 40);
  let running = null;
  try {
    running = await startShop({ dbUrl: u.toString(), port, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    const { base } = running;
    const call = async (method, path, body, token) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'bench',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    let token = null;
    for (let i = 0; i < 100 && !token; i++) {
      const login = await call('POST', '/api/staff/login', { username: ADMIN.email, password: ADMIN.password });
      if (login.status === 200) token = login.body.token;
      else await sleep(200);
    }
    if (!token) throw new Error('could not sign the bench administrator in');

    /** A piece with one variant: stocked with `stock` units, or made to order (stock null). */
    const piece = async (label, stock) => {
      const created = await call(
        'POST',
        '/api/admin/products',
        { name: `Bench ${label}`, price: 450, category: 'women-rings', variants: [{ options: {}, stock }] },
        token,
      );
      if (created.status !== 201) throw new Error(`creating ${label}: ${created.status} ${JSON.stringify(created.body)}`);
      const shown = (await call('GET', `/api/products/${created.body.id}`)).body;
      return { ...shown, variantId: shown.variants[0].id };
    };
    const orderFor = (p) => {
      const order = consultationOrder(p, 'Bench', DISTINCT_EMAIL);
      order.items[0].variant_id = p.variantId;
      return order;
    };
    const run = async (label, p, during = async () => undefined) => {
      // 2 s of the same load first, not counted (JIT, pools growing).
      await distinctLoad(`${base}/api/orders`, { connections: 32, seconds: 2, body: orderFor(p) });
      const stop = { now: false };
      const side = during(stop);
      const r = await distinctLoad(`${base}/api/orders`, { connections: 32, seconds: SECONDS, body: orderFor(p) });
      stop.now = true;
      const restocks = await side;
      const ok = r['2xx'];
      const answers = ok + r.non2xx;
      const conflicts = r.statusCodeStats?.['409']?.count ?? 0;
      const others = r.non2xx - conflicts + r.errors;
      log(
        `${label}: ${(ok / SECONDS).toFixed(0)} orders/s placed, ${(answers / SECONDS).toFixed(0)} answers/s, ` +
          `conflicts ${((100 * conflicts) / Math.max(1, answers)).toFixed(1)}% (${conflicts} of ${answers}), other errors ${others}, ` +
          `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${restocks ? `, ${restocks} restocks` : ''}`,
      );
      results.push({
        label,
        ordersPerSecond: ok / SECONDS,
        answersPerSecond: answers / SECONDS,
        conflictRate: conflicts / Math.max(1, answers),
        p50: r.latency.p50,
        p99: r.latency.p99,
        restocks: restocks ?? null,
      });
    };

    await run('made to order', await piece('Made To Order', null));

    // One unit at a time: a staff member (here a loop) adds the next unit as soon as the last one is reserved.
    const hot = await piece('Hot Unique', 1);
    await run('hot unique piece, restocked as it sells', hot, async (stop) => {
      let restocks = 0;
      while (!stop.now) {
        const level = (await call('GET', `/api/admin/inventory/variants/${hot.variantId}`, undefined, token)).body;
        if (level?.available === 0) {
          const added = await call(
            'POST',
            `/api/admin/inventory/variants/${hot.variantId}/adjustments`,
            { delta: 1, reason: 'restock' },
            token,
          );
          if (added.status === 200) restocks++;
        } else await sleep(5);
      }
      return restocks;
    });

    await run('stocked, plenty of units', await piece('Plenty', 100_000));
  } finally {
    await running?.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  reservationBench({ seconds: Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10) }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
