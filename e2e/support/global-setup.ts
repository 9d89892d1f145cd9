import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { createServer } from 'net';
import { join } from 'path';
import { rmSync, writeFileSync } from 'fs';
import { chromium } from 'playwright-core';
import { startSmtpSink } from '../../apps/api/src/testing/smtp-sink';
import { CHROMIUM_OPTIONS } from './browser';
import { createTestDatabase } from '../../apps/api/src/testing/test-database';

export const STATE_FILE = join(__dirname, '..', '.e2e-state.json');
/** Where the journeys' shop delivers its mail (an SMTP sink writing each message as JSON): see mail.ts. */
export const MAIL_DIR = join(__dirname, '..', '.e2e-mail');
const ROOT = join(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as any).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/api/health`);
      // Ready once it answers and the seeded catalogue is visible.
      if (res.ok) {
        const products = await fetch(`${url}/api/products?limit=1`).then((r) => r.json());
        if (products.total > 0) return;
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the shop at ${url} did not become ready within ${timeoutMs} ms`);
}

/**
 * Starts the built shop (apps/api/dist/main.js, serving both front ends) on a free port and a fresh
 * database, as `npm start` would, for the browser journeys. E2E_BASE_URL set from outside skips this.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) return;
  const port = await freePort();
  // A copy of the migrated template, as the API's tests use; the shop migrates it at its start (nothing to apply).
  const db = await createTestDatabase('facet_e2e', { migrate: false });
  const dbName = db.name;
  const server = new URL(db.url);
  const adminEmail = 'admin@facet.e2e';
  const adminPassword = 'E2e-Admin-1985!';
  // A real relay: the customer's mail holds codes and links staff never see (the console shows them hidden).
  rmSync(MAIL_DIR, { recursive: true, force: true });
  const sink = await startSmtpSink({ dir: MAIL_DIR });
  (globalThis as any).__FACET_SMTP_SINK__ = sink;
  const child = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: server.toString(),
      QUEUE_PREFIX: `facet-e2e-${randomBytes(3).toString('hex')}`,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      PUBLIC_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      SMTP_URL: sink.url,
      // Unpaid card orders expire after 40 s here (24 h by default), so a journey can watch one expire.
      UNPAID_ORDER_TTL_SECONDS: process.env.UNPAID_ORDER_TTL_SECONDS ?? '40',
      // One client places every order of a test run (and the bench's load): the order throttle and the stock-hold
      // cap per client would refuse them, so they are lifted here; the throttle spec runs with the defaults.
      ORDER_THROTTLE_PER_CLIENT: '1000000',
      ORDER_THROTTLE_PER_SHOPPER: '1000000',
      STOCK_HOLD_CAP_PER_CLIENT: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: false,
  });
  const url = `http://127.0.0.1:${port}`;
  // Migrating and seeding a fresh database takes well over a minute on a busy two-core host.
  await waitForHealth(url, child, 180_000).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  // One Chromium for the whole run: each file connects to it and opens its own contexts (see launchChromium).
  const browserServer = await chromium.launchServer(CHROMIUM_OPTIONS);
  (globalThis as any).__FACET_BROWSER__ = browserServer;
  process.env.E2E_BROWSER_WS = browserServer.wsEndpoint();
  process.env.E2E_BASE_URL = url;
  process.env.E2E_ADMIN_EMAIL = adminEmail;
  process.env.E2E_ADMIN_PASSWORD = adminPassword;
  process.env.E2E_DATABASE_URL = server.toString();
  process.env.E2E_MAIL_DIR = MAIL_DIR;
  writeFileSync(STATE_FILE, JSON.stringify({ pid: child.pid, dbName, url }));
  (globalThis as any).__FACET_SHOP__ = child;
}
