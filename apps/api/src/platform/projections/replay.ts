import { availableParallelism } from 'os';
import { Client, Pool } from 'pg';
import { READ_MODEL_SCHEMA, Tx, withTransaction } from '../database/database';
import { EventStore, Position, RecordedEvent, START } from '../event-store/event-store';
import { PersonalData } from '../privacy/personal-data';
import { startSealedOpener } from '../privacy/sealed-opener';
import { inlineLogReader, LogReader, OpeningThread, workerLogReader } from './log-reader';
import { applyEvents, projectionConsumer, SCHEMA_SWAP_LOCK } from './project-batch';
import { writeCheckpoint } from './checkpoints';
import { errorText, insertParks, isInfrastructureError, Park, waitingBehind } from './parked-events';
import { bulkLoad, BulkLoad, newBulkLoad, Projection } from './projection';

const NEXT_SCHEMA = 'rm_next';
const OLD_SCHEMA = 'rm_old';
const REPLAY_LOCK = 1_985_002;
/** Secondary indexes built side by side after the bulk pass (each holds a pool connection while it builds). */
const INDEX_BUILDERS = 2;
/**
 * Batches of the bulk pass handed to the projections before the oldest of them is written by all: a projection
 * that is done with a batch starts on the next while the others still write theirs.
 */
const BATCHES_IN_FLIGHT = 3;
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
 *
 * A thin use of the fold runtime (fold-runtime.ts), which owns what a batch does: per batch of the log, each
 * projection folds its events in memory and writes its rows once, by COPY (BulkLoad); then the secondary
 * indexes, the statistics, and the swap. What is here is the order of those steps, the parking and the figures.
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
  const allTypes = [...new Set(projections.flatMap((p) => p.eventTypes))];
  const run = new ReplayRun(projections, options.onProgress);
  const useReaderThread = store.name === 'postgres' && (options.readerThread ?? availableParallelism() >= 4);
  const unhurried = (sql: string) => withTransaction(pool, (t) => t.query(`${REPLAY_LIMITS}; ${sql}`));
  // In the fresh tables, behind the swap's lock (shared): each batch of each projection in a transaction of its own.
  const inNextSchema = <T>(fn: (tx: Tx) => Promise<T>) =>
    withTransaction(pool, async (t) => {
      await t.query(
        `${REPLAY_LIMITS}; SELECT pg_advisory_xact_lock_shared(${SCHEMA_SWAP_LOCK}); SET LOCAL search_path TO ${NEXT_SCHEMA}, public`,
      );
      return fn(t);
    });

  const unlock = await replayLock(connectionString);
  try {
    // Reading the whole log in order wants the (transaction_id, global_position) index; after a bulk load
    // or restore, stale statistics make PostgreSQL sort every remaining event for each batch instead.
    await unhurried('ANALYZE public.es_events');
    run.report('copying-structure');
    const tables = (
      await pool.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename`, [
        READ_MODEL_SCHEMA,
      ])
    ).rows.map((r) => r.tablename);
    const structure = await readModelStructure(pool);
    const timings = { indexSeconds: 0, analyzeSeconds: 0 };
    let reached: Position;
    try {
      await unhurried(`DROP SCHEMA IF EXISTS ${NEXT_SCHEMA} CASCADE; CREATE SCHEMA ${NEXT_SCHEMA}`);
      for (const t of tables)
        await pool.query(`CREATE TABLE ${NEXT_SCHEMA}."${t}" (LIKE ${READ_MODEL_SCHEMA}."${t}" INCLUDING ALL EXCLUDING INDEXES)`);
      for (const sql of structure.beforeLoad) await pool.query(sql);

      // The bulk pass: one pass over the log feeds every projection, each batch to the projections concerned at
      // once, each on its own connection, while the next batch is read and its personal data opened (one batch
      // in flight, so each projection sees its events in order). The events to replay, for the progress's ETA.
      run.total = (await store.countBehind(START, allTypes, Number.MAX_SAFE_INTEGER)).count;
      run.replayStarted = Date.now();
      const opener = !useReaderThread && (options.openerThread ?? true) ? startSealedOpener() : null;
      const readerOptions = { eventTypes: allTypes, batchSize, after: START, decryptMany: opener?.decryptMany };
      const reader = useReaderThread ? workerLogReader(connectionString, readerOptions) : inlineLogReader(store, privacy, readerOptions);
      try {
        // Each projection writes its batches in order, on a chain of its own: one projection's COPY runs in
        // PostgreSQL while this thread folds another's batch, or the next batch of the others (none reads another's
        // tables), up to BATCHES_IN_FLIGHT batches past the oldest one still being written.
        const chains = new Map<Projection, Promise<void>>();
        const feed = (batch: RecordedEvent[]) =>
          allSettled(
            run.concerned(batch).map((p) => {
              const written = (chains.get(p) ?? Promise.resolve()).then(() => inNextSchema((t) => run.apply(t, p, batch)));
              chains.set(p, written);
              return written;
            }),
          );
        reached = await run.pass(START, reader, feed, options.signal, BATCHES_IN_FLIGHT);
        run.readerThread = reader.figures().thread;
      } finally {
        await reader.close();
        await opener?.close();
      }
      if (reached !== START) await inNextSchema((t) => moveCheckpoints(t, projections, reached));

      // The secondary indexes, built once over the loaded rows (issue 43: maintaining the order search's
      // trigram indexes through the COPY took replay from 5.9 to 17.4 s), INDEX_BUILDERS at a time: one
      // connection each for minutes on a big log, and more waiting for the pool would time out.
      run.report('indexing');
      timings.indexSeconds = await seconds(async () => {
        const queue = [...structure.indexes];
        const builder = async () => {
          for (let sql = queue.shift(); sql !== undefined; sql = queue.shift()) await unhurried(sql);
        };
        await Promise.all(Array.from({ length: INDEX_BUILDERS }, builder));
      });
      // What triggers keep up to date live (rm.order_counts) is filled once from the loaded rows, then the
      // triggers take over for the swap's last events.
      await Promise.all(projections.map((p) => (p.afterBulkPass ? inNextSchema((t) => p.afterBulkPass!(t)) : Promise.resolve())));
      for (const sql of structure.triggers) await unhurried(sql);

      // Fresh tables have no statistics: until the next ANALYZE (autovacuum's, when it runs) the planner guesses.
      // On the bench's log the console's order search took 3.4 s without them and 1.4 s with them, and its
      // filter by payment status 1.3 s against 0.02 s. Each table on a connection of its own.
      run.report('analyzing');
      timings.analyzeSeconds = await seconds(() => Promise.all(tables.map((t) => unhurried(`ANALYZE ${NEXT_SCHEMA}."${t}"`))));
    } catch (err) {
      // The half-built tables go now rather than at the next replay (a stop or a failure alike).
      await unhurried(`DROP SCHEMA IF EXISTS ${NEXT_SCHEMA} CASCADE`).catch(() => undefined);
      throw err;
    }

    run.report('swapping');
    run.endBulkPass();
    const differences = await swap(pool, tables, options.compare ?? false, async (client) => {
      // What arrived meanwhile, read and opened here, each projection in turn in the swap's transaction.
      const tail = inlineLogReader(store, privacy, { eventTypes: allTypes, batchSize, after: reached });
      try {
        const last = await run.pass(reached, tail, async (batch) => {
          for (const p of run.concerned(batch)) await run.apply(client, p, batch);
        });
        if (last !== reached) await moveCheckpoints(client, projections, last);
      } finally {
        await tail.close();
      }
      // The rebuilt read models come with their own parked events: those of the projections are replaced.
      await client.query(`DELETE FROM public.parked_events WHERE consumer LIKE 'projection:%'`);
      for (const [projection, parked] of run.parked) await insertParks(client, projectionConsumer(projection), parked.parks);
    });
    await unhurried(`DROP SCHEMA IF EXISTS ${OLD_SCHEMA} CASCADE`);
    await pool.query(`SELECT pg_notify('facet_replayed', '')`);
    run.report('done');
    const total = (Date.now() - started) / 1000;
    return {
      events: run.events,
      eventTypes: allTypes,
      seconds: total,
      eventsPerSecond: Math.round(run.events / Math.max(total, 0.001)),
      parked: [...run.parked.values()].reduce((n, p) => n + p.parks.length, 0),
      differences,
      projections: run.figures,
      readSeconds: run.readSeconds,
      openSeconds: run.openSeconds,
      readerThread: run.readerThread,
      waitSeconds: run.waitSeconds,
      ...timings,
    };
  } finally {
    await unlock();
  }
}

/** Takes the replay's session lock on a connection of its own; resolves with its release. */
async function replayLock(connectionString: string): Promise<() => Promise<void>> {
  const lockClient = new Client({ connectionString, application_name: 'facet replay lock' });
  // Idle between its two statements for the whole replay: a lost connection fails the unlock, not the process.
  lockClient.on('error', () => undefined);
  await lockClient.connect();
  const release = async () => {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [REPLAY_LOCK]).catch(() => undefined);
    await lockClient.end();
  };
  const locked = await lockClient.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [REPLAY_LOCK]).catch(async (err) => {
    await lockClient.end();
    throw err;
  });
  if (!locked.rows[0].ok) {
    await release();
    throw new Error('Another replay is running');
  }
  return release;
}

/** Every projection has now seen everything up to `position`. */
async function moveCheckpoints(tx: Tx, projections: readonly Projection[], position: Position): Promise<void> {
  for (const projection of projections) await writeCheckpoint(tx, 'projection_checkpoints', projection.name, position);
}

/** Once every one of them has settled: the first failure, if any (so nothing is still writing when it throws). */
async function allSettled(work: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
}

/**
 * The swap, in one transaction under the swap's lock (no projection batch straddles it): `last` takes the events
 * written since the bulk pass and stores the parks, the tables are compared if asked, and the schemas renamed.
 */
async function swap(
  pool: Pool,
  tables: string[],
  compare: boolean,
  last: (client: Tx) => Promise<void>,
): Promise<Record<string, number> | undefined> {
  return withTransaction(
    pool,
    async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_SWAP_LOCK]);
      await client.query(`SET LOCAL search_path TO ${NEXT_SCHEMA}, public`);
      await last(client);
      let differences: Record<string, number> | undefined;
      if (compare) {
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
      return differences;
    },
    { begin: `BEGIN; ${REPLAY_LIMITS}` },
  );
}

/**
 * Runs `work` in a savepoint: null when it held; its error, rolled back to the savepoint, when it failed otherwise
 * than by the infrastructure (which goes up: the replay fails, nothing is parked for it).
 */
async function inSavepoint(tx: Tx, name: string, work: () => Promise<void>): Promise<{ error: unknown } | null> {
  await tx.query(`SAVEPOINT ${name}`);
  try {
    await work();
  } catch (error) {
    if (isInfrastructureError(error)) throw error;
    await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
    return { error };
  }
  await tx.query(`RELEASE SAVEPOINT ${name}`);
  return null;
}

/** What a projection has parked in this replay, and the streams it parked them on (each with its first failed event). */
interface Parked {
  parks: Park[];
  blocked: Map<string, string>;
}

/** One replay's state: the batches fed so far, the figures, and the events parked per projection. */
class ReplayRun {
  events = 0;
  total = 0;
  replayStarted = Date.now();
  readSeconds = 0;
  openSeconds = 0;
  waitSeconds = 0;
  readerThread: OpeningThread = 'main';
  readonly figures: Record<string, ProjectionFigures>;
  readonly parked: Map<Projection, Parked>;
  private readonly types: Map<Projection, ReadonlySet<string>>;
  /** Batches are copied into the fresh tables (insertRows); the one-by-one fallback below inserts. */
  private readonly load: BulkLoad = newBulkLoad();

  constructor(
    private readonly projections: readonly Projection[],
    private readonly onProgress?: (p: ReplayProgress) => void,
  ) {
    this.figures = Object.fromEntries(projections.map((p) => [p.name, { events: 0, seconds: 0 }]));
    this.parked = new Map(projections.map((p) => [p, { parks: [], blocked: new Map() }]));
    this.types = new Map(projections.map((p) => [p, new Set(p.eventTypes)]));
  }

  report(phase: ReplayProgress['phase']): void {
    const rate = this.events / Math.max(0.001, (Date.now() - this.replayStarted) / 1000);
    this.onProgress?.({
      phase,
      events: this.events,
      total: this.total,
      eventsPerSecond: Math.round(rate),
      etaSeconds: phase === 'replaying' && this.events > 0 ? Math.max(0, Math.round((this.total - this.events) / rate)) : null,
    });
  }

  /** Past the bulk pass: rows may now come from elsewhere (BulkLoad.writtenKeys), so every key is looked up. */
  endBulkPass(): void {
    this.load.writtenKeys = null;
  }

  /** The projections that read any event of the batch. */
  concerned(batch: readonly RecordedEvent[]): Projection[] {
    return this.projections.filter((p) => batch.some((e) => this.types.get(p)!.has(e.type)));
  }

  /**
   * Reads the log to its end, handing each batch to `feed` once fewer than `inFlight` batches handed before it are
   * still being written (1: once the previous one is written; the time spent waiting for the reader is time it is
   * behind); returns the position reached, once every batch is written. `signal` stops it between two batches. On a
   * failure or a stop, the batches already handed over are waited for (settled) before it throws.
   */
  async pass(
    from: Position,
    reader: LogReader,
    feed: (batch: RecordedEvent[]) => Promise<void>,
    signal?: AbortSignal,
    inFlight = 1,
  ): Promise<Position> {
    let after = from;
    const writing: Promise<void>[] = [];
    try {
      for (;;) {
        while (writing.length >= inFlight) await writing.shift();
        if (signal?.aborted) throw new ReplayStopped();
        const t0 = performance.now();
        const batch = await reader.next();
        this.waitSeconds += (performance.now() - t0) / 1000;
        if (batch.length === 0) break;
        const written = feed(batch);
        written.catch(() => undefined); // awaited in turn, and after the last
        writing.push(written);
        after = batch[batch.length - 1].position;
        this.events += batch.length;
        this.report('replaying');
      }
      while (writing.length > 0) await writing.shift();
    } catch (err) {
      await Promise.allSettled(writing);
      throw err;
    } finally {
      const f = reader.figures();
      this.readSeconds += f.readSeconds;
      this.openSeconds += f.openSeconds;
    }
    return after;
  }

  /**
   * A projection's events of the batch, through the fold runtime in bulk-load mode. An event it fails on is
   * parked, with the later events of its stream, as the live runner does (no retries: a replay reads the same
   * data again); savepoints undo only the failed part, and the batch's other events are applied one by one.
   */
  async apply(tx: Tx, projection: Projection, batch: readonly RecordedEvent[]): Promise<void> {
    const t0 = performance.now();
    try {
      const types = this.types.get(projection)!;
      const { parks, blocked } = this.parked.get(projection)!;
      const parkBehind = (e: RecordedEvent) =>
        parks.push({
          event: e,
          error: waitingBehind(blocked.get(e.streamId)!),
          blockedBy: blocked.get(e.streamId)!,
          attempts: 0,
          firstFailedAt: new Date(),
        });
      const mine: RecordedEvent[] = [];
      for (const e of batch) {
        if (!types.has(e.type)) continue;
        if (blocked.has(e.streamId)) parkBehind(e);
        else mine.push(e);
      }
      if (mine.length === 0) return;
      this.figures[projection.name].events += mine.length;
      const all = () =>
        projection.applyBatch ? bulkLoad(tx, this.load, () => projection.applyBatch!(tx, mine)) : applyEvents(tx, projection, mine);
      if (!(await inSavepoint(tx, 'replay_batch', all))) return;
      for (const e of mine) {
        if (blocked.has(e.streamId)) {
          parkBehind(e);
          continue;
        }
        const failure = await inSavepoint(tx, 'replay_event', () => projection.apply(tx, e));
        if (!failure) continue;
        parks.push({ event: e, error: errorText(failure.error), blockedBy: null, attempts: 1, firstFailedAt: new Date() });
        blocked.set(e.streamId, e.metadata.eventId);
      }
    } finally {
      this.figures[projection.name].seconds += (performance.now() - t0) / 1000;
    }
  }
}
