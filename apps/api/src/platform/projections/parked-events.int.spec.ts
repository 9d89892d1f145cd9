import { randomUUID } from 'crypto';
import { Pool } from 'pg';
import { CommandBus } from '@nestjs/cqrs';
import { AddStaffMemberCommand } from '../../staff/commands/add-staff-member.command';
import { startTestApp, TestApp } from '../../testing/test-app';
import { DatabaseService } from '../database/database.service';
import { EventSourcing } from '../event-store/event-sourcing.service';
import type { EventOf } from '@facet/contracts';
import { EVENT_STORE, EventStore, RecordedEvent } from '../event-store/event-store';

/** This test's own event (allowTestEvents): a number, and for the reactor whether it is flaky or fixed. */
type PoisonTestNoted = EventOf<'PoisonTestNoted', { n: number; flaky?: boolean; fixed?: boolean }>;
import { allowTestEvents } from '../event-store/recorded-events';
import { Reactor } from '../queue/reactor';
import { Projection } from './projection';
import { RunnersService } from './runners.service';

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A projection that fails on one event (a real CHECK constraint refuses it) must park that event and the
 * later events of its stream, and let every other stream and projection go on.
 */
describe('Parked events', () => {
  let t: TestApp;
  let db: Pool;
  let es: EventSourcing;
  let runners: RunnersService;
  let admin: string;
  let clerk: string;

  // Rows keep the order they were written in (seq), so a retry's order can be checked.
  const poisonProjection: Projection<PoisonTestNoted> = {
    name: 'poison_test',
    eventTypes: ['PoisonTestNoted'],
    async apply(tx, e) {
      await tx.query('INSERT INTO poison_test (stream, n) VALUES ($1, $2)', [e.streamId, e.data.n]);
    },
    async applyBatch(tx, events) {
      await tx.query('INSERT INTO poison_test (stream, n) SELECT * FROM unnest($1::text[], $2::int[])', [
        events.map((e) => e.streamId),
        events.map((e) => e.data.n),
      ]);
    },
  };
  const reacted: number[] = [];
  let flaky = 0;
  const poisonReactor: Reactor<PoisonTestNoted> = {
    name: 'poison_test',
    eventTypes: ['PoisonTestNoted'],
    async react(e: RecordedEvent<PoisonTestNoted>) {
      if (e.data.flaky && flaky++ < 5) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
      if (e.data.n < 0 && !e.data.fixed) throw new TypeError(`Cannot read properties of undefined (reading 'n=${e.data.n}')`);
      reacted.push(e.data.n);
    },
  };
  const note = (stream: string, n: number, extra: Record<string, unknown> = {}) =>
    es.append(stream, [{ type: 'PoisonTestNoted', data: { n, ...extra } }], 'any', { waitForProjections: false });
  const rowsOf = async (stream: string) =>
    (await db.query('SELECT n FROM rm.poison_test WHERE stream = $1 ORDER BY seq', [stream])).rows.map((r) => r.n);
  const parkedOf = async (consumer: string, stream: string) =>
    (
      await db.query('SELECT * FROM public.parked_events WHERE consumer = $1 AND stream_id = $2 ORDER BY commit_pos, prepare_pos', [
        consumer,
        stream,
      ])
    ).rows.map((r) => ({
      ...r,
      stream_revision: Number(r.stream_revision),
    }));

  beforeAll(async () => {
    allowTestEvents({ PoisonTestNoted: { version: 1 } });
    t = await startTestApp({ PARK_AFTER_ATTEMPTS: '2', PARK_BACKOFF_MS: '50', HEALTH_MAX_LAG_SECONDS: '30' });
    db = t.app.get(DatabaseService).pool;
    es = t.app.get(EventSourcing);
    runners = t.app.get(RunnersService);
    await db.query(
      'CREATE TABLE rm.poison_test (seq serial PRIMARY KEY, stream text NOT NULL, n int NOT NULL CONSTRAINT no_negatives CHECK (n >= 0))',
    );
    runners.startProjection(poisonProjection);
    runners.startReactor(poisonReactor);
    admin = await t.staffToken();
    await t.app.get(CommandBus).execute(new AddStaffMemberCommand('clerk@facet.test', 'Clara Clerk', 'staff', 'Clerk-Password-1985!'));
    clerk = (await t.request('POST', '/api/staff/login', { body: { username: 'clerk@facet.test', password: 'Clerk-Password-1985!' } })).body
      .token;
  });
  afterAll(async () => t.close());

  const a = `poisontest-${randomUUID()}`;
  const b = `poisontest-${randomUUID()}`;

  it('should park the failing event and the later events of its stream, while other streams and projections go on', async () => {
    const started = Date.now();
    await note(a, 1);
    await note(a, -1);
    await note(a, 3);
    await note(b, 10);
    await note(b, 11);
    await until('stream b projected', async () => (await rowsOf(b)).length === 2);
    const parkedAfter = Date.now() - started;
    expect(await rowsOf(a)).toEqual([1]);
    expect(await rowsOf(b)).toEqual([10, 11]);
    const parked = await parkedOf('projection:poison_test', a);
    expect(parked).toHaveLength(2);
    expect(parked[0]).toMatchObject({ stream_revision: 1, event_type: 'PoisonTestNoted', blocked_by: null, attempts: 2 });
    expect(parked[0].error).toMatch(/23514.*no_negatives/);
    expect(parked[1]).toMatchObject({ stream_revision: 2, blocked_by: parked[0].event_id, attempts: 0 });
    expect(parked[1].error).toMatch(/Waiting behind parked event/);

    // A later event of the parked stream, in a batch of its own, is parked behind it too.
    await note(a, 4);
    await note(b, 12);
    await until('stream b moved on', async () => (await rowsOf(b)).length === 3);
    expect(await rowsOf(a)).toEqual([1]);
    expect(await parkedOf('projection:poison_test', a)).toHaveLength(3);

    // Other projections never waited: a product created now is readable at once.
    const created = await t.request('POST', '/api/admin/products', {
      token: admin,
      body: { name: 'Unblocked Ring', price: 10, category: 'men-rings' },
    });
    expect(created.status).toBe(201);
    expect((await t.request('GET', `/api/products/${created.body.id}`)).status).toBe(200);
    console.log(
      `projection failure parked after ${parkedAfter} ms (2 attempts, 50 ms backoff); stream b projected 3/3, stream a 1/4 (3 parked)`,
    );
  });

  it('should park a reactor event that fails, and keep retrying infrastructure failures without parking', async () => {
    const c = `poisontest-${randomUUID()}`;
    await note(c, 20, { flaky: true });
    await until('reactor handled the flaky event', async () => reacted.includes(20));
    expect(flaky).toBeGreaterThanOrEqual(5); // more failures than PARK_AFTER_ATTEMPTS, none parked
    expect(await parkedOf('reactor:poison_test', c)).toHaveLength(0);
    await until('reactor parked stream a', async () => (await parkedOf('reactor:poison_test', a)).length === 3);
    const parked = await parkedOf('reactor:poison_test', a);
    expect(parked[0].error).toMatch(/TypeError|Cannot read properties/);
    expect(reacted).toEqual(expect.arrayContaining([1, 10, 11, 12, 20]));
    expect(reacted).not.toContain(3);
  });

  it('should say degraded in /api/health with the parked counts', async () => {
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.parked_total).toBe(6);
    expect(health.body.parked_since_start).toBeGreaterThanOrEqual(2);
    const consumer = health.body.consumers.find((c: any) => c.kind === 'projection' && c.name === 'poison_test');
    expect(consumer).toMatchObject({ parked: 3 });
    expect(health.body.reasons).toContain('projection poison_test: 3 parked');
    const orders = health.body.consumers.find((c: any) => c.kind === 'projection' && c.name === 'orders');
    expect(orders).toMatchObject({ events_behind: 0, seconds_behind: 0, parked: 0 });
    const ready = await t.request('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', reasons: [] });
  });

  it('should show parked events to administrators only, with the event, and refuse hostile ids', async () => {
    const list = await t.request('GET', '/api/admin/parked-events?consumer=projection:poison_test&limit=100', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.headers.get('x-total-count')).toBe('3');
    const first = list.body.items.find((i: any) => i.blocked_by === null);
    const one = await t.request('GET', `/api/admin/parked-events/${first.id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      consumer: 'projection:poison_test',
      stream_id: a,
      stream_revision: 1,
      attempts: 2,
      event_type: 'PoisonTestNoted',
    });
    expect(one.body.event).toMatchObject({ id: first.event_id, type: 'PoisonTestNoted', stream_id: a, data: { n: -1 } });
    expect(Date.parse(one.body.first_failed_at)).toBeLessThanOrEqual(Date.parse(one.body.last_failed_at));

    expect((await t.request('GET', '/api/admin/parked-events')).status).toBe(401);
    expect((await t.request('GET', '/api/admin/parked-events', { token: clerk })).status).toBe(403);
    expect((await t.request('GET', `/api/admin/parked-events/${first.id}`, { token: clerk })).status).toBe(403);
    expect((await t.request('POST', `/api/admin/parked-events/${first.id}/retry`, { token: clerk })).status).toBe(403);
    // Not UTF-8 at all, or a NUL: refused at the edge before routing.
    for (const id of ['%ED%A0%80', '%00'])
      expect((await t.request('GET', `/api/admin/parked-events/${id}`, { token: admin })).status).toBe(400);
    for (const id of [
      '0',
      '-1',
      'abc',
      '1e3',
      '99999999999999999999',
      '1%20OR%201%3D1',
      '%D9%A1',
      '9007199254740993',
      '1.5',
      '%F0%9F%92%8E',
    ]) {
      const res = await t.request('GET', `/api/admin/parked-events/${id}`, { token: admin });
      expect([id, res.status]).toEqual([id, 404]);
      const retry = await t.request('POST', `/api/admin/parked-events/${id}/retry`, { token: admin });
      expect([id, retry.status]).toEqual([id, 404]);
    }
    expect((await t.request('GET', '/api/admin/parked-events/123456789', { token: admin })).status).toBe(404);
    for (const q of [
      'consumer=%00',
      'consumer=projection:x%00',
      "consumer=projection:'",
      'stream=a%00b',
      'stream=%ED%A0%80',
      'limit=101',
      'page=0',
      'page=1e308',
      'limit=-0.5',
    ]) {
      const res = await t.request('GET', `/api/admin/parked-events?${q}`, { token: admin });
      expect([q, res.status]).toEqual([q, 400]);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('should retry the parked sequence in order: still failing stays parked with one more attempt; after a fix all project', async () => {
    const [first] = await parkedOf('projection:poison_test', a);
    const again = await t.request('POST', `/api/admin/parked-events/${first.id}/retry`, { token: admin });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ retried: 0, still_parked: 3 });
    expect(again.body.error).toMatch(/no_negatives/);
    expect((await parkedOf('projection:poison_test', a))[0].attempts).toBe(3);

    await db.query('ALTER TABLE rm.poison_test DROP CONSTRAINT no_negatives');
    const started = Date.now();
    const fixed = await t.request('POST', `/api/admin/parked-events/${first.id}/retry`, { token: admin });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toEqual({ retried: 3, still_parked: 0, error: null });
    expect(await rowsOf(a)).toEqual([1, -1, 3, 4]);
    expect(await parkedOf('projection:poison_test', a)).toHaveLength(0);
    // The stream flows again: its next event projects normally.
    await note(a, 5);
    await until('stream a flows again', async () => (await rowsOf(a)).length === 5);
    console.log(`retry after the fix projected the 3 parked events in order in ${Date.now() - started} ms`);

    // The reactor's retry: still failing first (the reactor refuses negatives), then handled once the data says so.
    const [reactorFirst] = await parkedOf('reactor:poison_test', a);
    const r = await t.request('POST', `/api/admin/parked-events/${reactorFirst.id}/retry`, { token: admin });
    expect(r.body.retried).toBe(0);
    expect(r.body.still_parked).toBeGreaterThanOrEqual(3);
    expect(r.body.error).toMatch(/Cannot read properties/);
  });

  it('should park during a replay instead of failing, and replace the projections\u2019 parked events with the replay\u2019s', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    const token = admin;
    // A real projection that fails on one event: products refuse a name by a CHECK added in this test.
    await db.query(`ALTER TABLE rm.products ADD CONSTRAINT no_poison CHECK (name <> 'Poison Ring')`);
    const id = randomUUID();
    await store.appendToStream(
      `product-${id}`,
      [
        {
          type: 'ProductCreated',
          data: {
            product_id: id,
            name: 'Poison Ring',
            description: 'd',
            price_cents: 1000,
            original_price_cents: null,
            image: '/i.svg',
            images: ['/i.svg'],
            category: 'men-rings',
            features: [],
            rating: 4.5,
            reviews_count: 0,
            in_stock: true,
          },
          metadata: {
            eventId: randomUUID(),
            schemaVersion: 1,
            occurredAt: new Date().toISOString(),
            actor: { type: 'system' },
            correlationId: randomUUID(),
            causationId: null,
          },
        },
      ],
      'no_stream',
    );
    await until('live projection parked the product', async () => (await parkedOf('projection:products', `product-${id}`)).length === 1);
    const started = Date.now();
    const result = await runners.replay({ compare: true });
    expect(result.parked).toBe(1);
    expect((await parkedOf('projection:products', `product-${id}`))[0]).toMatchObject({ blocked_by: null, attempts: 1 });
    // The injected poison_test projection is not part of the app's replay; its parked rows were replaced.
    expect(await parkedOf('projection:poison_test', a)).toHaveLength(0);
    // Reactors' parked events are not read models: the replay leaves them.
    expect((await parkedOf('reactor:poison_test', a)).length).toBeGreaterThanOrEqual(3);
    const created = await t.request('POST', '/api/admin/products', {
      token,
      body: { name: 'After Replay Ring', price: 10, category: 'men-rings' },
    });
    expect(created.status).toBe(201);
    const health = await t.request('GET', '/api/health');
    expect(health.body.consumers.find((c: any) => c.name === 'products' && c.kind === 'projection')).toMatchObject({ parked: 1 });
    console.log(`replay of ${result.events} events parked ${result.parked} in ${Date.now() - started} ms instead of failing`);
  });
});
