import { Pool } from 'pg';
import { Tx } from '../database/database';
import { comparePositions, Position, RecordedEvent } from '../event-store/event-store';
import { readRecorded } from '../event-store/recorded-events';
import { ERASED, PersonalData } from '../privacy/personal-data';
import type { DecryptMany } from '../privacy/sealed-values';
import { checkpointStatement, readCheckpoint } from './checkpoints';
import { insertParks, Park, parkedLockStatement, parkFollowers } from './parked-events';
import { Projection } from './projection';

/** Held shared by every batch, exclusively by the replay's swap, so no batch straddles a swap. */
export const SCHEMA_SWAP_LOCK = 1_985_001;

/**
 * Opens the personal data of a batch before its transaction starts, to keep transactions short. Read
 * models get ERASED where a person was erased (the same placeholder their live purge writes); reactors
 * get null, so they have nothing to send. Each event is then checked and upcast (readRecorded): an unknown
 * type or version throws here, so the runner parks it with that message rather than handing it on.
 */
export async function openEvents(
  privacy: PersonalData,
  events: RecordedEvent[],
  whenErased: null | typeof ERASED = ERASED,
  decryptMany?: DecryptMany,
): Promise<RecordedEvent[]> {
  // One key query for the whole batch's subjects.
  const data = await privacy.openMany(
    events.map((e) => e.data),
    whenErased,
    decryptMany,
  );
  return events.map((e, i) => readRecorded(data[i] === e.data ? e : { ...e, data: data[i] }));
}

/** The dead-letter and lock name of a projection. */
export const projectionConsumer = (projection: Projection) => `projection:${projection.name}`;

/** Applies events (one statement per run where the projection can) inside an open transaction. */
export async function applyEvents(tx: Tx, projection: Projection, events: RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (projection.applyBatch) await projection.applyBatch(tx, events);
  else for (const event of events) await projection.apply(tx, event);
}

/**
 * Opens a projection transaction, checks the checkpoint is where the caller thought, runs `work`, moves
 * the checkpoint to `to` and commits (rows and checkpoint exactly once). Returns false, writing nothing,
 * when the checkpoint moved (another holder or a replay): the caller reloads it.
 */
async function inProjectionTransaction(
  pool: Pool,
  schema: string,
  projection: Projection,
  expected: Position,
  to: Position,
  work: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const client = await pool.connect();
  try {
    // One round trip: BEGIN, the shared swap lock, the schema and the consumer's advisory lock (no parameters
    // needed). That lock, not FOR UPDATE on the checkpoint row, keeps other holders (and a staff retry) out: a
    // row lock would give this transaction an id at once. Until it writes, it has none. (Readers of the log no
    // longer wait for a transaction like this one, which cannot append: see HORIZON.)
    await client.query(
      `BEGIN; SELECT pg_advisory_xact_lock_shared(${SCHEMA_SWAP_LOCK}); SET LOCAL search_path TO ${schema}, public;
       ${parkedLockStatement(projectionConsumer(projection))}`,
    );
    // A statement of its own: its snapshot must be taken once the lock is held.
    const current = await readCheckpoint(client, 'projection_checkpoints', projection.name);
    if (comparePositions(current, expected) !== 0) {
      await client.query('ROLLBACK');
      return false;
    }
    await work(client);
    // One round trip: the checkpoint and the COMMIT (a failed upsert skips the COMMIT; the catch rolls back).
    await client.query(`${checkpointStatement('projection_checkpoints', projection.name, to)}; COMMIT`);
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Writes one batch of read-model rows and the new checkpoint in one transaction. Events of a stream that
 * already has a parked event for this projection are parked behind it instead (a stream's order is kept).
 */
export async function projectBatch(
  pool: Pool,
  schema: string,
  projection: Projection,
  expected: Position,
  events: RecordedEvent[],
): Promise<boolean> {
  return inProjectionTransaction(pool, schema, projection, expected, events[events.length - 1].position, async (tx) => {
    const { rest } = await parkFollowers(tx, projectionConsumer(projection), events);
    await applyEvents(tx, projection, rest);
  });
}

/** Parks one event that keeps failing and moves the checkpoint past it, in one transaction. */
export async function parkInProjection(
  pool: Pool,
  schema: string,
  projection: Projection,
  expected: Position,
  park: Park,
): Promise<boolean> {
  return inProjectionTransaction(pool, schema, projection, expected, park.event.position, (tx) =>
    insertParks(tx, projectionConsumer(projection), [park]),
  );
}
