import { Client, PoolClient } from 'pg';
import { testServerUrl } from '../../testing/test-database';
import { withSessionLocks } from './session-locks';
import { createPool } from './database';
import { withTransaction } from './transaction';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timeouts = { statementTimeoutMs: 5_000, lockTimeoutMs: 2_000, idleInTransactionTimeoutMs: 0, connectionTimeoutMs: 5_000 };

/**
 * A connection checked out of the pool and idle between two statements (inside a transaction, or holding a
 * session lock) loses its server: PostgreSQL restarts (its fast shutdown terminates every backend), an
 * operator terminates the backend, or the idle-in-transaction limit ends the session. node-postgres emits
 * that on the client, where the pool does not listen while the client is out: with no listener the error
 * is thrown out of the socket's callback and the process dies. Here the holder's next statement fails, the
 * pool drops the connection on release, and the next query gets a fresh one. (Jest fails a file whose
 * process throws an uncaught error, so each test would fail without the fix.)
 */
describe('Pooled connections lost while checked out', () => {
  const pool = createPool(testServerUrl(), { max: 3 }, timeouts);
  const admin = new Client({ connectionString: testServerUrl() });

  beforeAll(() => admin.connect());
  afterAll(async () => {
    await admin.end();
    await pool.end();
  });

  const pidOf = async (client: PoolClient) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const terminate = async (pid: number) => {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    // Until the server has closed the session, so the client has heard of it before the test goes on.
    for (let i = 0; i < 100 && (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount; i++) await sleep(20);
    await sleep(50);
  };

  it('should fail the next statement of a transaction whose backend was terminated, and keep the process and the pool', async () => {
    let pid = 0;
    const work = withTransaction(pool, async (tx) => {
      pid = await pidOf(tx);
      await terminate(pid);
      await tx.query('SELECT 1');
    });
    await expect(work).rejects.toThrow(/terminat|not queryable/i);
    const fresh = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(fresh.rows[0].pid).not.toBe(pid);
    expect(pool.totalCount).toBeLessThanOrEqual(3);
  });

  it('should do the same for a connection holding a session lock', async () => {
    let pid = 0;
    const work = withSessionLocks(pool, 'purpose', ['lost-connections-test'], async () => {
      // The holder of this very lock (1985, hashtext(name): session-locks.ts) in this database: any advisory
      // lock would do here, but then another test file's, such as a migration's, could be the one ended (CI, 2026-11-26).
      pid = (
        await pool.query<{ pid: number }>(
          `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND classid = 1985 AND objid = hashtext($1)::oid AND objsubid = 2`,
          ['lost-connections-test'],
        )
      ).rows[0].pid;
      await terminate(pid);
      return 'done';
    });
    // The work itself finished; its connection, gone, is not pooled again.
    await expect(work).resolves.toBe('done');
    const pids = await Promise.all([1, 2, 3].map(() => pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')));
    expect(pids.map((r) => r.rows[0].pid)).not.toContain(pid);
  });

  it('should survive the idle-in-transaction limit ending a session it holds', async () => {
    const strict = createPool(testServerUrl(), { max: 1 }, { ...timeouts, idleInTransactionTimeoutMs: 150 });
    try {
      const client = await strict.connect();
      await client.query('BEGIN');
      await sleep(600);
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      expect((await strict.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await strict.end();
    }
  });

  it('should survive every connection of the pool terminated at once, some idle and some checked out', async () => {
    const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    const pids = await Promise.all(held.map(pidOf));
    held[2].release(); // idle in the pool: the pool's own listener hears of it
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    await sleep(300);
    for (const c of held.slice(0, 2)) {
      await expect(c.query('SELECT 1')).rejects.toThrow();
      c.release(true);
    }
    const after = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(pids).not.toContain(after.rows[0].pid);
  });
});

/**
 * pg-pool's own query() closes the connection after any failed statement, so every refusal (a unique
 * violation of a losing writer, a lock or statement timeout on a table someone holds, bad input) cost a new
 * backend: a burst of them became a burst of connections. A statement the server refused leaves an idle,
 * usable session, so the connection is kept; one left inside a failed transaction, or lost, is not.
 */
describe('Pooled connections after a refused statement', () => {
  it('should keep the connection after an error the server answered, and open no new ones for a burst of them', async () => {
    const pool = createPool(testServerUrl(), { max: 4 }, { ...timeouts, statementTimeoutMs: 100 });
    let opened = 0;
    pool.on('connect', () => opened++);
    try {
      const pid = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await expect(pool.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
      await expect(pool.query('SELECT pg_sleep(1)')).rejects.toMatchObject({ code: '57014' });
      await expect(pool.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
      // Hostile values: a NUL (PostgreSQL refuses it in text), a number beyond bigint, a lone surrogate (sent
      // as U+FFFD, so stored), deep JSON.
      await expect(pool.query('SELECT $1::text', ['a\u0000b'])).rejects.toMatchObject({ code: '22021' });
      await expect(pool.query('SELECT $1::bigint', ['9223372036854775808'])).rejects.toMatchObject({ code: '22003' });
      expect((await pool.query<{ t: string }>('SELECT $1::text AS t', ['a\ud800b'])).rows[0].t).toBe('a\ufffdb');
      await expect(pool.query('SELECT $1::jsonb', ['['.repeat(100_000) + ']'.repeat(100_000)])).rejects.toMatchObject({
        code: expect.stringMatching(/^(54001|22P02)$/),
      });
      expect((await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid).toBe(pid);
      const refused = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          i % 2 ? pool.query('SELECT 1 / ($1::int - $1::int)', [i]) : pool.query('SELECT $1::text', [`${i}\u0000`]),
        ),
      );
      expect(refused.every((r) => r.status === 'rejected')).toBe(true);
      expect(opened).toBeLessThanOrEqual(4);
    } finally {
      await pool.end();
    }
  });

  it('should run a named statement again on the kept connection after its values were refused', async () => {
    const pool = createPool(testServerUrl(), { max: 1 }, timeouts);
    const cast = (value: string) =>
      pool.query<{ n: number }>({ name: 'lost-connections-cast', text: 'SELECT $1::int AS n', values: [value] });
    try {
      const pid = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await expect(cast('x')).rejects.toMatchObject({ code: '22P02' }); // parsed, then refused at bind
      expect((await cast('7')).rows[0].n).toBe(7); // prepared already: not parsed again, which would fail
      await expect(cast('99999999999')).rejects.toMatchObject({ code: '22003' });
      expect((await cast('-8')).rows[0].n).toBe(-8);
      expect((await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid).toBe(pid);
    } finally {
      await pool.end();
    }
  });

  it('should not keep a connection left inside a failed or open transaction', async () => {
    const pool = createPool(testServerUrl(), { max: 1 }, timeouts);
    try {
      await expect(pool.query('BEGIN; SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
      // Kept, this one would answer "current transaction is aborted".
      expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      await expect(pool.query('BEGIN; SELECT 1; SELEC 2')).rejects.toMatchObject({ code: '42601' });
      const status = await pool.query<{ now: string; stmt: string }>('SELECT now()::text AS now, statement_timestamp()::text AS stmt');
      expect(status.rows[0].now).toBe(status.rows[0].stmt); // a transaction of its own, not one left open
    } finally {
      await pool.end();
    }
  });
});
