import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { existsSync } from 'fs';
import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from './testing/test-database';
import { BUILT_MAIN as MAIN, freePort } from './testing/built-shop';

interface Shop {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

/** The built shop as `npm start` runs it, with its output captured (so not a terminal). */
async function startShop(db: TestDatabase, env: Record<string, string>): Promise<Shop> {
  const port = await freePort();
  let text = '';
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      QUEUE_PREFIX: `facet-main-${randomBytes(3).toString('hex')}`,
      ADMIN_EMAIL: 'admin@facet.main',
      ADMIN_PASSWORD: 'Main-Admin-1985!',
      LOG_LEVEL: 'log',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (text += d));
  child.stderr.on('data', (d) => (text += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!text.includes('Facet is open')) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}): ${text}`);
    if (Date.now() > deadline) throw new Error(`the shop did not open: ${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => text,
    stop: async () => {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      clearTimeout(killer);
    },
  };
}

async function productCount(db: TestDatabase): Promise<number> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query('SELECT count(*)::int AS n FROM rm.products')).rows[0].n;
  } finally {
    await client.end();
  }
}

const built = existsSync(MAIN);
if (!built) console.log(`Start-up tests need the built API (${MAIN}); run 'npm run build' first. npm test builds it.`);
const maybe = built ? describe : describe.skip;

maybe('Starting the shop', () => {
  const dbs: TestDatabase[] = [];
  const fresh = async () => {
    const db = await createTestDatabase('facet_main');
    dbs.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it('should log JSON lines when not on a terminal, say little at start, and carry the correlation id', async () => {
    const db = await fresh();
    const shop = await startShop(db, {});
    try {
      const atStart = shop.output().trim().split('\n');
      const traced = 'c0ffee00-a0d1-4000-8000-000000000042';
      const res = await fetch(`${shop.url}/api/products?limit=1`, { headers: { 'x-correlation-id': traced } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-correlation-id')).toBe(traced);
      // A hostile correlation id (anything but a UUID or a traceparent) is replaced, never echoed or logged.
      const hostile = await fetch(`${shop.url}/api/nowhere`, { headers: { 'x-correlation-id': '"}{ <script> ' + 'x'.repeat(200) } });
      expect(hostile.status).toBe(404);
      // The start created the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD.
      const login = await fetch(`${shop.url}/api/staff/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin@facet.main', password: 'Main-Admin-1985!' }),
      });
      expect(login.status).toBe(200);
      expect(hostile.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((r) => setTimeout(r, 300));
      const lines = shop.output().trim().split('\n');

      expect(atStart.length).toBeLessThanOrEqual(15);
      expect(shop.output()).not.toContain('FSTWRN004');
      expect(shop.output()).not.toContain('RouterExplorer');
      expect(shop.output()).not.toMatch(/\u001b\[/); // no colour codes in a file or pipe
      const parsed = lines.map((line) => JSON.parse(line));
      for (const entry of parsed) {
        expect(typeof entry.level).toBe('number');
        expect(typeof entry.time).toBe('string');
        expect(typeof entry.msg).toBe('string');
      }
      const access = parsed.find((e) => e.req?.url === '/api/products');
      expect(access).toMatchObject({ correlationId: traced, res: { statusCode: 200 } });
      console.log(`start-up: ${atStart.length} log lines (JSON); access line ${JSON.stringify(access)}`);
    } finally {
      await shop.stop();
    }
  }, 90_000);

  it('should keep an empty catalogue empty in production unless FACET_SEED=true', async () => {
    const production = { NODE_ENV: 'production', LOG_FORMAT: 'pretty', PRIVACY_SECRET: 'the main suite production privacy secret' };
    const empty = await fresh();
    let shop = await startShop(empty, production);
    await shop.stop();
    expect(await productCount(empty)).toBe(0);
    expect(shop.output()).not.toMatch(/\u001b\[/); // readable lines, still no colour off a terminal
    expect(shop.output()).toContain('[Facet] Facet is open');

    const seeded = await fresh();
    shop = await startShop(seeded, { ...production, FACET_SEED: 'true' });
    const deadline = Date.now() + 30_000;
    while ((await productCount(seeded)) < 64 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await shop.stop();
    expect(await productCount(seeded)).toBe(64);
  }, 120_000);

  it('should refuse to start on a bad PORT, LOG_LEVEL, HEALTH_PORT, DATABASE_URL or boolean with a clear message', async () => {
    const bad = [
      ['LOG_LEVEL', 'loud'],
      ['HEALTH_PORT', '70000'],
      ['PORT', '65536'],
      ['DATABASE_URL', 'mysql://127.0.0.1/facet'],
      ['FACET_SEED', 'yes'],
    ];
    for (const [name, value] of bad) {
      const child = spawn(process.execPath, [MAIN], {
        env: { ...process.env, [name]: value, FACET_ROLES: 'projector' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stderr.on('data', (d) => (text += d));
      const code = await new Promise((r) => child.once('exit', r));
      expect(code).toBe(1);
      expect(text).toContain('Facet will not start');
      expect(text).toContain(`${name}: ${JSON.stringify(value)} is not`);
      expect(text).not.toContain('    at '); // the message, not a stack trace
    }
  }, 30_000);
});
