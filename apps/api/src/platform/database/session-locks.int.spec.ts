import { randomBytes } from 'crypto';
import { Pool } from 'pg';
import { testServerUrl } from '../../testing/test-database';
import { LOCK_HELD_ELSEWHERE, trySessionLock, withSessionLocks } from './session-locks';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Advisory locks need no tables: these run on the server's own database, under names no one else uses. */
describe('Session advisory locks held across the statements of a piece of work', () => {
  const pool = new Pool({ connectionString: testServerUrl(), max: 6 });
  const other = new Pool({ connectionString: testServerUrl(), max: 6 });
  const name = () => `session-locks-test:${randomBytes(6).toString('hex')}`;
  const heldLocks = async () =>
    Number(
      (
        await other.query(
          `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        )
      ).rows[0].n,
    );
  afterAll(async () => {
    await pool.end();
    await other.end();
  });

  it('should run holders of one lock one after the other, from two pools as from two processes', async () => {
    const lock = name();
    const trace: string[] = [];
    const holder = (p: Pool, who: string) =>
      withSessionLocks(p, 'value', [lock], async () => {
        trace.push(`${who} in`);
        await sleep(30);
        trace.push(`${who} out`);
      });
    await Promise.all([holder(pool, 'a'), holder(other, 'b'), holder(pool, 'c'), holder(other, 'd')]);
    for (let i = 0; i < trace.length; i += 2) expect(trace[i + 1]).toBe(trace[i].replace(' in', ' out'));
  });

  it('should not deadlock two holders of overlapping sets named in opposite orders', async () => {
    const [x, y, z] = [name(), name(), name()];
    let done = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        withSessionLocks(pool, 'purpose', i % 2 ? [x, y, z, x] : [z, y, x], async () => {
          await sleep(2);
          done++;
        }),
      ),
    );
    expect(done).toBe(20);
  });

  it('should answer LOCK_HELD_ELSEWHERE without running the work while another holds the lock, and run it after', async () => {
    const lock = name();
    let ran = 0;
    const inside = withSessionLocks(pool, 'purpose', [lock], async () => {
      expect(await trySessionLock(other, 'purpose', lock, async () => ran++)).toBe(LOCK_HELD_ELSEWHERE);
      // The same name in the other space is another lock.
      expect(await trySessionLock(other, 'value', lock, async () => 'free')).toBe('free');
    });
    await inside;
    expect(ran).toBe(0);
    expect(await trySessionLock(other, 'purpose', lock, async () => 'mine')).toBe('mine');
  });

  it('should let go of its locks and its connection when the work throws, and return the connection to the pool', async () => {
    const lock = name();
    const before = await heldLocks();
    await expect(
      withSessionLocks(pool, 'value', [lock, name()], async () => {
        expect(await heldLocks()).toBe(before + 2);
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await heldLocks()).toBe(before);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(await trySessionLock(other, 'value', lock, async () => 'free again')).toBe('free again');
  });

  it('should leave no lock behind on a connection whose wait for a lock failed, and pool it again', async () => {
    const lock = name();
    const before = await heldLocks();
    const blocker = withSessionLocks(other, 'value', [lock], () => sleep(600));
    await sleep(100);
    // One connection, whose wait for the lock times out.
    const single = new Pool({ connectionString: testServerUrl(), max: 1, statement_timeout: 100 });
    expect(await withSessionLocks(single, 'value', [name()], async () => single.totalCount)).toBe(1);
    await expect(withSessionLocks(single, 'value', [lock], async () => 'never')).rejects.toThrow(/statement timeout/);
    // The blocker's lock only: the failed wait took none (or gave back the one granted as it was cancelled).
    expect(await heldLocks()).toBe(before + 1);
    expect(single.totalCount).toBe(1);
    await blocker;
    expect(await withSessionLocks(single, 'value', [lock], async () => 'after')).toBe('after');
    await single.end();
  });

  it('should hold the lock for names with NUL-free odd text: quotes, lone surrogates, 10,000 characters', async () => {
    for (const odd of [`'; SELECT 1; --`, '\ud800x', 'é'.repeat(10_000), '']) {
      expect(await withSessionLocks(pool, 'value', [odd], async () => trySessionLock(other, 'value', odd, async () => 'taken'))).toBe(
        LOCK_HELD_ELSEWHERE,
      );
    }
  });
});
