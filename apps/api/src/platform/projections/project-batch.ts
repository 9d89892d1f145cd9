import { Pool } from 'pg';
import { Tx } from '../database/database';
import { comparePositions, Position, RecordedEvent } from '../event-store/event-store';
import { PersonalData } from '../privacy/personal-data';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import { Projection } from './projection';

/** Held shared by every batch, exclusively by the replay's swap, so no batch straddles a swap. */
export const SCHEMA_SWAP_LOCK = 1_985_001;

/** Opens the personal data of a batch before its transaction starts, to keep transactions short. */
export async function openEvents(privacy: PersonalData, events: RecordedEvent[]): Promise<RecordedEvent[]> {
  return Promise.all(events.map(async (e) => ({ ...e, data: await privacy.openDeep(e.data) })));
}

/** Applies events and moves the checkpoint inside an already open transaction. */
export async function applyInTransaction(tx: Tx, projection: Projection, events: RecordedEvent[]): Promise<void> {
  if (projection.applyBatch) await projection.applyBatch(tx, events);
  else for (const event of events) await projection.apply(tx, event);
  await writeCheckpoint(tx, 'projection_checkpoints', projection.name, events[events.length - 1].position);
}

/**
 * Writes one batch of read-model rows and the new checkpoint in one transaction (exactly once).
 * Returns false, writing nothing, when the checkpoint is not where the caller thought (another holder
 * or a replay moved it): the caller reloads its checkpoint.
 */
export async function projectBatch(
  pool: Pool,
  schema: string,
  projection: Projection,
  expected: Position,
  events: RecordedEvent[],
): Promise<boolean> {
  const client = await pool.connect();
  try {
    // One round trip: BEGIN, the shared swap lock and the schema (constants, so no parameters needed).
    await client.query(`BEGIN; SELECT pg_advisory_xact_lock_shared(${SCHEMA_SWAP_LOCK}); SET LOCAL search_path TO ${schema}, public`);
    const current = await readCheckpoint(client, 'projection_checkpoints', projection.name, true);
    if (comparePositions(current, expected) !== 0) {
      await client.query('ROLLBACK');
      return false;
    }
    await applyInTransaction(client, projection, events);
    await client.query('COMMIT');
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
