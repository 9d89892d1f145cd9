import type { Pool } from 'pg';

/**
 * Session advisory locks on data subjects, held across the several statements of `work` and seen by every
 * process: an erasure and the recording of a payment for one of its subjects run one after the other,
 * never interleaved (a payment recorded between the erasure's check and its key deletion would be an
 * order paid for delivery to no one). One connection holds the locks; the work uses the pool as usual.
 */
export async function withSubjectLocks<T>(pool: Pool, subjects: readonly string[], work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection whose lock or unlock failed is closed rather than pooled: closing it ends any lock it holds.
  let discard = true;
  try {
    // One at a time in a fixed order, so two holders of overlapping sets cannot deadlock.
    for (const subject of [...new Set(subjects)].sort()) {
      await client.query(`SELECT pg_advisory_lock(hashtextextended('subject-erasure:' || $1, 0))`, [subject]);
    }
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock_all()').then(
        () => (discard = false),
        () => undefined,
      );
    }
  } finally {
    client.release(discard || undefined);
  }
}
