import { priceOrderInDollars } from '@facet/contracts';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { DatabaseService } from '../platform/database/database.service';
import { startTestApp, TestApp } from '../testing/test-app';

/** Concurrency: optimistic concurrency on product edits, and idempotent consultation submits. */
describe('Concurrent writers', () => {
  let t: TestApp;
  let token: string;
  let products: any[];

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(CatalogSeeder).seedIfEmpty();
    token = await t.staffToken();
    products = (await t.request('GET', '/api/products?limit=100&sort_by=price-low')).body.products.filter((p: any) => p.in_stock);
  });
  afterAll(async () => {
    await t?.close();
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
