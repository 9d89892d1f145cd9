import { Client, Pool } from 'pg';
import { READ_MODEL_SCHEMA, Tx, withTransaction } from '../database/database';
import { EventStore, Position, RecordedEvent, START } from '../event-store/event-store';
import { PersonalData } from '../privacy/personal-data';
import { openEvents, projectionConsumer, SCHEMA_SWAP_LOCK } from './project-batch';
import { writeCheckpoint } from './checkpoints';
import { errorText, insertParks, isInfrastructureError, Park, waitingBehind } from './parked-events';
import { Projection } from './projection';

const NEXT_SCHEMA = 'rm_next';
const OLD_SCHEMA = 'rm_old';
const REPLAY_LOCK = 1_985_002;
/**
 * The pool's statement and lock timeouts are for requests. Replay's batches and whole-table compares run
 * long, and dropping the old tables waits for readers that started before the swap: no statement limit,
 * a minute for locks.
 */
const REPLAY_LIMITS = `SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = '60s'`;

export interface ReplayProgress {
  phase: 'copying-structure' | 'replaying' | 'swapping' | 'done';
  projection?: string;
  events: number;
  eventsPerSecond: number;
}

export interface ReplayResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** Events parked because a projection failed on them (or waits behind one of their stream). */
  parked: number;
  /** Rows that differ between the live and the rebuilt tables, per table (only with compare). */
  differences?: Record<string, number>;
}

export interface ReplayOptions {
  batchSize?: number;
  /** Count rows that differ between the live tables and the rebuilt ones, just before the swap. */
  compare?: boolean;
  onProgress?: (p: ReplayProgress) => void;
}

/**
 * Rebuilds every read model from the log into fresh tables (schema rm_next, same structure as rm) and
 * swaps them in. Live projections keep running meanwhile; the swap waits for their current batch, takes
 * the last events written since, and renames the schemas in one transaction.
 */
export async function replayAll(
  pool: Pool,
  connectionString: string,
  store: EventStore,
  privacy: PersonalData,
  projections: readonly Projection[],
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const batchSize = options.batchSize ?? 5000;
  const started = Date.now();
  let events = 0;
  const report = (phase: ReplayProgress['phase'], projection?: string) =>
    options.onProgress?.({
      phase,
      projection,
      events,
      eventsPerSecond: Math.round(events / Math.max(0.001, (Date.now() - started) / 1000)),
    });

  const lockClient = new Client({ connectionString });
  await lockClient.connect();
  try {
    const locked = await lockClient.query('SELECT pg_try_advisory_lock($1) AS ok', [REPLAY_LOCK]);
    if (!locked.rows[0].ok) throw new Error('Another replay is running');

    // Reading the whole log in order wants the (transaction_id, global_position) index; after a bulk load
    // or restore, stale statistics make PostgreSQL sort every remaining event for each batch instead.
    const unhurried = (sql: string) => withTransaction(pool, (t) => t.query(`${REPLAY_LIMITS}; ${sql}`));
    await unhurried('ANALYZE public.es_events');
    report('copying-structure');
    const tables = (
      await pool.query(`SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`, [READ_MODEL_SCHEMA])
    ).rows.map((r) => r.tablename as string);
    await unhurried(`DROP SCHEMA IF EXISTS ${NEXT_SCHEMA} CASCADE; CREATE SCHEMA ${NEXT_SCHEMA}`);
    for (const t of tables) {
      await pool.query(`CREATE TABLE ${NEXT_SCHEMA}."${t}" (LIKE ${READ_MODEL_SCHEMA}."${t}" INCLUDING ALL)`);
    }

    // Bulk of the work: one pass over the log feeds every projection. Each batch goes to the projections
    // concerned at once, each in its own transaction on its own connection, while the next batch is read
    // and its personal data opened; one batch is in flight at a time, so each projection sees its events in order.
    const allTypes = [...new Set(projections.flatMap((p) => p.eventTypes))];
    const typesOf = new Map(projections.map((p) => [p, new Set(p.eventTypes)]));
    // An event a projection fails on is parked, with the later events of its stream, as the live runner
    // does (no retries: a replay reads the same data again). Savepoints undo only the failed part.
    const parks = new Map<Projection, Park[]>(projections.map((p) => [p, []]));
    const parkedStreams = new Map<Projection, Map<string, string>>(projections.map((p) => [p, new Map()]));
    const applyTo = async (tx: Tx, projection: Projection, events: RecordedEvent[]) => {
      const types = typesOf.get(projection)!;
      const blocked = parkedStreams.get(projection)!;
      const parkBehind = (e: RecordedEvent) =>
        parks.get(projection)!.push({
          event: e,
          error: waitingBehind(blocked.get(e.streamId)!),
          blockedBy: blocked.get(e.streamId)!,
          attempts: 0,
          firstFailedAt: new Date(),
        });
      const mine: RecordedEvent[] = [];
      for (const e of events) {
        if (!types.has(e.type)) continue;
        if (blocked.has(e.streamId)) parkBehind(e);
        else mine.push(e);
      }
      if (mine.length === 0) return;
      try {
        await tx.query('SAVEPOINT replay_batch');
        if (projection.applyBatch) await projection.applyBatch(tx, mine);
        else for (const e of mine) await projection.apply(tx, e);
        await tx.query('RELEASE SAVEPOINT replay_batch');
        return;
      } catch (err) {
        if (isInfrastructureError(err)) throw err;
        await tx.query('ROLLBACK TO SAVEPOINT replay_batch');
      }
      for (const e of mine) {
        if (blocked.has(e.streamId)) {
          parkBehind(e);
          continue;
        }
        try {
          await tx.query('SAVEPOINT replay_event');
          await projection.apply(tx, e);
          await tx.query('RELEASE SAVEPOINT replay_event');
        } catch (err) {
          if (isInfrastructureError(err)) throw err;
          await tx.query('ROLLBACK TO SAVEPOINT replay_event');
          parks.get(projection)!.push({ event: e, error: errorText(err), blockedBy: null, attempts: 1, firstFailedAt: new Date() });
          blocked.set(e.streamId, e.metadata.eventId);
        }
      }
    };
    const moveCheckpoints = async (tx: Tx, position: Position) => {
      for (const projection of projections) await writeCheckpoint(tx, 'projection_checkpoints', projection.name, position);
    };
    const inNextSchema = <T>(fn: (tx: Tx) => Promise<T>) =>
      withTransaction(pool, async (t) => {
        await t.query(
          `${REPLAY_LIMITS}; SELECT pg_advisory_xact_lock_shared(${SCHEMA_SWAP_LOCK}); SET LOCAL search_path TO ${NEXT_SCHEMA}, public`,
        );
        return fn(t);
      });
    const read = (after: Position) => {
      const reading = store.readAll({ after, limit: batchSize, eventTypes: allTypes });
      reading.catch(() => undefined); // awaited below; this only keeps a failed prefetch from going unhandled
      return reading;
    };
    const catchUp = async (start: Position, tx: Tx | null): Promise<Position> => {
      let after = start;
      let next = read(after);
      let applying: Promise<unknown> = Promise.resolve();
      for (;;) {
        const batch = await next;
        if (batch.length === 0) break;
        next = read(batch[batch.length - 1].position);
        const opened = await openEvents(privacy, batch);
        await applying;
        if (tx) {
          for (const projection of projections) await applyTo(tx, projection, opened);
        } else {
          applying = Promise.all(
            projections
              .filter((p) => opened.some((e) => typesOf.get(p)!.has(e.type)))
              .map((p) => inNextSchema((t) => applyTo(t, p, opened))),
          );
          applying.catch(() => undefined); // awaited before the next batch and after the last
        }
        after = batch[batch.length - 1].position;
        events += batch.length;
        report('replaying');
      }
      await applying;
      if (after === start) return after;
      // Every projection has now seen everything up to `after`.
      if (tx) await moveCheckpoints(tx, after);
      else await inNextSchema((t) => moveCheckpoints(t, after));
      return after;
    };
    const reached = await catchUp(START, null);

    // The swap: take what arrived meanwhile, compare if asked, rename the schemas.
    report('swapping');
    const client = await pool.connect();
    let differences: Record<string, number> | undefined;
    try {
      await client.query(`BEGIN; ${REPLAY_LIMITS}`);
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_SWAP_LOCK]);
      await client.query(`SET LOCAL search_path TO ${NEXT_SCHEMA}, public`);
      await catchUp(reached, client);
      // The rebuilt read models come with their own parked events: those of the projections are replaced.
      await client.query(`DELETE FROM public.parked_events WHERE consumer LIKE 'projection:%'`);
      for (const [projection, list] of parks) await insertParks(client, projectionConsumer(projection), list);
      if (options.compare) {
        differences = {};
        for (const t of tables.filter((t) => t !== 'projection_checkpoints')) {
          const r = await client.query(
            `SELECT (SELECT count(*) FROM (SELECT * FROM ${READ_MODEL_SCHEMA}."${t}" EXCEPT ALL SELECT * FROM ${NEXT_SCHEMA}."${t}") a)
                  + (SELECT count(*) FROM (SELECT * FROM ${NEXT_SCHEMA}."${t}" EXCEPT ALL SELECT * FROM ${READ_MODEL_SCHEMA}."${t}") b) AS n`,
          );
          differences[t] = Number(r.rows[0].n);
        }
      }
      await client.query(`ALTER SCHEMA ${READ_MODEL_SCHEMA} RENAME TO ${OLD_SCHEMA}`);
      await client.query(`ALTER SCHEMA ${NEXT_SCHEMA} RENAME TO ${READ_MODEL_SCHEMA}`);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    await unhurried(`DROP SCHEMA IF EXISTS ${OLD_SCHEMA} CASCADE`);
    await pool.query(`SELECT pg_notify('facet_replayed', '')`);
    report('done');
    const seconds = (Date.now() - started) / 1000;
    const parked = [...parks.values()].reduce((n, list) => n + list.length, 0);
    return { events, seconds, eventsPerSecond: Math.round(events / Math.max(seconds, 0.001)), parked, differences };
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [REPLAY_LOCK]).catch(() => undefined);
    await lockClient.end();
  }
}
