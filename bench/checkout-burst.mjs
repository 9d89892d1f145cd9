// Checkouts in one burst (issue 49): N shoppers at once each place a card order and open its hosted payment page
// (POST /api/orders, then POST /api/payments/checkout/session from the placing browser), while staff adjust the
// piece's stock and cancel orders in the same seconds. Reports the share of checkouts answered 2xx, the staff
// actions' statuses, and p50/p99 of a whole checkout. The shop on a throwaway database, every role in one process,
// the default DATABASE_POOL_MAX (20).
// Usage: node bench/checkout-burst.mjs [60 200]   (needs the built shop: bash scripts/ensure.sh build);
// npm run bench runs it too (checkoutBurstBench) and records its figures in bench/results.md.
import pg from 'pg';
import { fileURLToPath } from 'url';
import { startShop } from './shop.mjs';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@facet.test', password: 'Bench-Admin-1985!' };
const ORIGIN = 'http://shop.bench';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]) : null;
};

/** One run per burst size: { n, ok, share, p50, p99, staff: { ok, total }, statuses }. */
export async function checkoutBurstBench({ sizes = [60, 200], log = (...a) => console.log('[checkout-burst]', ...a) } = {}) {
  const name = `facet_burst_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const u = new URL(SERVER);
  u.pathname = `/${name}`;
  const port = 4030 + Math.floor(Math.random() * 40);
  let running = null;
  const results = [];
  try {
    running = await startShop({
      dbUrl: u.toString(),
      port,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_ORIGINS: `${ORIGIN},http://127.0.0.1:${port}` },
    });
    const { base } = running;
    const call = async (method, path, body, headers = {}) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'bench', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return {
        status: res.status,
        body: json,
        cookie: res.headers
          .getSetCookie()
          .find((c) => c.startsWith('facet_order_access='))
          ?.split(';')[0],
      };
    };
    let token = null;
    for (let i = 0; i < 100 && !token; i++) {
      const login = await call('POST', '/api/staff/login', { username: ADMIN.email, password: ADMIN.password });
      if (login.status === 200) token = login.body.token;
      else await sleep(200);
    }
    if (!token) throw new Error('could not sign the bench administrator in');
    const staff = { authorization: `Bearer ${token}` };
    const created = await call(
      'POST',
      '/api/admin/products',
      { name: 'Bench Burst Ring', price: 450, category: 'women-rings', variants: [{ options: {}, stock: 10_000 }] },
      staff,
    );
    if (created.status !== 201) throw new Error(`creating the piece: ${created.status}`);
    const variantId = (await call('GET', `/api/products/${created.body.id}`)).body.variants[0].id;
    let seq = 0;
    const cardOrder = () => ({
      items: [{ product_id: created.body.id, product_name: 'Bench Burst Ring', price: 450, quantity: 1, variant_id: variantId }],
      shipping: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: `burst.${process.pid}.${++seq}@bench.test`,
        phone: '+1 (555) 010-2000',
        address: '12 Analytical Way',
        city: 'New York',
        state: 'NY',
        zip_code: '10001',
        country: 'US',
      },
      payment: { card_name: 'Ada Lovelace', last_4: '4242' },
      total: 511,
      status: 'pending',
      payment_status: 'unpaid',
    });
    const checkout = async () => {
      const started = performance.now();
      const placed = await call('POST', '/api/orders', cardOrder());
      if (placed.status >= 300) return { status: placed.status, ms: performance.now() - started, orderId: null };
      const session = await call(
        'POST',
        '/api/payments/checkout/session',
        { origin_url: ORIGIN, order_id: placed.body.order_id },
        { cookie: placed.cookie },
      );
      return { status: session.status, ms: performance.now() - started, orderId: placed.body.order_id };
    };
    // Warm-up, not counted: the first orders compile the code and grow the pools.
    await Promise.all(Array.from({ length: 10 }, checkout));
    for (const n of sizes) {
      const toCancel = [];
      for (let i = 0; i < 3; i++) toCancel.push((await call('POST', '/api/orders', cardOrder())).body.order_id);
      const staffWork = Promise.all([
        ...toCancel.map((id) => call('PUT', `/api/admin/orders/${id}`, { status: 'cancelled', note: 'bench' }, staff)),
        ...Array.from({ length: 5 }, (_, i) =>
          call('POST', `/api/admin/inventory/variants/${variantId}/adjustments`, { delta: 1, reason: `bench ${i}` }, staff),
        ),
      ]);
      const runs = await Promise.all(Array.from({ length: n }, checkout));
      const staffRuns = await staffWork;
      const ok = runs.filter((r) => r.status >= 200 && r.status < 300).length;
      const statuses = {};
      for (const r of runs) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      const result = {
        n,
        ok,
        share: ok / n,
        p50: quantile(
          runs.map((r) => r.ms),
          0.5,
        ),
        p99: quantile(
          runs.map((r) => r.ms),
          0.99,
        ),
        staff: { ok: staffRuns.filter((r) => r.status === 200).length, total: staffRuns.length },
        statuses,
      };
      log(
        `${n} concurrent checkouts: ${ok} 2xx (${(100 * result.share).toFixed(1)} %), p50 ${result.p50} / p99 ${result.p99} ms, statuses ${JSON.stringify(statuses)}; staff ${result.staff.ok}/${result.staff.total} 200`,
      );
      results.push(result);
      await sleep(2000);
    }
  } finally {
    await running?.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  checkoutBurstBench(sizes.length ? { sizes } : {}).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
