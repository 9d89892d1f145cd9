import { Client } from 'pg';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { madeToOrder } from '../../testing/made-to-order';
import { orderBody } from '../../testing/request-bodies';
import { startTestApp, TestApp } from '../../testing/test-app';
import { testServerUrl } from '../../testing/test-database';
import { RunnersService } from '../projections/runners.service';
import { POOL_IDLE_MS } from './database';

const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/**
 * The connection budget (docs/operations.md, Connection budget): one process with every role, its projector
 * thread included, holds at most 10 connections at rest, and its pools give back what a burst took.
 */
describe('The connection budget of one process with every role', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let admin: Client;
  const seen: Record<string, number> = {};

  /** This shop's connections as PostgreSQL counts them (its own database; the measuring one excluded). */
  const connections = async () => {
    const rows = (
      await admin.query<{ name: string; n: number }>(
        `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid() GROUP BY 1 ORDER BY 1`,
        [t.db.name],
      )
    ).rows;
    last = rows.map((r) => `${r.name || '(unnamed)'}: ${r.n}`).join(', ');
    return rows.reduce((sum, r) => sum + r.n, 0);
  };
  /** The last count by application_name, for the log. */
  let last = '';
  /** The most connections seen over 3 s, once nothing was asked of the shop for longer than a pool keeps an idle one. */
  const atRest = async (what: string) => {
    await new Promise((r) => setTimeout(r, POOL_IDLE_MS + 2000));
    let most = 0;
    let breakdown = '';
    for (let i = 0; i < 10; i++) {
      const n = await connections();
      if (n >= most) [most, breakdown] = [n, last];
      await new Promise((r) => setTimeout(r, 300));
    }
    console.log(`${what}: ${most} (${breakdown})`);
    return most;
  };

  beforeAll(async () => {
    admin = new Client({ connectionString: testServerUrl() });
    await admin.connect();
    t = await startTestApp({ FACET_PROJECTOR_THREAD: 'true' });
    await until('the projector thread', () => t.app.get(RunnersService).projectionsRunIn === 'thread');
    await t.app.get(CatalogSeeder).seedIfEmpty();
    await until('the seeded catalogue', async () => (await t.request('GET', '/api/products?limit=1')).body.total === 64);
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
    console.log(`connections of one process with every role: ${JSON.stringify(seen)}`);
  });

  it('should hold at most 10 connections at rest, after start-up and again after a burst of requests', async () => {
    seen.atRest = await atRest('at rest after start-up');
    expect(seen.atRest).toBeLessThanOrEqual(10);

    const products: any[] = await madeToOrder(
      t,
      (await t.request('GET', '/api/products?limit=100&sort_by=price-low')).body.products.filter((p: any) => p.in_stock),
    );
    let peak = 0;
    const sampling = setInterval(() => void connections().then((n) => (peak = Math.max(peak, n))), 50);
    try {
      const burst = Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? t.request('POST', '/api/orders', { body: orderBody(products[i % products.length], { email: `burst-${i}@example.com` }) })
          : t.request('GET', `/api/products?limit=8&page=${1 + (i % 3)}&search=${i % 2 ? 'ring' : 'gold'}`),
      );
      const answers = await Promise.all(burst);
      expect(answers.filter((a) => a.status >= 300).map((a) => [a.status, a.body])).toEqual([]);
    } finally {
      clearInterval(sampling);
    }
    seen.underLoad = Math.max(peak, await connections());
    console.log(`under load: ${seen.underLoad} (${last})`);
    expect(seen.underLoad).toBeGreaterThan(seen.atRest);

    await until('the pools to shrink after the burst', async () => (seen.afterIdle = await connections()) <= 10, 60_000).catch(
      () => undefined,
    );
    expect(seen.afterIdle).toBeLessThanOrEqual(10);
  });
});
