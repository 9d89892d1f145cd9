import { escapeLiteral, Pool } from 'pg';
import { Tx } from '../database/database';
import { Position, START } from '../event-store/event-store';

export type CheckpointTable = 'projection_checkpoints' | 'public.reactor_checkpoints';

export async function readCheckpoint(tx: Tx, table: CheckpointTable, name: string, forUpdate = false): Promise<Position> {
  const r = await tx.query<{ c: string; p: string }>(
    `SELECT commit_pos::text AS c, prepare_pos::text AS p FROM ${table} WHERE name = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [name],
  );
  return r.rowCount ? { commit: BigInt(r.rows[0].c), prepare: BigInt(r.rows[0].p) } : START;
}

/** Inside a transaction for projections (rows and checkpoint together); on the pool for reactors. */
export async function writeCheckpoint(tx: Tx | Pool, table: CheckpointTable, name: string, position: Position): Promise<void> {
  await tx.query(checkpointStatement(table, name, position));
}

/**
 * The checkpoint's upsert as one statement with its values written in (escaped name, positions that are
 * bigints), so that it can share a round trip with the COMMIT after it (simple protocol, no parameters).
 */
export function checkpointStatement(table: CheckpointTable, name: string, position: Position): string {
  return `INSERT INTO ${table} (name, commit_pos, prepare_pos, updated_at)
     VALUES (${escapeLiteral(name)}, ${BigInt(position.commit).toString()}, ${BigInt(position.prepare).toString()}, now())
     ON CONFLICT (name) DO UPDATE SET commit_pos = EXCLUDED.commit_pos, prepare_pos = EXCLUDED.prepare_pos, updated_at = now()`;
}
