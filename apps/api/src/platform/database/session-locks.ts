import type { Pool } from 'pg';

/**
 * How a lock's name becomes PostgreSQL's advisory lock key: a lock for one purpose ("the administrator changes")
 * is (1985, hashtext(name)), as the projection runners' locks are (advisory-locks.ts); a lock per value of
 * something numerous (a data subject) is a 64-bit hash of the name, so two values rarely share a lock.
 */
export type LockSpace = 'purpose' | 'value';
const KEY: Record<LockSpace, string> = { purpose: '1985, hashtext($1)', value: 'hashtextextended($1, 0)' };

/** What trySessionLock answers when another session holds the lock: the work did not run. */
export const LOCK_HELD_ELSEWHERE = Symbol('lock held elsewhere');

/**
 * Runs `work` holding session advisory locks on `names`, seen by every process. One connection of `pool`
 * (DatabaseService.lockPool, to DATABASE_DIRECT_URL: a transaction pooler would not keep the session) holds
 * them for the whole of the work, which uses the requests' pool as usual (so waiting requests take one lock
 * pool connection each, none of the requests'). The locks are taken one at a time in sorted order, so two holders of overlapping sets
 * cannot deadlock.
 */
export function withSessionLocks<T>(pool: Pool, space: LockSpace, names: readonly string[], work: () => Promise<T>): Promise<T> {
  return holding(pool, space, [...new Set(names)].sort(), false, work) as Promise<T>;
}

/** Runs `work` if the lock on `name` is free, holding it meanwhile; LOCK_HELD_ELSEWHERE without running it if not. */
export function trySessionLock<T>(
  pool: Pool,
  space: LockSpace,
  name: string,
  work: () => Promise<T>,
): Promise<T | typeof LOCK_HELD_ELSEWHERE> {
  return holding(pool, space, [name], true, work);
}

async function holding<T>(
  pool: Pool,
  space: LockSpace,
  names: string[],
  tryOnly: boolean,
  work: () => Promise<T>,
): Promise<T | typeof LOCK_HELD_ELSEWHERE> {
  const client = await pool.connect();
  // A connection whose unlock failed is closed rather than pooled: closing it ends any lock it holds.
  let discard = true;
  try {
    try {
      for (const name of names) {
        if (!tryOnly) await client.query(`SELECT pg_advisory_lock(${KEY[space]})`, [name]);
        else if (!(await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${KEY[space]}) AS ok`, [name])).rows[0]?.ok) {
          discard = false;
          return LOCK_HELD_ELSEWHERE;
        }
      }
      return await work();
    } finally {
      // Also after a failed wait (a timeout): the locks taken before it go, and one granted as the wait was
      // cancelled. Not after a refused try, which took nothing.
      if (discard) {
        await client.query('SELECT pg_advisory_unlock_all()').then(
          () => (discard = false),
          () => undefined,
        );
      }
    }
  } finally {
    client.release(discard || undefined);
  }
}
