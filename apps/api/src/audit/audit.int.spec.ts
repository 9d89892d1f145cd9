import { CommandBus } from '@nestjs/cqrs';
import { AddStaffMemberCommand } from '../staff/commands/add-staff-member.command';
import { orderBody } from '../testing/request-bodies';
import { startTestApp, TestApp } from '../testing/test-app';
import { ReplayJob } from './jobs/replay-job';

describe('Audit API', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let productId: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.staffToken();
    await t.app.get(CommandBus).execute(new AddStaffMemberCommand('clerk@facet.test', 'Clara Clerk', 'staff', 'Clerk-Password-1985!'));
    const login = await t.request('POST', '/api/staff/login', { body: { username: 'clerk@facet.test', password: 'Clerk-Password-1985!' } });
    staff = login.body.token;
    const created = await t.request('POST', '/api/admin/products', {
      token: admin,
      body: { name: 'Audit Halo Ring', description: 'For the log', price: 1234.5, category: 'women-rings', features: ['Platinum'] },
    });
    expect(created.status).toBe(201);
    productId = created.body.id;
    const edited = await t.request('PUT', `/api/admin/products/${productId}`, {
      token: admin,
      body: { price: 1300, version: created.body.version },
    });
    expect(edited.status).toBe(200);
  });
  afterAll(async () => {
    await t.app.get(ReplayJob).whenIdle();
    await t.close();
  });

  describe('When reading one record', () => {
    it("should give the product's history oldest first, with who did it", async () => {
      const res = await t.request('GET', `/api/admin/audit/streams/product-${productId}`, { token: staff });
      expect(res.status).toBe(200);
      expect(res.body.stream_id).toBe(`product-${productId}`);
      const events = res.body.events;
      expect(events).toHaveLength(2);
      expect(events.map((e: any) => e.revision)).toEqual([0, 1]);
      expect(events[1].data).toMatchObject({ product_id: productId, changes: { price_cents: 130000 } });
      expect(events[1].actor.name).toBeTruthy();
      expect(events[0].actor).toMatchObject({ type: 'staff' });
      expect(events[0].actor.id).toBeTruthy();
      expect(events[0].correlation_id).toBeTruthy();
      expect(Date.parse(events[0].occurred_at)).not.toBeNaN();
    });

    it('should answer 404 for a stream that does not exist or is not a stream id', async () => {
      for (const id of ['product-00000000-0000-4000-8000-000000000000', 'nothing']) {
        const res = await t.request('GET', `/api/admin/audit/streams/${id}`, { token: admin });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'Resource not found' });
      }
      // `..` in any form is refused before routing.
      expect((await t.request('GET', '/api/admin/audit/streams/..%2Fetc', { token: admin })).status).toBe(400);
    });
  });

  describe('When reading the global log', () => {
    it('should list events newest first with paging and a total', async () => {
      const all = await t.request('GET', '/api/admin/audit/events?limit=100', { token: staff });
      expect(all.status).toBe(200);
      expect(all.body.total).toBeGreaterThanOrEqual(3);
      expect(all.headers.get('x-total-count')).toBe(String(all.body.total));
      const positions = all.body.items.map((e: any) => Number(e.position.split('/')[1]));
      expect([...positions].sort((a, b) => b - a)).toEqual(positions);
      const page2 = await t.request('GET', '/api/admin/audit/events?limit=1&page=2', { token: staff });
      expect(page2.body.items).toHaveLength(1);
      expect(page2.body.items[0].id).toBe(all.body.items[1].id);
    });

    it('should filter by stream prefix, type and time', async () => {
      const byStream = await t.request('GET', `/api/admin/audit/events?stream=product-${productId}`, { token: admin });
      expect(byStream.body.total).toBe(2);
      const byPrefix = await t.request('GET', '/api/admin/audit/events?stream=product-&limit=100', { token: admin });
      expect(byPrefix.body.items.every((e: any) => e.stream_id.startsWith('product-'))).toBe(true);
      const type = byStream.body.items[0].type;
      const byType = await t.request('GET', `/api/admin/audit/events?type=${type}&limit=100`, { token: admin });
      expect(byType.body.items.length).toBeGreaterThan(0);
      expect(byType.body.items.every((e: any) => e.type === type)).toBe(true);
      const future = await t.request(
        'GET',
        `/api/admin/audit/events?from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`,
        { token: admin },
      );
      expect(future.body.total).toBe(0);
      const past = await t.request('GET', `/api/admin/audit/events?to=2000-01-01T00:00:00Z`, { token: admin });
      expect(past.body.total).toBe(0);
      const bad = await t.request('GET', '/api/admin/audit/events?limit=500', { token: admin });
      expect(bad.status).toBe(400);
    });

    it('should show erased personal data as "erased"', async () => {
      const { EventSourcing } = await import('../platform/event-store/event-sourcing.service');
      const { PersonalData } = await import('../platform/privacy/personal-data');
      const privacy = t.app.get(PersonalData);
      const sealed = await privacy.seal('customer:audit-test', 'Ada Lovelace');
      await t.app
        .get(EventSourcing)
        .append(
          'audittest-1',
          [{ type: 'AuditTestNoted', data: { name: sealed, kept: 'yes', password_hash: '$argon2id$x', nested: { token_hash: 'abc' } } }],
          'any',
        );
      const before = await t.request('GET', '/api/admin/audit/streams/audittest-1', { token: admin });
      expect(before.body.events[0].data).toEqual({
        name: 'Ada Lovelace',
        kept: 'yes',
        password_hash: '[redacted]',
        nested: { token_hash: '[redacted]' },
      });
      await privacy.erase('customer:audit-test');
      const after = await t.request('GET', '/api/admin/audit/streams/audittest-1', { token: admin });
      expect(after.body.events[0].data).toEqual({
        name: 'erased',
        kept: 'yes',
        password_hash: '[redacted]',
        nested: { token_hash: '[redacted]' },
      });
    });
  });

  describe('When not allowed', () => {
    it('should refuse anonymous callers and keep replay and queues for admins', async () => {
      expect((await t.request('GET', '/api/admin/audit/events')).status).toBe(401);
      expect((await t.request('GET', '/api/admin/dashboard')).status).toBe(401);
      expect((await t.request('POST', '/api/admin/replay', { token: staff })).status).toBe(403);
      expect((await t.request('GET', '/api/admin/replay/status', { token: staff })).status).toBe(403);
      expect((await t.request('GET', '/api/admin/queues', { token: staff })).status).toBe(403);
    });
  });

  describe('When replaying', () => {
    it('should run in the background, report progress and the result, and refuse a second one meanwhile', async () => {
      const idle = await t.request('GET', '/api/admin/replay/status', { token: admin });
      expect(idle.body).toMatchObject({ phase: 'idle', running: false });
      const started = await t.request('POST', '/api/admin/replay', { token: admin });
      expect(started.status).toBe(202);
      expect(started.body.running).toBe(true);
      const second = await t.request('POST', '/api/admin/replay', { token: admin });
      expect(second.status).toBe(409);
      await t.app.get(ReplayJob).whenIdle();
      const done = await t.request('GET', '/api/admin/replay/status', { token: admin });
      expect(done.body).toMatchObject({ phase: 'done', running: false, error: null });
      expect(done.body.events).toBeGreaterThan(0);
      expect(done.body.result.events).toBe(done.body.events);
      expect(typeof done.body.events_per_second).toBe('number');
      // What was to replay, counted at the start, and no time left once done; where the time went, per projection.
      expect(done.body.total).toBe(done.body.events);
      expect(done.body.eta_seconds).toBeNull();
      expect(done.body.result.projections.products.events).toBeGreaterThan(0);
      // The read models still answer after the swap.
      const p = await t.request('GET', `/api/products/${productId}`);
      expect(p.body.price).toBe(1300);
    });
  });

  describe('When looking at queues and the dashboard', () => {
    it('should count jobs per queue, with the reasons of failed ones, in a Redis holding many other keys', async () => {
      const { Queues } = await import('../platform/queue/queues.service');
      const q = t.app.get(Queues).queue('audit-probe');
      const job = await q.add('probe', { n: 1 }, { attempts: 1 });
      await job.moveToFailed(new Error('probe failed on purpose'), '0', false).catch(async () => {
        // Not locked by a worker: fail it through a worker instead.
        const worker = t.app.get(Queues).worker('audit-probe', async () => {
          throw new Error('probe failed on purpose');
        });
        await new Promise((r) => worker.once('failed', r));
        await worker.close();
      });
      // A Redis shared with other work (a bench, another shop) holds far more keys than a bounded scan reads.
      const redis = t.app.get(Queues).redis();
      const noise = `audit-noise-${process.pid}`;
      for (let start = 0; start < 40_000; start += 5_000) {
        const batch = redis.pipeline();
        for (let i = start; i < start + 5_000; i++) batch.set(`${noise}:${i}`, '1', 'EX', 300);
        await batch.exec();
      }
      let res;
      try {
        res = await t.request('GET', '/api/admin/queues', { token: admin });
      } finally {
        const drop = redis.pipeline();
        for (let i = 0; i < 40_000; i++) drop.del(`${noise}:${i}`);
        await drop.exec();
      }
      expect(res.status).toBe(200);
      const names = res.body.items.map((i: any) => i.name);
      expect(names).toContain('mail');
      const probe = res.body.items.find((i: any) => i.name === 'audit-probe');
      expect(probe.failed).toBe(1);
      expect(probe.last_failed[0].reason).toBe('probe failed on purpose');
      expect(Object.keys(probe).sort()).toEqual(['active', 'completed', 'delayed', 'error', 'failed', 'last_failed', 'name', 'waiting']);
      // Other processes' consoles find it in the registry of opened queues (written once its connection was ready).
      expect(await redis.smembers(t.app.get(Queues).registryKey())).toEqual(expect.arrayContaining(['mail', 'audit-probe']));
    });

    it("should give the spec's stats and thirty days of requests", async () => {
      const product = (await t.request('GET', `/api/products/${productId}`)).body;
      const ordered = await t.request('POST', '/api/orders', { body: orderBody(product, { email: 'dash@facet.test' }) });
      expect(ordered.status).toBe(200);
      const res = await t.request('GET', '/api/admin/dashboard', { token: staff });
      expect(res.status).toBe(200);
      // The order is today's (UTC) and the only one: counted by status and by day.
      expect(res.body.orders_by_status).toEqual({ consultation_requested: 1 });
      expect(res.body.new_consultation_requests).toBe(1);
      expect(res.body.requests_per_day.filter((d: any) => d.orders > 0)).toEqual([
        { day: new Date().toISOString().slice(0, 10), orders: 1, custom_designs: 0 },
      ]);
      expect(res.body.total_products).toBe(1);
      expect(res.body.average_price).toBe(1300);
      expect(res.body.category_count).toBe(8);
      expect(res.body.requests_per_day).toHaveLength(30);
      expect(res.body.requests_per_day[29].day).toBe(new Date().toISOString().slice(0, 10));
      expect(typeof res.body.total_customers).toBe('number');
    });
  });
});
