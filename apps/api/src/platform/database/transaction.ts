import { Pool, PoolClient } from 'pg';

// With no Nest dependency, so that worker threads (the replay's log reader) can use it too.

export type Tx = PoolClient;

/**
 * Runs `fn` in a transaction. `begin` and `commit` may carry statements of their own (constants, no
 * parameters) to save a round trip each: a lock taken with the BEGIN, a checkpoint written with the COMMIT.
 */
export async function withTransaction<T>(
  pool: Pool,
  fn: (tx: Tx) => Promise<T>,
  { begin = 'BEGIN', commit = 'COMMIT' }: { begin?: string; commit?: string } = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query(commit);
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
