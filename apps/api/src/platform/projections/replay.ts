import { availableParallelism } from 'os';
import { Client, Pool } from 'pg';
import { READ_MODEL_SCHEMA, Tx, withTransaction } from '../database/database';
import { EventStore, Position, RecordedEvent, START } from '../event-store/event-store';
import { PersonalData } from '../privacy/personal-data';
import { startSealedOpener } from '../privacy/sealed-opener';
import { inlineLogReader, OpeningThread, workerLogReader } from './log-reader';
import { projectionConsumer, SCHEMA_SWAP_LOCK } from './project-batch';
import { writeCheckpoint } from './checkpoints';
import { errorText, insertParks, isInfrastructureError, Park, waitingBehind } from './parked-events';
import { bulkLoad, BulkLoad, Projection } from './projection';

const NEXT_SCHEMA = 'rm_next';
const OLD_SCHEMA = 'rm_old';
const REPLAY_LOCK = 1_985_002;
/** Secondary indexes built side by side after the bulk pass (each holds a pool connection while it builds). */
const INDEX_BUILDERS = 2;
/**
 * The pool's statement and lock timeouts are for requests. Replay's batches and whole-table compares run
 * long, and dropping the old tables waits for readers that started before the swap: no statement limit,
 * a minute for locks.
 */
const REPLAY_LIMITS = `SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = '60s'`;

export interface ReplayProgress {
  phase: 'copying-structure' | 'replaying' | 'indexing' | 'analyzing' | 'swapping' | 'done';
  projection?: string;
  events: number;
  /** Events of the types the projections read, in the log when the replay started. */
  total: number;
  eventsPerSecond: number;
  /** Seconds left at the current rate; null until there is a rate. */
  etaSeconds: number | null;
}

/** Where a replay's time went, per projection: the events it applied and the seconds its writes took. */
export interface ProjectionFigures {
  events: number;
  seconds: number;
}

export interface ReplayResult {
  /** The events of the types the projections read (others in the log are passed over). */
  events: number;
  eventTypes: string[];
  seconds: number;
  eventsPerSecond: number;
  /** Events parked because a projection failed on them (or waits behind one of their stream). */
  parked: number;
  /** Rows that differ between the live and the rebuilt tables, per table (only with compare). */
  differences?: Record<string, number>;
  /** Per projection: events applied and seconds spent writing them (projections write side by side). */
  projections: Record<string, ProjectionFigures>;
  /** Seconds spent reading the log and opening its personal data (overlapping the writes), and by which thread. */
  readSeconds: number;
  openSeconds: number;
  readerThread: OpeningThread;
  /** Seconds the projections waited for the next batch: near 0 when reading keeps ahead of the writes. */
  waitSeconds: number;
  /** Seconds spent building the fresh tables' secondary indexes after the bulk pass. */
  indexSeconds: number;
  /** Seconds spent gathering the fresh tables' statistics (ANALYZE) before the swap. */
  analyzeSeconds: number;
}

export interface ReplayOptions {
  batchSize?: number;
  /** Count rows that differ between the live tables and the rebuilt ones, just before the swap. */
  compare?: boolean;
  /**
   * Read and open the log in a worker thread (PostgreSQL store only). Default: when the machine has 4 or more
   * cores; on fewer, the thread costs more CPU (batches cross threads by copy) than it saves in time.
   */
  readerThread?: boolean;
  /**
   * When the log is read in this thread: decrypt its sealed strings in a thread of their own (only strings
   * and keys cross over, so the hand-over costs little next to the work). Default: on.
   */
  openerThread?: boolean;
  onProgress?: (p: ReplayProgress) => void;
  /**
   * Stops the replay between two batches of its bulk pass (the server shutting down): the fresh tables are
   * dropped and the live ones stay. Once the swap has begun, it finishes.
   */
  signal?: AbortSignal;
}

/**
 * The read models' indexes and triggers as statements for the fresh tables (rm_next), under their own names:
 * primary keys, unique constraints and unique indexes (the projections' upserts need them) before the bulk
 * pass; every other index after it, when building it once costs far less than keeping it up to date through
 * every COPY; the triggers last, once the projections have filled what they keep (Projection.afterBulkPass).
 */
export async function readModelStructure(
  db: Pick<Pool, 'query'>,
): Promise<{ beforeLoad: string[]; indexes: string[]; triggers: string[] }> {
  const onNext = (sql: string) => sql.replace(new RegExp(` ON (ONLY )?${READ_MODEL_SCHEMA}\\.`), ` ON $1${NEXT_SCHEMA}.`);
  const indexes = (
    await db.query<{ def: string; unique: boolean; constraint_def: string | null; constraint_name: string | null; table: string }>(
      `SELECT pg_get_indexdef(i.indexrelid) AS def, i.indisunique AS unique, t.relname AS table,
              c.conname AS constraint_name, pg_get_constraintdef(c.oid) AS constraint_def
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
         LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = t.oid AND c.contype IN ('p', 'u', 'x')
        WHERE n.nspname = $1 AND t.relkind = 'r'
        ORDER BY t.relname, i.indexrelid`,
      [READ_MODEL_SCHEMA],
    )
  ).rows;
  const triggers = (
    await db.query<{ def: string }>(
      `SELECT pg_get_triggerdef(g.oid) AS def FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = $1 AND NOT g.tgisinternal ORDER BY t.relname, g.tgname`,
      [READ_MODEL_SCHEMA],
    )
  ).rows;
  const beforeLoad: string[] = [];
  const secondary: string[] = [];
  for (const i of indexes) {
    if (i.constraint_def)
      beforeLoad.push(`ALTER TABLE ${NEXT_SCHEMA}."${i.table}" ADD CONSTRAINT "${i.constraint_name}" ${i.constraint_def}`);
    else (i.unique ? beforeLoad : secondary).push(onNext(i.def));
  }
  return { beforeLoad, indexes: secondary, triggers: triggers.map((t) => onNext(t.def)) };
}

/** The replay was stopped through its signal before the swap; nothing changed. */
export class ReplayStopped extends Error {
  constructor() {
    super('The replay was stopped before it finished (its process is shutting down); the read models are unchanged. Start it again.');
  }
}

/**
 * Rebuilds every read model from the log into fresh tables (schema rm_next, same structure as rm) and
 * swaps them in. Live projections keep running meanwhile; the swap waits for their current batch, takes
 * the last events written since, and renames the schemas in one transaction. `connectionString` is the
 * direct server (DATABASE_DIRECT_URL): the replay lock is a session lock held on a connection of its own.
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
  let total = 0;
  let replayStarted = started;
  const report = (phase: ReplayProgress['phase'], projection?: string) => {
    const rate = events / Math.max(0.001, (Date.now() - replayStarted) / 1000);
    options.onProgress?.({
      phase,
      projection,
      events,
      total,
      eventsPerSecond: Math.round(rate),
      etaSeconds: phase === 'replaying' && events > 0 ? Math.max(0, Math.round((total - events) / rate)) : null,
    });
  };
  const figures: Record<string, ProjectionFigures> = Object.fromEntries(projections.map((p) => [p.name, { events: 0, seconds: 0 }]));
  let readSeconds = 0;
  let openSeconds = 0;
  let waitSeconds = 0;
  let readerThread: OpeningThread = 'main';
  const allTypes = [...new Set(projections.flatMap((p) => p.eventTypes))];
  const useReaderThread = store.name === 'postgres' && (options.readerThread ?? availableParallelism() >= 4);
  const timed = async <T>(work: () => Promise<T>, add: (seconds: number) => void): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      add((performance.now() - t0) / 1000);
    }
  };

  const lockClient = new Client({ connectionString, application_name: 'facet replay lock' });
  // Idle between its two statements for the whole replay: a lost connection fails the unlock, not the process.
  lockClient.on('error', () => undefined);
  await lockClient.connect();
  try {
    const locked = await lockClient.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [REPLAY_LOCK]);
    if (!locked.rows[0].ok) throw new Error('Another replay is running');

    // Reading the whole log in order wants the (transaction_id, global_position) index; after a bulk load
    // or restore, stale statistics make PostgreSQL sort every remaining event for each batch instead.
    const unhurried = (sql: string) => withTransaction(pool, (t) => t.query(`${REPLAY_LIMITS}; ${sql}`));
    await unhurried('ANALYZE public.es_events');
    report('copying-structure');
    const tables = (
      await pool.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`, [
        READ_MODEL_SCHEMA,
      ])
    ).rows.map((r) => r.tablename);
    await unhurried(`DROP SCHEMA IF EXISTS ${NEXT_SCHEMA} CASCADE; CREATE SCHEMA ${NEXT_SCHEMA}`);
    const structure = await readModelStructure(pool);
    for (const t of tables) {
      await pool.query(`CREATE TABLE ${NEXT_SCHEMA}."${t}" (LIKE ${READ_MODEL_SCHEMA}."${t}" INCLUDING ALL EXCLUDING INDEXES)`);
    }
    for (const sql of structure.beforeLoad) await pool.query(sql);

    // Bulk of the work: one pass over the log feeds every projection. Each batch goes to the projections
    // concerned at once, each in its own transaction on its own connection, while the next batch is read
    // and its personal data opened; one batch is in flight at a time, so each projection sees its events in order.
    // For the progress's ETA: the events to replay (counting a 1M-event log takes well under a second).
    total = (await store.countBehind(START, allTypes, Number.MAX_SAFE_INTEGER)).count;
    replayStarted = Date.now();
    const typesOf = new Map(projections.map((p) => [p, new Set(p.eventTypes)]));
    // An event a projection fails on is parked, with the later events of its stream, as the live runner
    // does (no retries: a replay reads the same data again). Savepoints undo only the failed part.
    const parks = new Map<Projection, Park[]>(projections.map((p) => [p, []]));
    const parkedStreams = new Map<Projection, Map<string, string>>(projections.map((p) => [p, new Map()]));
    // Batches are copied into the fresh tables (insertRows); the one-by-one fallback below inserts.
    const load: BulkLoad = { jsonColumns: new Map() };
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
      figures[projection.name].events += mine.length;
      try {
        await tx.query('SAVEPOINT replay_batch');
        if (projection.applyBatch) await bulkLoad(tx, load, () => projection.applyBatch!(tx, mine));
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
    // Closed once the bulk pass is over, below.
    const opener = !useReaderThread && (options.openerThread ?? true) ? startSealedOpener() : null;
    const catchUp = async (start: Position, tx: Tx | null): Promise<Position> => {
      let after = start;
      // The bulk pass may read and open the log in a worker thread (see readerThread) or decrypt in one (see
      // openerThread); the swap's short tail is read and opened here.
      const readerOptions = { eventTypes: allTypes, batchSize, after: start, decryptMany: tx ? undefined : opener?.decryptMany };
      const reader =
        !tx && useReaderThread ? workerLogReader(connectionString, readerOptions) : inlineLogReader(store, privacy, readerOptions);
      let applying: Promise<unknown> = Promise.resolve();
      try {
        for (;;) {
          // The previous batch's writes first: the time then spent waiting is time the reader is behind.
          await applying;
          if (!tx && options.signal?.aborted) throw new ReplayStopped();
          const opened = await timed(
            () => reader.next(),
            (s) => (waitSeconds += s),
          );
          if (opened.length === 0) break;
          const timedApply = (t: Tx, p: Projection) =>
            timed(
              () => applyTo(t, p, opened),
              (s) => (figures[p.name].seconds += s),
            );
          if (tx) {
            for (const projection of projections) await timedApply(tx, projection);
          } else {
            applying = Promise.all(
              projections.filter((p) => opened.some((e) => typesOf.get(p)!.has(e.type))).map((p) => inNextSchema((t) => timedApply(t, p))),
            );
            applying.catch(() => undefined); // awaited before the next batch and after the last
          }
          after = opened[opened.length - 1].position;
          events += opened.length;
          report('replaying');
        }
      } finally {
        const f = reader.figures();
        readSeconds += f.readSeconds;
        openSeconds += f.openSeconds;
        if (!tx) readerThread = f.thread;
        await reader.close();
      }
      await applying;
      if (after === start) return after;
      // Every projection has now seen everything up to `after`.
      if (tx) await moveCheckpoints(tx, after);
      else await inNextSchema((t) => moveCheckpoints(t, after));
      return after;
    };
    // The half-built tables go now rather than at the next replay (a stop or a failure alike).
    const dropNext = async (err: unknown): Promise<never> => {
      await unhurried(`DROP SCHEMA IF EXISTS ${NEXT_SCHEMA} CASCADE`).catch(() => undefined);
      throw err;
    };
    const reached = await catchUp(START, null)
      .catch(dropNext)
      .finally(() => opener?.close());

    // The secondary indexes, built once over the loaded rows (issue 43: maintaining the order search's
    // trigram indexes through the COPY took replay from 5.9 to 17.4 s), INDEX_BUILDERS at a time: one
    // connection each for minutes on a big log, and more waiting for the pool would time out.
    report('indexing');
    const indexed = performance.now();
    const queue = [...structure.indexes];
    const builder = async () => {
      for (let sql = queue.shift(); sql !== undefined; sql = queue.shift()) await unhurried(sql);
    };
    await Promise.all(Array.from({ length: INDEX_BUILDERS }, builder)).catch(dropNext);
    const indexSeconds = (performance.now() - indexed) / 1000;
    // What triggers keep up to date live (rm.order_counts) is filled once from the loaded rows, then the
    // triggers take over for the swap's last events.
    const fill = (p: Projection) => (p.afterBulkPass ? inNextSchema((t) => p.afterBulkPass!(t)) : Promise.resolve());
    await Promise.all(projections.map(fill)).catch(dropNext);
    for (const sql of structure.triggers) await unhurried(sql).catch(dropNext);

    // Fresh tables have no statistics: until the next ANALYZE (autovacuum's, when it runs) the planner guesses.
    // On the bench's log the console's order search took 3.4 s without them and 1.4 s with them, and its
    // filter by payment status 1.3 s against 0.02 s. Each table on a connection of its own.
    report('analyzing');
    const analyzed = performance.now();
    await Promise.all(tables.map((t) => unhurried(`ANALYZE ${NEXT_SCHEMA}."${t}"`))).catch(dropNext);
    const analyzeSeconds = (performance.now() - analyzed) / 1000;

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
          const r = await client.query<{ n: string }>(
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
    return {
      events,
      eventTypes: allTypes,
      seconds,
      eventsPerSecond: Math.round(events / Math.max(seconds, 0.001)),
      parked,
      differences,
      projections: figures,
      readSeconds,
      openSeconds,
      readerThread,
      waitSeconds,
      indexSeconds,
      analyzeSeconds,
    };
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [REPLAY_LOCK]).catch(() => undefined);
    await lockClient.end();
  }
}
