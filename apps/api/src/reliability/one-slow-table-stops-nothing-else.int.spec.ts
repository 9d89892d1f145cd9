import { priceOrderInDollars } from '@facet/contracts';
import { Client } from 'pg';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { Mailbox, verifiedCustomer } from '../testing/customer-helpers';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TEST_ADMIN, TestApp } from '../testing/test-app';

const LOCK_SECONDS = 20;
const SHIPPING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 (555) 010-2000',
  address: '12 Analytical Way',
  apartment: '',
  city: 'New York',
  state: 'NY',
  zip_code: '10001',
  country: 'US',
};

/**
 * One read-model table locked by another client of the database for 20 s: its projection waits on the
 * projections' own pool, commands that need it answer 202 with a Location, and everything that does not
 * need the table (products, customer and staff login) answers normally.
 */
describe('One slow table', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let product: any;
  const email = 'slow.table@example.com';

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, READ_YOUR_WRITES_TIMEOUT_MS: '1000' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    product = (await t.request('GET', '/api/products?limit=1&sort_by=price-low')).body.products[0];
    await verifiedCustomer(t, new Mailbox(sink), email);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const order = () => {
    const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
    return {
      items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1, image: product.image }],
      shipping: SHIPPING,
      payment: { card_name: '', last_4: '' },
      subtotal: totals.subtotal,
      shipping_cost: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      status: 'consultation_requested',
      payment_status: 'pending_consultation',
    };
  };

  it('should answer products and logins normally while rm.orders is locked, and project the order once it is released', async () => {
    const locker = new Client({ connectionString: t.db.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE rm.orders IN ACCESS EXCLUSIVE MODE');
    const lockedAt = Date.now();
    let placed: { status: number; location: string | null; id: string };
    const timings: number[] = [];
    const statuses = new Map<number, number>();
    try {
      // Orders meanwhile: recorded, not readable yet, so 202 and where to look (more than the API pool's 20).
      const burst = await Promise.all(Array.from({ length: 25 }, () => t.request('POST', '/api/orders', { body: order() })));
      for (const res of burst) {
        expect(res.status).toBe(202);
        expect(res.body.order_id).toMatch(/^[0-9a-f-]{36}$/);
        expect(res.headers.get('location')).toBe(`/api/orders/${res.body.order_id}`);
        expect(res.headers.get('x-read-model-pending')).toBe('true');
      }
      placed = { status: burst[0].status, location: burst[0].headers.get('location'), id: burst[0].body.order_id };

      // Until the lock has been held 20 s: rounds of product reads and logins, each must answer at once.
      while (Date.now() - lockedAt < LOCK_SECONDS * 1000) {
        const round = await Promise.all([
          ...Array.from({ length: 20 }, () => timed(() => t.request('GET', '/api/products?limit=12'))),
          timed(() => t.request('POST', '/api/auth/login', { body: { email, password: 'Brilliant-Cut-1985!' } })),
          timed(() => t.request('POST', '/api/staff/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } })),
          timed(() => t.request('GET', `/api/products/${product.id}`)),
        ]);
        for (const r of round) {
          timings.push(r.ms);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        }
        // Paces the rounds over the lock's 20 s, so reads and logins are tried all the while it is held.
        await new Promise((r) => setTimeout(r, 500));
      }
      const health = await t.request('GET', '/api/health');
      expect(health.body.status).toBe('degraded');
      expect(health.body.consumers.find((c: any) => c.kind === 'projection' && c.name === 'orders').events_behind).toBeGreaterThanOrEqual(
        25,
      );
    } finally {
      await locker.query('COMMIT');
      await locker.end();
    }
    const releasedAt = Date.now();
    expect([...statuses.keys()]).toEqual([200]);
    timings.sort((x, y) => x - y);
    const p99 = timings[Math.floor(timings.length * 0.99)];
    // Answered without waiting for the lock: it is released only after these rounds, so a read that queued
    // behind it would have held its round until its own timeout (a 503). Every round came back 200 while it
    // was held, and more than one of them. The p99 bound is half the lock's 20 s: a quiet host's p99 is about
    // 2 s, a CI host at load 8-10 saw 6.3 s (23 requests at once, two of them password checks, on 2 cores).
    expect(timings.length / 23).toBeGreaterThanOrEqual(2);
    expect(p99).toBeLessThan((LOCK_SECONDS * 1000) / 2);

    // Released: the orders are projected, the Location answers.
    let shown = await t.request('GET', placed.location!);
    while (shown.status !== 200 && Date.now() - releasedAt < 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      shown = await t.request('GET', placed.location!);
    }
    expect(shown.status).toBe(200);
    expect(shown.body.id ?? shown.body.order_id ?? placed.id).toBe(placed.id);
    const projectedIn = Date.now() - releasedAt;
    console.log(
      `rm.orders locked ${((releasedAt - lockedAt) / 1000).toFixed(1)} s: 25 orders answered 202 + Location; ${timings.length} product reads and logins meanwhile, ` +
        `all 200, p50 ${timings[Math.floor(timings.length / 2)]} ms, p99 ${p99} ms, max ${timings[timings.length - 1]} ms; order readable ${projectedIn} ms after release`,
    );
  }, 90_000);
});

async function timed(fn: () => Promise<{ status: number }>): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const res = await fn();
  return { status: res.status, ms: Date.now() - started };
}
