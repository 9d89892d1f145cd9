import { Client } from 'pg';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { throughPgBouncer } from '../../testing/pgbouncer';
import { startTestApp, TestApp } from '../../testing/test-app';
import { testServerUrl } from '../../testing/test-database';

/**
 * The shop with DATABASE_URL at PgBouncer in transaction pooling mode (Debian's 1.18, which keeps no
 * prepared statement between transactions) and DATABASE_DIRECT_URL at PostgreSQL for LISTEN/NOTIFY, the
 * leaders' session locks and migrations. This file starts its own pgbouncer, then runs the orders and
 * projections-and-replay suites through it (startTestApp reads FACET_TEST_POOLER_URL); the erasure suite runs
 * through one in pgbouncer-erasure.int.spec.ts (its log capture wants a module registry of its own).
 */
throughPgBouncer('Orders, projections and replay', () => {
  describe('Through PgBouncer in transaction mode', () => {
    jest.setTimeout(120_000);
    let t: TestApp;
    let admin: Client;

    beforeAll(async () => {
      t = await startTestApp();
      admin = new Client({ connectionString: testServerUrl() });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await t?.close();
    });

    it('should serve requests through the pooler and keep only sessions and locks on direct connections', async () => {
      await t.app.get(CatalogSeeder).seedIfEmpty();
      const created = await t.request('POST', '/api/admin/products', {
        token: await t.staffToken(),
        body: { name: 'Pooled Ring', description: 'A halo of pavé.', price: 1234.5, category: 'women-rings', features: ['18K gold'] },
      });
      // Read your writes: the projection's NOTIFY reached this process's LISTEN on its direct session.
      expect(created.status).toBe(201);
      expect((await t.request('GET', `/api/products/${created.body.id}`)).body.name).toBe('Pooled Ring');

      // PgBouncer's own view: a transaction pool for this database, with clients.
      const console = new Client({ connectionString: `${process.env.FACET_TEST_POOLER_URL}/pgbouncer` });
      await console.connect();
      try {
        const pools = (await console.query('SHOW POOLS')).rows.filter((p) => p.database === t.db.name);
        expect(pools.map((p) => p.pool_mode)).toEqual(['transaction']);
        const clients = (await console.query('SHOW CLIENTS')).rows.filter((c) => c.database === t.db.name);
        expect(clients.length).toBeGreaterThan(0);
        const servers = (await console.query('SHOW SERVERS')).rows.filter((c) => c.database === t.db.name);
        expect(servers.length).toBeGreaterThan(0);
        expect(servers.length).toBeLessThanOrEqual(8); // default_pool_size: the pooler, not the shop, decides
      } finally {
        await console.end();
      }
      // The server's view: the session connection comes straight from the shop (LISTEN, leaders' locks); the
      // pooler's server connections take the read models' search path from the role's settings in this database.
      const listening = await admin.query(
        `SELECT 1 FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid AND l.locktype = 'advisory'
         WHERE a.datname = $1 AND a.application_name = 'facet session'`,
        [t.db.name],
      );
      expect(listening.rowCount).toBeGreaterThan(0);
      const settings = (
        await admin.query<{ setting: string }>(
          `SELECT unnest(setconfig) AS setting FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase WHERE d.datname = $1`,
          [t.db.name],
        )
      ).rows.map((r) => r.setting);
      expect(settings).toEqual(expect.arrayContaining(['search_path=rm, public', 'statement_timeout=10000', 'lock_timeout=5000']));
    });
  });

  // The suites themselves, each starting its shop through the pooler.

  require('../../orders/http/orders.int.spec');
  require('../projections/projections.int.spec');
});
