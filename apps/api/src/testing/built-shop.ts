import { ChildProcess, spawn } from 'child_process';
import { join } from 'path';
import { createServer } from 'net';

/** The repository's root and the built API that `npm start` runs (tests of whole processes spawn it). */
export const REPO_ROOT = join(__dirname, '..', '..', '..', '..');
export const BUILT_MAIN = join(REPO_ROOT, 'apps', 'api', 'dist', 'main.js');

/** A TCP port nobody listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the built shop as its own process (all roles) on a database and queue prefix of the test's, and
 * resolves once its seeded catalogue answers. The caller kills it (kill -9 is the point of some tests).
 */
export async function startBuiltShop(options: {
  databaseUrl: string;
  port: number;
  queuePrefix: string;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BUILT_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      QUEUE_PREFIX: options.queuePrefix,
      ADMIN_EMAIL: 'admin@facet.chaos',
      ADMIN_PASSWORD: 'Chaos-Admin-1985!',
      LOG_LEVEL: 'error',
      // One client places every order of a test run (and the bench's load): the order throttle and the stock-hold
      // cap per client would refuse them, so they are lifted here; the throttle spec runs with the defaults.
      ORDER_THROTTLE_PER_CLIENT: '1000000',
      ORDER_THROTTLE_PER_SHOPPER: '1000000',
      STOCK_HOLD_CAP_PER_CLIENT: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    try {
      const products = (await fetch(`http://127.0.0.1:${options.port}/api/products?limit=1`).then((r) => r.json())) as { total?: number };
      if ((products.total ?? 0) > 0) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error('the shop did not start');
}
