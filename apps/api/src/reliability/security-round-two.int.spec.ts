import { priceOrderInDollars } from '@facet/contracts';
import { INestApplicationContext } from '@nestjs/common';
import { request as httpRequest } from 'http';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { DatabaseService } from '../platform/database/database.service';
import { hostilePath } from '../platform/http/security-headers';
import { RunnersService } from '../platform/projections/runners.service';
import { login, Mailbox, verifiedCustomer } from '../testing/customer-helpers';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { createTestDatabase } from '../testing/test-database';
import { startTestApp, TestApp } from '../testing/test-app';

/** Raw HTTP, so `..` reaches the server as typed (fetch would resolve it away). */
function rawGet(url: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Security round two', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let staff: string;
  let products: any[];

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    box = new Mailbox(sink);
    staff = await t.staffToken();
    await t.app.get(CatalogSeeder).seedIfEmpty();
    products = (await t.request('GET', '/api/products?limit=20&sort_by=price-low')).body.products.filter((p: any) => p.in_stock);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('When the first administrator is made', () => {
    it('should not be made by migrate or by a replay, even in development without ADMIN_EMAIL', async () => {
      const db = await createTestDatabase();
      const saved = { ...process.env };
      let ctx: INestApplicationContext | null = null;
      try {
        Object.assign(process.env, {
          NODE_ENV: 'development',
          DATABASE_URL: db.url,
          QUEUE_PREFIX: `${t.queuePrefix}-cli`,
          LOG_LEVEL: 'error',
        });
        delete process.env.ADMIN_EMAIL;
        delete process.env.ADMIN_PASSWORD;
        // As `npm run replay` does (it boots the api role).
        const { cliContext } = require('../cli/context');
        ctx = (await cliContext('api')) as INestApplicationContext;
        await ctx.get(RunnersService).replay({});
        const pg = ctx.get(DatabaseService);
        const events = await pg.one<{ n: string }>('SELECT count(*) AS n FROM public.es_events');
        const staffRows = await pg.one<{ n: string }>('SELECT count(*) AS n FROM rm.staff_members');
        console.log(`replay on a fresh development database: ${events!.n} events, ${staffRows!.n} staff members`);
        expect(Number(events!.n)).toBe(0);
        expect(Number(staffRows!.n)).toBe(0);
      } finally {
        await ctx?.close();
        for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
        Object.assign(process.env, saved);
        await db.drop();
      }
    });
  });

  describe('When a response carries personal data', () => {
    it('should say Cache-Control: no-store on /api/me, orders, admin and auth answers, and not on the public catalogue', async () => {
      const email = await verifiedCustomer(t, box, 'cache@example.com');
      const token = await login(t, email);
      for (const [path, auth] of [
        ['/api/me', token],
        ['/api/orders/mine', token],
        ['/api/auth/session', token],
        ['/api/admin/orders', staff],
        ['/api/admin/customers', staff],
        ['/api/staff/me', staff],
      ] as const) {
        const res = await t.request('GET', path, { token: auth });
        expect(`${path} ${res.status} ${res.headers.get('cache-control')}`).toBe(`${path} 200 no-store`);
      }
      const failed = await t.request('POST', '/api/auth/login', { body: { email, password: 'Wrong-Password-1!' } });
      expect(failed.headers.get('cache-control')).toBe('no-store');
      expect((await t.request('GET', '/api/products?limit=1')).headers.get('cache-control')).not.toBe('no-store');
    });
  });

  describe('When a path parameter climbs out of its place', () => {
    it('should refuse .. and its encoded and double-encoded forms in every path parameter with 400', async () => {
      const id = products[0].id;
      const attempts = [
        '/api/media/../../etc/passwd',
        '/api/media/..%2f..%2fetc%2fpasswd',
        '/api/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/api/media/%252e%252e%252fetc',
        '/api/media/..%5c..%5cwindows',
        '/api/products/%2e%2e',
        `/api/products/${id}%2f..`,
        '/api/categories/%2E%2E',
        '/api/admin/orders/..%252f',
        '/api/audit/streams/order-1%2f..%2f..',
        '/api/payments/sessions/%2e',
        '/api/media/%ff%fe',
        '/api/media/a%00b.png',
      ];
      const statuses: string[] = [];
      for (const path of attempts) {
        const res = await rawGet(t.url, path, { authorization: `Bearer ${staff}` });
        statuses.push(`${path} ${res.status}`);
        expect(`${path} ${res.status}`).toBe(`${path} 400`);
        expect(JSON.parse(res.body).detail).toMatch(/not allowed|malformed/);
      }
      // Ordinary values pass.
      expect((await t.request('GET', `/api/products/${id}`)).status).toBe(200);
      expect(hostilePath('/api/products?q=..')).toBe(false);
      expect(hostilePath('/api/media/photo.v2.png')).toBe(false);
    });
  });

  describe('When staff open a custom design image', () => {
    it('should keep the sandbox policy of its own, not the global one', async () => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
      const design = await t.request('POST', '/api/custom-design', {
        body: {
          category: 'women',
          jewelry_type: 'women-rings',
          diamond_shape: 'oval',
          diamond_size: '1-1.5',
          metal_type: 'rose-gold',
          metal_karat: '14K',
          design_image: `data:image/png;base64,${png.toString('base64')}`,
          design_notes: null,
          contact_name: 'Ada',
          contact_email: 'ada@example.com',
          contact_phone: null,
          preferred_contact: 'email',
        },
      });
      expect(design.status).toBe(201);
      const image = await t.request('GET', `/api/admin/custom-designs/${design.body.id}/image`, { token: staff });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      expect((await t.request('GET', '/api/products?limit=1')).headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    });
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
