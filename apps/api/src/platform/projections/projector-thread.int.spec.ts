import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { startTestApp, TestApp } from '../../testing/test-app';
import { RunnersService } from './runners.service';

const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const ring = (name: string) => ({ name, description: 'A halo of pavé.', price: 1234.5, category: 'women-rings', features: ['18K gold'] });

/** Threads of this process (the projector thread is one; so are libuv's and V8's). */
const threads = () => Number(/^Threads:\s+(\d+)/m.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);

describe('The projector thread (FACET_PROJECTOR_THREAD)', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let runners: RunnersService;

  beforeAll(async () => {
    t = await startTestApp({ FACET_PROJECTOR_THREAD: 'true' });
    runners = t.app.get(RunnersService);
    await until('the projector thread', () => runners.projectionsRunIn === 'thread');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('should project in a thread of its own: the main thread runs no projection, the read models still follow', async () => {
    expect(runners.projectionsRunIn).toBe('thread');
    await t.app.get(CatalogSeeder).seedIfEmpty();
    await until('the seeded catalogue', async () => (await t.request('GET', '/api/products?limit=1')).body.total === 64);
    // A command still answers once its events are in the read models (read your writes, told by NOTIFY).
    const created = await t.request('POST', '/api/admin/products', { body: ring('Celeste, in a thread'), token: await t.staffToken() });
    expect(created.status).toBe(201);
    expect((await t.request('GET', `/api/products/${created.body.id}`)).body.name).toBe('Celeste, in a thread');
    const health = await t.request('GET', '/api/health');
    expect(health.body.consumers.filter((c: any) => c.kind === 'projection' && c.events_behind > 0)).toEqual([]);
  });

  it("should tell the thread of this thread's appends directly, so its projections need not wait for NOTIFY", async () => {
    // NOTIFY is sent from this thread's busy pool and event loop; the thread is told directly instead.
    const worker = (runners as any).projectorThread.worker as import('worker_threads').Worker;
    const told: unknown[] = [];
    const post = worker.postMessage.bind(worker);
    const spy = jest.spyOn(worker, 'postMessage').mockImplementation((m: unknown) => {
      told.push(m);
      post(m);
    });
    try {
      const created = await t.request('POST', '/api/admin/products', { body: ring('Celeste, told directly'), token: await t.staffToken() });
      expect(created.status).toBe(201);
      await until('the message', () => told.some((m: any) => m?.kind === 'appended' && m.types?.includes('ProductCreated')), 5_000);
    } finally {
      spy.mockRestore();
    }
  });

  it('should hand the projections back to the main thread when the thread stops', async () => {
    await (runners as any).projectorThread.crash();
    await until('projections on the main thread', () => runners.projectionsRunIn === 'main');
    const created = await t.request('POST', '/api/admin/products', { body: ring('Celeste, back home'), token: await t.staffToken() });
    expect(created.status).toBe(201);
    expect((await t.request('GET', `/api/products/${created.body.id}`)).body.name).toBe('Celeste, back home');
  });
});

describe('Closing an app with a projector thread', () => {
  jest.setTimeout(120_000);

  it('should end the thread with the app', async () => {
    const before = threads();
    const t = await startTestApp({ FACET_PROJECTOR_THREAD: 'true' });
    const runners = t.app.get(RunnersService);
    await until('the projector thread', () => runners.projectionsRunIn === 'thread');
    expect(threads()).toBeGreaterThan(before);
    const started = Date.now();
    await t.close();
    // Ends, rather than hangs until jest gives up: a quiet host closes in about 2 s, one at load 8-10 took 11 s.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(runners.projectionsRunIn).toBe('none');
    await until('the thread gone', () => threads() <= before, 5_000);
  });
});
