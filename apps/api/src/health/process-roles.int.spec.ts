import { ChildProcess, spawn } from 'child_process';
import { randomBytes, randomUUID } from 'crypto';
import { existsSync } from 'fs';
import { createServer, Server } from 'net';
import { Pool } from 'pg';
import { createPool } from '../platform/database/database';
import { PostgresEventStore } from '../platform/event-store/postgres/postgres-event-store';
import { createTestDatabase, TestDatabase } from '../testing/test-database';
import { BUILT_MAIN as MAIN, freePort } from '../testing/built-shop';

/** Holds a TCP port the way a running shop would; null when something else holds it already. */
function holdPort(port: number): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(null) : reject(err)));
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

/** TCP ports a process listens on, from ss. */
async function listeningPorts(pid: number): Promise<number[]> {
  const out = await new Promise<string>((resolve) => {
    const ss = spawn('ss', ['-ltnpH']);
    let text = '';
    ss.stdout.on('data', (d) => (text += d));
    ss.on('close', () => resolve(text));
    ss.on('error', () => resolve(''));
  });
  return out
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => Number(line.split(/\s+/)[3]?.split(':').pop()));
}

describe('Processes without the api role', () => {
  let db: TestDatabase;
  let pool: Pool;
  let held: Server | null;
  const children: ChildProcess[] = [];
  const built = existsSync(MAIN);
  if (!built) console.log(`Role test needs the built API (${MAIN}); run 'npm run build' first. npm test builds it.`);

  beforeAll(async () => {
    db = await createTestDatabase('facet_roles');
    pool = createPool(db.url);
    // The suite must pass while a shop runs on the default port: hold it ourselves if it is free.
    held = await holdPort(3000);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await new Promise<void>((resolve) => (held ? held.close(() => resolve()) : resolve()));
    await pool.end();
    await db.drop();
  });

  function start(roles: string, extra: Record<string, string | undefined>): ChildProcess {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: db.url,
      FACET_ROLES: roles,
      FACET_SEED: 'false',
      QUEUE_PREFIX: `facet-roles-${randomBytes(3).toString('hex')}`,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      ADMIN_EMAIL: 'a@b.c',
      ADMIN_PASSWORD: 'X-y-1234!',
      ...extra,
    };
    for (const [k, v] of Object.entries(extra)) if (v === undefined) delete env[k];
    const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (d) => process.stderr.write(`[${roles}] ${d}`));
    children.push(child);
    return child;
  }

  (built ? it : it.skip)(
    'should start beside a shop holding port 3000, take no port, and do their work',
    async () => {
      const healthPort = await freePort();
      // PORT unset (the default 3000, held) for the projector; PORT=3000 given explicitly to the worker.
      const projector = start('projector', { PORT: undefined, HEALTH_PORT: String(healthPort) });
      const worker = start('worker', { PORT: '3000', HEALTH_PORT: undefined });

      const store = new PostgresEventStore(pool, db.url);
      const id = randomUUID();
      await store.appendToStream(
        `product-${id}`,
        [
          {
            type: 'ProductCreated',
            data: {
              product_id: id,
              name: 'Role Ring',
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
      await store.close();

      const deadline = Date.now() + 60_000;
      let rows = 0;
      while (Date.now() < deadline && rows === 0) {
        rows = (await pool.query(`SELECT count(*)::int AS n FROM rm.products WHERE id = $1`, [id]).catch(() => ({ rows: [{ n: 0 }] })))
          .rows[0].n;
        if (rows === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(rows).toBe(1);

      // Both still running: neither died on EADDRINUSE.
      await new Promise((r) => setTimeout(r, 1500));
      expect(projector.exitCode).toBeNull();
      expect(worker.exitCode).toBeNull();

      // The projector answers liveness on its health port only; the worker listens on nothing.
      const health = await fetch(`http://127.0.0.1:${healthPort}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect((await fetch(`http://127.0.0.1:${healthPort}/api/products`)).status).toBe(404);
      expect(await listeningPorts(projector.pid!)).toEqual([healthPort]);
      expect(await listeningPorts(worker.pid!)).toEqual([]);
      console.log(
        `projector and worker ran beside a holder of port 3000 (${held ? 'held by the test' : 'held by another process'}); projector live on :${healthPort}/health`,
      );
    },
    90_000,
  );
});
