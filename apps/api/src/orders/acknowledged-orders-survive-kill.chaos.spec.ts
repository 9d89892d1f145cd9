import { priceOrderInDollars } from '@facet/contracts';
import { ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import { existsSync } from 'fs';
import { Client } from 'pg';
import { BUILT_MAIN as MAIN, freePort, startBuiltShop } from '../testing/built-shop';
import { madeToOrderAt } from '../testing/made-to-order';
import { createTestDatabase, TestDatabase } from '../testing/test-database';

/** kill -9 of the whole shop in the middle of a burst of orders: every acknowledged order survives, once. */
describe('kill -9 during a burst of orders', () => {
  let db: TestDatabase | null = null;
  let shop: ChildProcess | null = null;
  afterAll(async () => {
    shop?.kill('SIGKILL');
    await db?.drop();
  });

  it('should keep every order that got a 2xx, in the event log and the read model, none twice', async () => {
    if (!existsSync(MAIN)) {
      console.log(`kill -9: ${MAIN} is missing (run npm run build first); nothing to test`);
      expect(existsSync(MAIN)).toBe(false);
      return;
    }
    db = await createTestDatabase();
    const port = await freePort();
    const prefix = `facet-chaos-${randomBytes(3).toString('hex')}`;
    shop = await startBuiltShop({ databaseUrl: db.url, port: port, queuePrefix: prefix });
    const base = `http://127.0.0.1:${port}`;
    // Pieces made to order: a stocked one would sell out under this load (the seed may still be listing others).
    const products = await madeToOrderAt<any>(
      base,
      ((await fetch(`${base}/api/products?limit=20&sort_by=price-low`).then((r) => r.json())) as any).products.filter(
        (p: any) => p.in_stock,
      ),
    );

    const acknowledged: string[] = [];
    let refused = 0;
    let firstRefusal = '';
    let failed = 0;
    let stop = false;
    const order = async (i: number) => {
      const p = products[i % products.length];
      const totals = priceOrderInDollars([{ price: p.price, quantity: 1 }]);
      const body = {
        items: [{ product_id: p.id, product_name: p.name, price: p.price, quantity: 1, image: p.image }],
        shipping: {
          first_name: 'Kill',
          last_name: `Nine ${i}`,
          email: `k${i}@example.com`,
          phone: '+1 (555) 010-2000',
          address: '9 Signal St',
          city: 'Boston',
          state: 'MA',
          zip_code: '02101',
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
      const res = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'chaos' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const json: any = await res.json().catch(() => null);
      if (res.status >= 200 && res.status < 300 && json?.order_id) acknowledged.push(json.order_id);
      else if (refused++ === 0) firstRefusal = `${res.status} ${JSON.stringify(json)}`;
    };
    let n = 0;
    const workers = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const i = n++;
        await order(i).catch(() => failed++);
      }
    });
    await new Promise((r) => setTimeout(r, 2500));
    shop.kill('SIGKILL');
    const killedAt = acknowledged.length;
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(workers);
    expect(`${killedAt > 0} ${firstRefusal}`).toBe(`true ${firstRefusal}`);

    // Restart on the same database and let projections catch up.
    shop = await startBuiltShop({ databaseUrl: db.url, port: port, queuePrefix: prefix });
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      const deadline = Date.now() + 30_000;
      let inReadModel = 0;
      while (Date.now() < deadline) {
        inReadModel = (await pg.query('SELECT count(*)::int AS n FROM rm.orders WHERE id = ANY($1::uuid[])', [acknowledged])).rows[0].n;
        if (inReadModel === acknowledged.length) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const events = await pg.query(
        `SELECT data->>'orderId' AS a, data->>'order_id' AS b, stream_id FROM public.es_events WHERE event_type = 'OrderRequested'`,
      );
      const streams = new Map<string, number>();
      for (const e of events.rows) for (const id of acknowledged) if (e.stream_id.endsWith(id)) streams.set(id, (streams.get(id) ?? 0) + 1);
      const duplicates = (await pg.query('SELECT count(*)::int AS n FROM (SELECT id FROM rm.orders GROUP BY id HAVING count(*) > 1) d'))
        .rows[0].n;
      const lost = acknowledged.filter((id) => !streams.has(id));
      console.log(
        `kill -9: ${n} orders attempted, ${acknowledged.length} acknowledged (2xx), ${refused} refused, ${failed} requests cut off (connection reset or refused around the kill); ` +
          `after restart: ${acknowledged.length - lost.length} in the event log, ${inReadModel} in rm.orders, ${events.rows.length} OrderRequested events in all, ${duplicates} duplicates`,
      );
      expect(lost).toEqual([]);
      expect([...streams.values()].every((c) => c === 1)).toBe(true);
      expect(inReadModel).toBe(acknowledged.length);
      expect(duplicates).toBe(0);
      // Every fetchable by id from the restarted shop.
      for (const id of acknowledged.slice(0, 20)) expect((await fetch(`${base}/api/orders/${id}`)).status).toBe(200);
    } finally {
      await pg.end();
    }
  }, 180_000);
});
