import { Client } from 'pg';
import { DatabaseService } from '../platform/database/database.service';
import { StorefrontRenderer } from '../storefront';
import { startTestApp, TestApp } from '../testing/test-app';

/** /api/health and /api/health/ready, answered through @nestjs/terminus in the shape the console and tests read. */
describe('Health (@nestjs/terminus)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.conformance(); // from here on every answer is checked against /api/docs-json
  });
  afterAll(async () => {
    await setConnections(true).catch(() => undefined);
    await t.close();
  });

  async function setConnections(allowed: boolean): Promise<void> {
    const server = new URL(t.db.url);
    server.pathname = '/postgres';
    const admin = new Client({ connectionString: server.toString() });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${t.db.name}" ALLOW_CONNECTIONS ${allowed}`);
      if (!allowed)
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
          t.db.name,
        ]);
    } finally {
      await admin.end();
    }
  }

  it('should answer 200 with every dependency and the per-projection detail', async () => {
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(Object.keys(health.body).sort()).toEqual([
      'consumers',
      'event_store',
      'parked_since_start',
      'parked_total',
      'postgres',
      'reasons',
      'redis',
      'status',
    ]);
    expect(health.body.postgres).toEqual({ status: 'up', latency_ms: expect.any(Number) });
    expect(health.body.redis).toEqual({ status: 'up', latency_ms: expect.any(Number) });
    expect(health.body.event_store).toEqual({ status: 'up', latency_ms: expect.any(Number), adapter: expect.any(String) });
    expect(health.body.parked_total).toBe(0);
    const orders = health.body.consumers.find((c: any) => c.kind === 'projection' && c.name === 'orders');
    expect(orders).toEqual({
      name: 'orders',
      kind: 'projection',
      events_behind: expect.any(Number),
      seconds_behind: expect.any(Number),
      parked: 0,
    });
    expect(health.body.consumers.some((c: any) => c.kind === 'reactor')).toBe(true);
    const ready = await t.request('GET', '/api/health/ready');
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready', reasons: [] }]);
  });

  it("should say degraded, with the reason, when the storefront's server build is there but cannot render pages", async () => {
    const reason =
      "the storefront's server build cannot render pages (jsxDevRuntimeExports.jsxDEV is not a function); serving the browser-only shell";
    const problem = jest.spyOn(t.app.get(StorefrontRenderer), 'problem').mockResolvedValue(reason);
    try {
      const health = await t.request('GET', '/api/health');
      expect([health.status, health.body.status]).toEqual([200, 'degraded']);
      expect(health.body.reasons).toContain(`storefront: ${reason}`);
    } finally {
      problem.mockRestore();
    }
    expect((await t.request('GET', '/api/health')).body.reasons.filter((r: string) => r.startsWith('storefront'))).toEqual([]);
  });

  it('should answer a burst of concurrent checks alike', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => t.request('GET', i % 2 ? '/api/health' : '/api/health/ready')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  });

  it('should send probes that arrive together as one query on the probe connection, and a later probe as a new one', async () => {
    // A burst of probes once queued on the one connection, and those at its end read a live database as down
    // past the 2 s bound: the bad-input spec's concurrent health checks got 503 on a busy host.
    const db = t.app.get(DatabaseService);
    const query = jest.spyOn((db as unknown as { probePool: { query: (sql: string) => Promise<unknown> } }).probePool, 'query');
    try {
      await Promise.all(Array.from({ length: 20 }, () => db.probe()));
      expect(query).toHaveBeenCalledTimes(1);
      await db.probe();
      expect(query).toHaveBeenCalledTimes(2);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => t.request('GET', i % 2 ? '/api/health' : '/api/health/ready')),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    } finally {
      query.mockRestore();
    }
  });

  it('should answer 503 naming PostgreSQL while the database refuses connections, and 200 again after', async () => {
    await setConnections(false);
    try {
      const health = await t.request('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body.status).toBe('degraded');
      expect(health.body.postgres).toMatchObject({ status: 'down', error: expect.any(String) });
      expect(health.body.reasons.some((r: string) => r.startsWith('postgres is down: '))).toBe(true);
      expect(health.body.redis.status).toBe('up');
      expect(health.body.consumers).toEqual([]);
      const ready = await t.request('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('not-ready');
      expect(ready.body.reasons[0]).toMatch(/^postgres is down: /);
    } finally {
      await setConnections(true);
    }
    const deadline = Date.now() + 20_000;
    let again = await t.request('GET', '/api/health');
    while (again.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      again = await t.request('GET', '/api/health');
    }
    expect(again.status).toBe(200);
    expect(again.body.postgres.status).toBe('up');
  }, 40_000);

  it('should stay ready while the main pool is busy behind a table locked by someone else', async () => {
    // Someone else holds the event log's and the orders' tables; every connection of the main pool waits.
    const locker = new Client({ connectionString: t.db.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE public.es_streams, rm.orders IN ACCESS EXCLUSIVE MODE');
    const pool = t.app.get(DatabaseService).pool;
    const waiting = Array.from({ length: pool.options.max }, () => pool.query('SELECT count(*) FROM rm.orders').catch(() => null));
    try {
      const deadline = Date.now() + 5000;
      const allTaken = () => pool.totalCount === pool.options.max && pool.idleCount === 0;
      while (!allTaken() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(allTaken()).toBe(true); // every connection is taken: the pool itself cannot answer
      const answers = await Promise.all(Array.from({ length: 5 }, () => t.request('GET', '/api/health/ready')));
      expect(answers.map((a) => [a.status, a.body])).toEqual(answers.map(() => [200, { status: 'ready', reasons: [] }]));
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
      await Promise.all(waiting);
    }
  });

  it('should match the OpenAPI document with every answer above, 503s included', async () => {
    expect((await t.conformance()).violations).toEqual([]);
  });
});
