import { priceOrderInDollars } from '@facet/contracts';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { DatabaseService } from '../platform/database/database.service';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';

/** An Idempotency-Key gives one order, whatever became of the request that held it. */
describe('An order key outlives a crashed holder', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let products: any[];

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    products = (await t.request('GET', '/api/products?limit=20&sort_by=price-low')).body.products.filter((p: any) => p.in_stock);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('When an Idempotency-Key outlives a crash', () => {
    const order = (email: string) => {
      const p = products[0];
      const totals = priceOrderInDollars([{ price: p.price, quantity: 1 }]);
      return {
        items: [{ product_id: p.id, product_name: p.name, price: p.price, quantity: 1, image: p.image }],
        shipping: {
          first_name: 'Ida',
          last_name: 'Empotent',
          email,
          phone: '+1 (555) 010-2000',
          address: '1 Key St',
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
    };
    const place = (email: string, key: string) =>
      t.request('POST', '/api/orders', { body: order(email), headers: { 'idempotency-key': key } });
    const pg = () => t.app.get(DatabaseService);
    const orderEvents = async () =>
      Number((await pg().one<{ n: string }>(`SELECT count(*) AS n FROM public.es_events WHERE event_type = 'OrderRequested'`))!.n);

    it('should answer the committed order when the holder died after the append', async () => {
      const first = await place('crash.after@example.com', 'crash-after');
      expect(first.status).toBe(200);
      const events = await orderEvents();
      // As if the process had died between the append and recording the answer, its lease long gone.
      const { IdempotencyService } = await import('../platform/http/idempotency.service');
      const scope = IdempotencyService.callerScope('orders', null, 'crash.after@example.com');
      await pg().query(`UPDATE public.idempotency_keys SET response = NULL, lease_until = now() - interval '1 second' WHERE key = $1`, [
        IdempotencyService.storedKey(scope, 'crash-after'),
      ]);
      const retry = await place('crash.after@example.com', 'crash-after');
      expect(retry.status).toBe(200);
      expect(retry.body.order_id).toBe(first.body.order_id);
      expect(await orderEvents()).toBe(events);
    });

    it('should place the order once when the holder died before the append, after its lease runs out', async () => {
      const events = await orderEvents();
      const body = order('crash.before@example.com');
      const { IdempotencyService } = await import('../platform/http/idempotency.service');
      const scope = IdempotencyService.callerScope('orders', null, 'crash.before@example.com');
      await pg().query(
        `INSERT INTO public.idempotency_keys (scope, key, request_hash, lease_until) VALUES ($1, $2, $3, now() + interval '2 seconds')`,
        [scope, IdempotencyService.storedKey(scope, 'crash-before'), IdempotencyService.hash(body)],
      );
      const started = Date.now();
      const retries = await Promise.all([1, 2, 3].map(() => place('crash.before@example.com', 'crash-before')));
      console.log(`idempotency: a dead lease was taken over after ${Date.now() - started} ms`);
      expect(retries.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(retries.map((r) => r.body.order_id)).size).toBe(1);
      expect(await orderEvents()).toBe(events + 1);
    });

    it('should scope keys per caller: two guests with one key get two orders, a changed body a 409', async () => {
      const a = await place('guest.a@example.com', 'shared-key-1');
      const b = await place('guest.b@example.com', 'shared-key-1');
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(a.body.order_id).not.toBe(b.body.order_id);
      const changed = await t.request('POST', '/api/orders', {
        body: { ...order('guest.a@example.com'), shipping: { ...order('guest.a@example.com').shipping, city: 'Salem' } },
        headers: { 'idempotency-key': 'shared-key-1' },
      });
      expect(changed.status).toBe(409);
      for (const key of ['\u0000', 'x'.repeat(201), 'caf\u00e9']) {
        const res = await t.request('POST', '/api/orders', {
          body: order('guest.c@example.com'),
          headers: { 'idempotency-key': encodeURIComponent(key) === key ? key : 'ok' },
        });
        expect([200, 400]).toContain(res.status);
      }
    });
  });
});
