// What the benches share: the built shop started on a database, the consultation order they place, and
// autocannon placing it with an address of its own per request.
import { execFile, spawn } from 'child_process';
import { existsSync } from 'fs';
import { dirname, join } from 'path';
import { fileURLToPath } from 'url';
import { promisify } from 'util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts apps/api/dist/main.js on the database and port (node arguments first, e.g. --cpu-prof); resolves once it lists products. */
export async function startShop({ dbUrl, port, nodeArgs = [], env = {} }) {
  // A clean clone has no build yet: make it (as npm start would), rather than fail to spawn.
  if (!existsSync(join(ROOT, 'apps/api/dist/main.js')))
    await promisify(execFile)('bash', [join(ROOT, 'scripts/ensure.sh'), 'build'], { cwd: ROOT });
  const shop = spawn(process.execPath, [...nodeArgs, join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      QUEUE_PREFIX: `bench-${port}-${process.pid}`,
      PUBLIC_ORIGINS: `http://127.0.0.1:${port}`,
      // One client places every order of a test run (and the bench's load): the order throttle and the stock-hold
      // cap per client would refuse them, so they are lifted here; the throttle spec runs with the defaults.
      ORDER_THROTTLE_PER_CLIENT: '1000000',
      ORDER_THROTTLE_PER_SHOPPER: '1000000',
      STOCK_HOLD_CAP_PER_CLIENT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // A fresh database runs every migration and lists the seed first: minutes on a loaded machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      const r = await fetch(`${base}/api/products?limit=1`);
      if (r.ok && (await r.json()).total > 0) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline || shop.exitCode !== null) {
      const exited = shop.exitCode;
      await stopShop(shop);
      throw new Error(exited !== null ? `the shop exited with ${exited}` : 'shop did not start within 5 minutes');
    }
    await sleep(200);
  }
  return { shop, base, stop: () => stopShop(shop) };
}

async function stopShop(shop) {
  if (shop.exitCode !== null) return;
  shop.kill('SIGTERM');
  await new Promise((r) => shop.once('exit', r));
}

/**
 * The listed products in stock whose default variant is made to order (as apps/api/src/testing/made-to-order.ts): an
 * order line without variant_id of one of them reserves nothing, so a bench may order it as often as it likes.
 * The seed's stocked pieces (one-of-a-kind ones hold 1 unit) answer 409 "… is sold out" at the second order.
 */
export async function madeToOrder(base, listed) {
  // In stock as the catalogue says (a piece can be marked out of stock whatever its variants), and made to order.
  const products = listed.filter((p) => p.in_stock);
  const details = await Promise.all(products.map((p) => fetch(`${base}/api/products/${p.id}`).then((r) => r.json())));
  const found = products.filter((_, i) => {
    const variants = details[i].variants ?? [];
    return (variants.find((v) => v.is_default) ?? variants[0])?.available === null;
  });
  if (found.length === 0) throw new Error('the catalogue lists no made-to-order piece to order again and again');
  return found;
}

/**
 * A shopper's address for load: bench/distinct-load.cjs makes `[<id>]` unique per request. The shop sends at
 * most MAIL_RECIPIENT_CAP confirmations to one address an hour, so one address for every order would have
 * the load measure suppressed mail instead of sent mail. (No +tag: the cap counts those as one inbox.)
 */
export const DISTINCT_EMAIL = 'ada.[<id>]@bench.test';

/**
 * POSTs `body` (JSON, `[<id>]` made unique per request) from a second process for `seconds`; resolves with
 * autocannon's result, as `autocannon -j` prints it.
 */
export async function distinctLoad(url, { connections, seconds, body }) {
  const opts = {
    url,
    connections,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'bench/distinct-load.cjs'), JSON.stringify(opts)], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

/** A consultation request for one piece, priced as the shop prices it (shipping free over $500, 8 % tax). */
export function consultationOrder(p, lastName = 'Bench', email = 'ada@bench.test') {
  const subtotal = p.price;
  const shippingCost = subtotal > 500 ? 0 : 25;
  const tax = Math.round(subtotal * 8) / 100;
  return {
    items: [{ product_id: p.id, product_name: p.name, price: p.price, quantity: 1, image: p.image }],
    shipping: {
      first_name: 'Ada',
      last_name: lastName,
      email,
      phone: '+1 212 555 0100',
      address: '1 Fifth Avenue',
      apartment: '',
      city: 'New York',
      state: 'NY',
      zip_code: '10003',
      country: 'US',
    },
    payment: { card_name: '', last_4: '' },
    subtotal,
    shipping_cost: shippingCost,
    tax,
    total: Math.round((subtotal + shippingCost + tax) * 100) / 100,
    status: 'consultation_requested',
    payment_status: 'pending_consultation',
  };
}

/**
 * Projection lag as a reader feels it: every 50 ms, the newest OrderRequested in the log, then the time
 * until the orders projection's checkpoint reaches it (polled every 5 ms, so the probe's own queries do
 * not slow the orders it measures). `stop()` ends it and gives the sorted lags in ms.
 */
export function startLagProbe(db) {
  const lags = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const last = await db.query(
        `SELECT transaction_id::text AS c, global_position AS p FROM es_events WHERE event_type = 'OrderRequested' ORDER BY global_position DESC LIMIT 1`,
      );
      if (last.rowCount) {
        const t0 = Date.now();
        const { c, p: pos } = last.rows[0];
        for (let i = 0; i < 200; i++) {
          const cp = await db.query(
            `SELECT 1 FROM rm.projection_checkpoints WHERE name = 'orders' AND (commit_pos, prepare_pos) >= ($1::numeric, $2::numeric)`,
            [c, pos],
          );
          if (cp.rowCount) {
            lags.push(Date.now() - t0);
            break;
          }
          await sleep(5);
        }
      }
      await sleep(50);
    }
  })();
  return {
    async stop() {
      sampling = false;
      await sampler;
      return lags.sort((a, b) => a - b);
    },
  };
}

/** The q-quantile of sorted numbers (null when there are none). */
export const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null);
