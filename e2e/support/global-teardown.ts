import { existsSync, readFileSync, rmSync, unlinkSync } from 'fs';
import { Client } from 'pg';
import { MAIL_DIR, STATE_FILE } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  // The run's shared Chromium (global-setup.ts).
  await (globalThis as any).__FACET_BROWSER__?.close();
  if (!existsSync(STATE_FILE)) return;
  const { pid, dbName } = JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  unlinkSync(STATE_FILE);
  const child = (globalThis as any).__FACET_SHOP__;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  if (child && child.exitCode === null) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
        resolve();
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  await (globalThis as any).__FACET_SMTP_SINK__?.close();
  rmSync(MAIL_DIR, { recursive: true, force: true });
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
