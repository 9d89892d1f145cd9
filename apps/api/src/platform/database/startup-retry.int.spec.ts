import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { existsSync } from 'fs';
import { Client } from 'pg';
import { retryWhileTransient } from '../../platform/database/startup-retry';
import { BUILT_MAIN, freePort, REPO_ROOT } from '../../testing/built-shop';
import { createTestDatabase, TestDatabase, testServerUrl } from '../../testing/test-database';

const tooManyClients = () => Object.assign(new Error('sorry, too many clients already'), { code: '53300' });

describe('Start-up while PostgreSQL refuses for a passing reason', () => {
  describe('retryWhileTransient', () => {
    it('should retry "too many clients" with backoff until the step goes through', async () => {
      let calls = 0;
      const result = await retryWhileTransient(
        'a step',
        async () => {
          if (++calls < 4) throw tooManyClients();
          return 'done';
        },
        { firstDelayMs: 5, giveUpAfterMs: 5000 },
      );
      expect([result, calls]).toEqual(['done', 4]);
    });

    it('should fail at once on an error that is not passing, and give up after its time with the last error', async () => {
      let calls = 0;
      const bug = new Error('column "x" does not exist');
      await expect(retryWhileTransient('a step', () => Promise.reject(Object.assign(bug, { code: '42703', n: ++calls })))).rejects.toBe(
        bug,
      );
      expect(calls).toBe(1);
      const started = Date.now();
      await expect(
        retryWhileTransient('a step', () => Promise.reject(tooManyClients()), { firstDelayMs: 20, giveUpAfterMs: 300 }),
      ).rejects.toThrow('too many clients');
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  describe('The built shop', () => {
    const built = existsSync(BUILT_MAIN);
    if (!built) console.log(`Start-up retry test needs the built API (${BUILT_MAIN}); npm test builds it.`);
    let db: TestDatabase;
    let admin: Client;
    let child: ChildProcess | null = null;
    const role = `facet_full_${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      db = await createTestDatabase('facet_startup');
      admin = new Client({ connectionString: testServerUrl() });
      await admin.connect();
      // A role whose connection limit is reached: every connection it opens is refused with 53300, the
      // code of "too many clients" (a server full of other shops answers the same). Not a superuser, whom
      // no limit binds; a member of the owner of every table instead.
      const owner = (await admin.query('SELECT current_user AS name')).rows[0].name;
      await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER CONNECTION LIMIT 0 IN ROLE "${owner}"`);
    });
    afterAll(async () => {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [role]).catch(() => undefined);
      await db.drop();
      await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
      await admin.end();
    });

    (built ? it : it.skip)(
      'should wait for PostgreSQL to take connections again, logging once, and then serve',
      async () => {
        const port = await freePort();
        const url = new URL(db.url);
        url.username = role;
        child = spawn(process.execPath, [BUILT_MAIN], {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            NODE_ENV: 'development',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: url.toString(),
            QUEUE_PREFIX: `facet-startup-${randomBytes(3).toString('hex')}`,
            FACET_SEED: 'false',
            FACET_DATA_DIR: `/tmp/facet-startup-${randomBytes(3).toString('hex')}`,
            ADMIN_EMAIL: 'admin@facet.startup',
            ADMIN_PASSWORD: 'Startup-Admin-1985!',
            LOG_LEVEL: 'warn',
            LOG_FORMAT: 'json',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout?.on('data', (d) => (output += d));
        child.stderr?.on('data', (d) => (output += d));
        // Until it has been refused (a loaded machine takes seconds to load the app), then a second more.
        for (let waited = 0; waited < 30_000 && child.exitCode === null && !output.includes('PostgreSQL refused'); waited += 100)
          await new Promise((r) => setTimeout(r, 100));
        // A deliberate second: the promise is that it does not exit after a refusal, which only a wait shows.
        await new Promise((r) => setTimeout(r, 1000));
        expect(child.exitCode).toBeNull(); // before the change: exited with 1 on the first refusal
        await admin.query(`ALTER ROLE ${role} CONNECTION LIMIT -1`);
        const deadline = Date.now() + 45_000;
        let ready = 0;
        while (Date.now() < deadline && child.exitCode === null) {
          ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`)
            .then((r) => r.status)
            .catch(() => 0);
          if (ready === 200) break;
          await new Promise((r) => setTimeout(r, 300));
        }
        expect({ ready, exitCode: child.exitCode }).toEqual({ ready: 200, exitCode: null });
        const retries = output.split('\n').filter((line) => line.includes('PostgreSQL refused'));
        expect(retries.length).toBeGreaterThanOrEqual(1);
        expect(retries.filter((line) => line.includes('migrating'))).toHaveLength(1); // once per step, not per try
      },
      90_000,
    );
  });
});
