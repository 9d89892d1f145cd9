import { execFileSync } from 'child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { startTestApp, TestApp } from '../testing/test-app';
import { freePort } from '../testing/built-shop';

const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
const BIN = versions.length ? `/usr/lib/postgresql/${versions[versions.length - 1]}/bin` : '';

/** Runs a PostgreSQL tool as the postgres user (initdb refuses root). */
function asPostgres(tool: string, args: string[]): void {
  const cmd = [join(BIN, tool), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  execFileSync('runuser', ['-u', 'postgres', '--', 'sh', '-c', cmd], { stdio: 'ignore', timeout: 60_000 });
}

/** A private PostgreSQL cluster in a temp dir on its own port, never the machine's shared one, restarted under load. */
describe('PostgreSQL restarted under load', () => {
  let t: TestApp | null = null;
  let dir = '';
  let port = 0;
  const pgCtl = (action: string) =>
    asPostgres('pg_ctl', [
      '-D',
      join(dir, 'data'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-l',
      join(dir, 'log'),
      '-m',
      'immediate',
      action,
    ]);

  afterAll(async () => {
    await t?.close().catch(() => undefined);
    if (dir) {
      try {
        pgCtl('stop');
      } catch {
        /* already down */
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should report the outage on /api/health and reconnect by itself', async () => {
    if (!BIN || !existsSync(join(BIN, 'initdb'))) {
      console.log('postgres restart: no initdb under /usr/lib/postgresql/*/bin; nothing to test');
      expect(BIN && existsSync(join(BIN, 'initdb'))).toBeFalsy();
      return;
    }
    dir = mkdtempSync(join(tmpdir(), 'facet-pg-'));
    chmodSync(dir, 0o777);
    port = await freePort();
    asPostgres('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    pgCtl('start');
    // createTestDatabase reads TEST_DATABASE_URL before startTestApp applies its env.
    // Durable commits: this server is stopped with -m immediate, and what it acknowledged must still be there.
    const saved = { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL, FACET_TEST_DURABLE_COMMITS: process.env.FACET_TEST_DURABLE_COMMITS };
    process.env.TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
    process.env.FACET_TEST_DURABLE_COMMITS = '1';
    try {
      t = await startTestApp();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    expect(t.db.url).toContain(`:${port}/`);
    await t.app.get(CatalogSeeder).seedIfEmpty();

    let stop = false;
    const statuses = new Map<number, number>();
    const load = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const res = await t!.request('GET', '/api/products?limit=5').catch(() => ({ status: 0 }));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    await new Promise((r) => setTimeout(r, 500));
    pgCtl('stop');
    await new Promise((r) => setTimeout(r, 1000));
    const down = await t.request('GET', '/api/health');
    pgCtl('start');
    const restartedAt = Date.now();
    let recovered = -1;
    while (Date.now() - restartedAt < 30_000) {
      const h = await t.request('GET', '/api/health');
      const p = await t.request('GET', '/api/products?limit=1');
      if (h.status === 200 && h.body?.postgres?.status === 'up' && p.status === 200) {
        recovered = Date.now() - restartedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    stop = true;
    await Promise.all(load);
    console.log(
      `postgres restart: health while down ${down.status} postgres=${JSON.stringify(down.body?.postgres)}; ` +
        `recovered ${recovered} ms after the restart; statuses under load ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(down.status).toBe(503);
    expect(down.body.postgres.status).toBe('down');
    expect(recovered).toBeGreaterThanOrEqual(0);
    expect([...statuses.keys()].every((s) => s === 200 || s === 503 || s === 500)).toBe(true);
  }, 120_000);
});
