import { Pool, PoolClient, PoolConfig } from 'pg';

/** The read-model schema. Replay builds a fresh one beside it and swaps it in. */
export const READ_MODEL_SCHEMA = 'rm';

export type Tx = PoolClient;

export function createPool(connectionString: string, extra: Partial<PoolConfig> = {}): Pool {
  const pool = new Pool({
    connectionString,
    max: 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // Queries read the read models unqualified; the schema name stays 'rm' across replays.
    options: `-c search_path=${READ_MODEL_SCHEMA},public`,
    ...extra,
  });
  // A pooled client that loses its server (PostgreSQL restarts) must not crash the process.
  pool.on('error', (err) => console.warn(`[database] idle client error: ${err.message}`));
  return pool;
}

export async function withTransaction<T>(pool: Pool, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
