import { priceOrderInDollars } from '@facet/contracts';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { DatabaseService } from '../platform/database/database.service';
import { orderAccessCookie } from '../testing/card-orders';
import { shippingBody } from '../testing/request-bodies';
import { startTestApp, TestApp } from '../testing/test-app';

/** Concurrency: optimistic concurrency on product edits, and idempotent consultation submits. */
describe('Concurrent writers', () => {
  let t: TestApp;
  let token: string;
  let products: any[];

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_ORIGINS: 'http://shop.test' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    token = await t.staffToken();
    products = (await t.request('GET', '/api/products?limit=100&sort_by=price-low')).body.products.filter((p: any) => p.in_stock);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('should answer 60 concurrent checkouts 2xx and the staff cancels and stock adjustments made in the same seconds, queueing instead of 503', async () => {
    const created = await t.request('POST', '/api/admin/products', {
      token,
      body: {
        name: 'Burst Ring',
        price: 100,
        category: 'women-rings',
        options: [{ name: 'size', values: ['6'] }],
        variants: [{ options: { size: '6' }, stock: 200, is_default: true }],
      },
    });
    expect(created.status).toBe(201);
    const variantId = (await t.request('GET', `/api/products/${created.body.id}`)).body.variants[0].id as string;
    const cardOrder = (email: string) => ({
      items: [{ product_id: created.body.id, product_name: 'Burst Ring', price: 100, quantity: 1, variant_id: variantId }],
      shipping: shippingBody({ email }),
      total: priceOrderInDollars([{ price: 100, quantity: 1 }]).total,
      payment: { card_name: 'Ada Lovelace', last_4: '4242' },
      status: 'pending',
      payment_status: 'unpaid',
    });
    const toCancel: string[] = [];
    for (let i = 0; i < 3; i++)
      toCancel.push((await t.request('POST', '/api/orders', { body: cardOrder(`cancel.${i}@example.com`) })).body.order_id);

    /** A shopper's checkout: the card order, then its hosted payment page from the placing browser. */
    const checkout = async (i: number) => {
      const placed = await t.request('POST', '/api/orders', { body: cardOrder(`burst.${i}@example.com`) });
      if (placed.status >= 300) return { step: 'order', status: placed.status, detail: placed.body?.detail };
      const session = await t.request('POST', '/api/payments/checkout/session', {
        headers: { cookie: orderAccessCookie(placed) },
        body: { origin_url: 'http://shop.test', order_id: placed.body.order_id },
      });
      return { step: 'session', status: session.status, detail: session.body?.detail };
    };
    const staffWork = [
      ...toCancel.map((id) =>
        t.request('PUT', `/api/admin/orders/${id}`, { token, body: { status: 'cancelled', note: 'Shopper called' } }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        t.request('POST', `/api/admin/inventory/variants/${variantId}/adjustments`, { token, body: { delta: 1, reason: `delivery ${i}` } }),
      ),
    ];
    const [shoppers, staff] = await Promise.all([Promise.all(Array.from({ length: 60 }, (_, i) => checkout(i))), Promise.all(staffWork)]);
    const refused = shoppers.filter((r) => r.status >= 300);
    console.log(
      `burst: 60 checkouts -> ${60 - refused.length} 2xx`,
      refused.slice(0, 3),
      'staff:',
      staff.map((r) => r.status),
    );
    expect(refused).toEqual([]);
    expect(staff.map((r) => r.status)).toEqual(staff.map(() => 200));
  });

  it('should let exactly one of 50 simultaneous edits of the same version win, answer 409 to the rest, and lose no update', async () => {
    const product = products[0];
    const rounds = 3;
    let version = (await t.request('GET', `/api/products/${product.id}`)).body.version as number;
    const winners: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.request('PUT', `/api/admin/products/${product.id}`, {
            token,
            headers: { 'if-match': `"${version}"` },
            body: { description: `round ${round} writer ${i}` },
          }),
        ),
      );
      const ok = results.filter((r) => r.status === 200);
      const conflicts = results.filter((r) => r.status === 409);
      console.log(
        `concurrency: round ${round}: 50 edits of version ${version}: ${ok.length} won, ${conflicts.length} got 409, others ${50 - ok.length - conflicts.length}`,
      );
      expect(ok).toHaveLength(1);
      expect(conflicts).toHaveLength(49);
      for (const c of conflicts) expect(c.body.detail).toEqual(expect.any(String));
      expect(ok[0].body.version).toBe(version + 1);
      winners.push(ok[0].body.description);
      version = ok[0].body.version;
      // The winner's text is what everyone reads: nothing was silently overwritten by a loser.
      expect((await t.request('GET', `/api/products/${product.id}`)).body).toMatchObject({ description: ok[0].body.description, version });
    }
    // One event per winning edit in the log.
    const db = t.app.get(DatabaseService).pool;
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM public.es_events WHERE stream_id = $1 AND event_type <> 'ProductCreated'`,
      [`product-${product.id}`],
    );
    expect(rows[0].n).toBe(rounds);
    expect(winners).toHaveLength(rounds);
  });

  it('should record one order for 20 identical consultation submits with one Idempotency-Key', async () => {
    const p = products[1];
    const totals = priceOrderInDollars([{ price: p.price, quantity: 1 }]);
    const body = {
      items: [{ product_id: p.id, product_name: p.name, price: p.price, quantity: 1, image: p.image }],
      shipping: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        phone: '+1 (555) 010-3000',
        address: '1 Cobol Ct',
        city: 'Arlington',
        state: 'VA',
        zip_code: '22201',
        country: 'US',
      },
      payment: { card_name: '', last_4: '' },
      subtotal: totals.subtotal,
      shipping_cost: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      status: 'consultation_requested',
      payment_status: 'pending_consultation',
    };
    const db = t.app.get(DatabaseService).pool;
    const count = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = 'OrderRequested'`)).rows[0].n as number;
    const before = await count();
    const headers = { 'idempotency-key': `reliability-${Date.now()}` };
    const results = await Promise.all(Array.from({ length: 20 }, () => t.request('POST', '/api/orders', { body, headers })));
    const ids = new Set(results.map((r) => r.body.order_id));
    console.log(
      `concurrency: 20 submits with one Idempotency-Key: statuses ${[...new Set(results.map((r) => r.status))]}, ${ids.size} order id(s), ${(await count()) - before} OrderRequested event(s)`,
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(ids.size).toBe(1);
    expect((await count()) - before).toBe(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM rm.orders WHERE id = $1`, [[...ids][0]])).rows[0].n).toBe(1);
  });
});
