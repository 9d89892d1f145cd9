import { Pool, PoolClient } from 'pg';
import {
  AppendedListener,
  Backlog,
  AppendResult,
  EventStore,
  EventMetadata,
  EventToAppend,
  ExpectedRevision,
  LogFilter,
  LogPage,
  Position,
  ReadAllOptions,
  ReadBatch,
  RecordedEvent,
  START,
  ConcurrencyError,
} from '../event-store';
import { eventDigest } from '../log-chain';
import { SqlFilter } from '../../database/sql-filter';
import { SessionConnection } from '../../database/session-connection';

const CHANNEL = 'facet_events';
/** The log's list counts its matches exactly up to here, and estimates past it (readLog). */
export const LOG_COUNT_CAP = 10_000;
// The chain of an append's hashes ($9: the events' digests), from genesis or from the stream's last hash.
const NEW_CHAIN = 'public.es_chain(NULL, $9::bytea[])';
const NEXT_CHAIN = 'append_hashes = public.es_chain(append_hashes[array_upper(append_hashes, 1)], $9::bytea[])';

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_type: string;
  /** As stored (jsonb); readRecorded checks it against its type's schema before a projection or reactor reads it. */
  data: unknown;
  metadata: EventMetadata;
  hash: string | null;
}

/** What an append returns for each event it inserted (bigints as text). */
interface InsertedRow {
  global_position: string;
  transaction_id: string;
  stream_revision: string;
  hash: string | null;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: Number(row.stream_revision),
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    hash: row.hash,
  };
}

/** Events after a position, of some types: the WHERE clause shared by the global reads. */
function readAllFilter({ after = START, eventTypes }: ReadAllOptions): { where: string; params: unknown[] } {
  const params: unknown[] = [after.commit < 0n ? '0' : after.commit.toString(), after.prepare.toString()];
  let where = '(transaction_id, global_position) > ($1::text::xid8, $2::bigint)';
  if (eventTypes) {
    params.push(eventTypes);
    where += ' AND event_type = ANY($3)';
  }
  return { where, params };
}

/**
 * The readers' horizon (a CTE named horizon, column h): every event of a transaction below it is committed
 * and visible to this statement, or never will be. It is the oldest transaction still open when the
 * statement's snapshot was taken, leaving out those that cannot append: still open now and holding no
 * write lock on es_events. That is sound because an append is one statement, which locks es_events before
 * it takes its transaction id (appendToStream is the only writer; keep it one statement). So a reactor's
 * or a projection's transaction, a slow one on a locked table, or another database's on the same server, no
 * longer holds every reader back while it works. pg_locks is read once, after the snapshot: a transaction
 * that ended in between counts as open, to be safe; so does one whose locks are not seen. (ORDER BY ...
 * LIMIT 1, not min(): PostgreSQL 14 has no min() for xid8.)
 */
const HORIZON = `locks AS MATERIALIZED (
    SELECT locktype, mode, granted, pid, transactionid, database, relation FROM pg_catalog.pg_locks
    WHERE locktype IN ('transactionid', 'relation')),
  quiet AS MATERIALIZED (
    SELECT t.transactionid AS xid FROM locks t
    WHERE t.locktype = 'transactionid' AND t.mode = 'ExclusiveLock' AND t.granted AND t.pid IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM locks r WHERE r.pid = t.pid AND r.locktype = 'relation'
        AND r.relation = 'public.es_events'::regclass AND r.mode <> 'AccessShareLock'
        AND r.database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database()))),
  horizon AS MATERIALIZED (
    SELECT coalesce(
      (SELECT x FROM pg_snapshot_xip(pg_current_snapshot()) x WHERE NOT EXISTS (SELECT 1 FROM quiet q WHERE q.xid = xid(x))
        ORDER BY x LIMIT 1),
      pg_snapshot_xmax(pg_current_snapshot())) AS h)`;

// The select list names transaction_id::text "transaction_id", so ORDER BY must say es_events.transaction_id:
// the bare name would sort the text ("1000" before "999") and could skip events when ids gain a digit.
const SELECT_EVENT = `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_revision,
  event_type, data, metadata, encode(hash, 'hex') AS hash FROM public.es_events`;

/**
 * The PostgreSQL event store (after Emmett): optimistic concurrency on es_streams.revision, events stamped
 * with their transaction id, gap-safe global reads, LISTEN/NOTIFY to wake readers.
 */
export class PostgresEventStore implements EventStore {
  readonly name = 'postgres' as const;
  private listeners = new Set<AppendedListener>();
  private listening: Promise<() => void> | null = null;
  private readonly session: SessionConnection;
  private readonly ownSession: boolean;
  private closed = false;
  private notifying: Promise<void> | null = null;
  private unannounced = new Set<string>();

  /**
   * `session` hears other processes' appends (LISTEN): the process's session connection, or a connection
   * string for a session of this store's own.
   */
  constructor(
    private readonly pool: Pool,
    session: SessionConnection | string,
  ) {
    this.ownSession = typeof session === 'string';
    this.session = typeof session === 'string' ? new SessionConnection(session, 'facet event store') : session;
  }

  /**
   * One statement, so one round trip: move the stream's revision (checking the expectation), then insert
   * the events numbered from it; readers rely on its being one statement outside any transaction (HORIZON).
   * A stale expectation updates no row, so nothing is inserted. The chain (log-chain.ts): Node computes
   * each event's digest; es_chain links them to the stream's last hash, read in the same UPDATE as the
   * revision, so concurrent appends to one stream are chained in commit order.
   */
  async appendToStream(streamId: string, events: EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const n = events.length;
    const variant = typeof expected === 'number' ? 'revision' : expected;
    const advance =
      expected === 'no_stream'
        ? `INSERT INTO public.es_streams (stream_id, revision, append_hashes) VALUES ($1, $2::int - 1, ${NEW_CHAIN})
           RETURNING revision, append_hashes`
        : expected === 'any'
          ? `INSERT INTO public.es_streams AS s (stream_id, revision, append_hashes) VALUES ($1, $2::int - 1, ${NEW_CHAIN})
             ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + $2::int, updated_at = now(),
               append_hashes = public.es_chain(s.append_hashes[array_upper(s.append_hashes, 1)], $9::bytea[])
             RETURNING revision, append_hashes`
          : `UPDATE public.es_streams SET revision = revision + $2::int, updated_at = now(), ${NEXT_CHAIN}
             WHERE stream_id = $1${expected === 'stream_exists' ? '' : ' AND revision = $10::bigint'} RETURNING revision, append_hashes`;
    const params: unknown[] = [
      streamId,
      n,
      events.map((e) => e.metadata.eventId),
      events.map((e) => e.type),
      events.map((e) => e.metadata.schemaVersion),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
      events.map((e) => e.metadata.occurredAt),
      events.map((e) => eventDigest({ streamId, type: e.type, data: e.data, metadata: e.metadata })),
    ];
    if (typeof expected === 'number') params.push(expected);
    try {
      // A named statement, one per variant: each connection parses and plans it once instead of on every
      // append (parsing and planning were a third of PostgreSQL's CPU under the orders bench). Its plan
      // is the same for every value (the stream's key, then the rows to insert), so a generic plan is safe.
      const inserted = await this.pool.query<InsertedRow>({
        // Behind a transaction pooler the pool sends it unnamed (createPool).
        name: `facet_append_${variant}`,
        text: `WITH stream AS (${advance})
         INSERT INTO public.es_events (stream_id, stream_revision, event_id, event_type, schema_version, data, metadata, occurred_at, hash)
         SELECT $1, stream.revision - $2::int + e.ord, e.id, e.type, e.version, e.data, e.metadata, e.occurred_at, stream.append_hashes[e.ord + 1]
         FROM stream, unnest($3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], $8::timestamptz[])
           WITH ORDINALITY AS e(id, type, version, data, metadata, occurred_at, ord)
         ORDER BY e.ord
         RETURNING global_position, transaction_id::text AS transaction_id, stream_revision, encode(hash, 'hex') AS hash`,
        values: params,
      });
      if (inserted.rowCount === 0) throw new ConcurrencyError(streamId, expected, await this.currentRevision(streamId));
      this.announce(events.map((e) => e.type));
      const last = inserted.rows.reduce((a, b) => (Number(b.global_position) > Number(a.global_position) ? b : a));
      return {
        nextRevision: Number(last.stream_revision),
        position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.global_position) },
      };
    } catch (err: unknown) {
      if ((err as { code?: unknown } | null)?.code === '23505' && !(err instanceof ConcurrencyError)) {
        // A concurrent appender created the stream or took the revision first.
        throw new ConcurrencyError(streamId, expected, await this.currentRevision(streamId));
      }
      throw err;
    }
  }

  /**
   * Wakes readers after a commit: this process's at once, other processes' through one NOTIFY at a time
   * that names the event types appended since the last. NOTIFY is kept out of the appending statement
   * because PostgreSQL serialises the commits of transactions that notify (a global lock held through
   * the WAL flush), which capped appends at one fsync each. The wake-up carries nothing that must
   * survive a crash, so it commits asynchronously; a reader that misses one catches up on its next poll.
   */
  private announce(eventTypes: readonly string[]): void {
    this.listeners.forEach((l) => l(eventTypes, true));
    for (const t of eventTypes) this.unannounced.add(t);
    if (this.notifying) return;
    this.notifying = (async () => {
      while (this.unannounced.size > 0 && !this.closed) {
        const payload = [...this.unannounced].join(',').slice(0, 7000);
        this.unannounced.clear();
        await this.pool.query(`SELECT set_config('synchronous_commit', 'off', true), pg_notify('${CHANNEL}', $1)`, [payload]);
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        this.notifying = null;
      });
  }

  private async currentRevision(streamId: string): Promise<number | 'no_stream'> {
    const r = await this.pool.query<{ revision: string }>('SELECT revision FROM public.es_streams WHERE stream_id = $1', [streamId]);
    return r.rowCount ? Number(r.rows[0].revision) : 'no_stream';
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const r = await this.pool.query<EventRow>(`${SELECT_EVENT} WHERE stream_id = $1 ORDER BY stream_revision`, [streamId]);
    return r.rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const { where, params } = readAllFilter(options);
    const r = await this.pool.query<EventRow>(
      `WITH ${HORIZON}
       ${SELECT_EVENT} WHERE ${where} AND transaction_id < (SELECT h FROM horizon)
       ORDER BY es_events.transaction_id, es_events.global_position LIMIT $${params.length + 1}`,
      [...params, options.limit],
    );
    return r.rows.map(toRecorded);
  }

  async readLog(f: LogFilter): Promise<LogPage> {
    const filter = new SqlFilter();
    if (f.eventTypes?.length) filter.where('event_type = ANY(?::text[])', f.eventTypes);
    if (f.stream) filter.where(f.stream.endsWith('-') ? 'starts_with(stream_id, ?)' : 'stream_id = ?', f.stream);
    filter
      .whereGiven(`metadata->>'correlationId' = ?`, f.correlationId) // indexed (migration 090)
      .whereGiven('occurred_at >= ?', f.from)
      .whereGiven('occurred_at <= ?', f.to);
    const n = filter.params.length;
    // The count and the page from one snapshot, so the total agrees with the page while events arrive.
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // Counted exactly up to LOG_COUNT_CAP; past it the total is an estimate (issue 43: counting 1M events took
      // 1.1 s for a first page of 25): the whole log's span of positions, or the planner's row estimate.
      const count = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM public.es_events ${filter.sql} LIMIT ${LOG_COUNT_CAP + 1}) counted`,
        filter.params,
      );
      let total = Number(count.rows[0].n);
      const estimated = total > LOG_COUNT_CAP;
      if (estimated) total = Math.max(total, await this.estimateLogCount(client, filter));
      const rows = await client.query<EventRow>(
        `${SELECT_EVENT} ${filter.sql} ORDER BY es_events.global_position DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...filter.params, f.limit, f.offset],
      );
      await client.query('COMMIT');
      return { events: rows.rows.map(toRecorded), total, ...(estimated ? { estimated: true } : {}) };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** How many events a filter matches, roughly: unfiltered, the span of positions (gaps are rare); else the planner's estimate. */
  private async estimateLogCount(client: PoolClient, filter: SqlFilter): Promise<number> {
    if (!filter.params.length) {
      const r = await client.query<{ n: string }>(
        'SELECT coalesce(max(global_position) - min(global_position) + 1, 0) AS n FROM public.es_events',
      );
      return Number(r.rows[0].n);
    }
    const plan = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM public.es_events ${filter.sql}`,
      filter.params,
    );
    return Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  }

  /**
   * readAll plus, in the same snapshot, whether wanted events are committed but held back behind an older
   * transaction that is still open: that transaction may announce types this reader does not want, so
   * the reader must not wait for a wake-up to look again.
   */
  async readBatch(options: ReadAllOptions): Promise<ReadBatch> {
    const { where, params } = readAllFilter(options);
    const r = await this.pool.query<EventRow & { held_back: boolean }>(
      `WITH ${HORIZON}
       SELECT h.held_back, e.* FROM
         (SELECT EXISTS (SELECT 1 FROM public.es_events WHERE ${where}
            AND transaction_id >= (SELECT h FROM horizon)) AS held_back) h
       LEFT JOIN LATERAL (${SELECT_EVENT} WHERE ${where} AND transaction_id < (SELECT h FROM horizon)
         ORDER BY es_events.transaction_id, es_events.global_position LIMIT $${params.length + 1}) e ON true
       ORDER BY e.transaction_id::xid8, e.global_position`,
      [...params, options.limit],
    );
    return {
      events: r.rows.filter((row) => row.global_position !== null).map(toRecorded),
      heldBack: r.rows.length > 0 && r.rows[0].held_back,
    };
  }

  async countBehind(after: Position, eventTypes: readonly string[], limit: number): Promise<Backlog> {
    // Straight from the table: also counts committed events that readers hold back behind an older open
    // transaction that may still append (a long one stalls every reader; health must show that too).
    const r = await this.pool.query<{ n: number; oldest: Date | null }>(
      `SELECT count(*)::int AS n, min(occurred_at) AS oldest FROM (SELECT occurred_at FROM public.es_events
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint) AND event_type = ANY($3::text[]) LIMIT $4) behind`,
      [after.commit < 0n ? '0' : after.commit.toString(), after.prepare.toString(), eventTypes, limit],
    );
    return { count: r.rows[0].n, oldestAt: r.rows[0].oldest ? new Date(r.rows[0].oldest) : null };
  }

  async lastPosition(eventTypes: readonly string[]): Promise<Position | null> {
    // The newest of each type through es_events_type_order (one index probe a type), then the newest of those.
    const r = await this.pool.query<{ c: string; p: string }>(
      `SELECT newest.transaction_id::text AS c, newest.global_position::text AS p FROM unnest($1::text[]) AS wanted(type)
       CROSS JOIN LATERAL (SELECT transaction_id, global_position FROM public.es_events WHERE event_type = wanted.type
                           ORDER BY transaction_id DESC, global_position DESC LIMIT 1) newest
       ORDER BY newest.transaction_id DESC, newest.global_position DESC LIMIT 1`,
      [eventTypes],
    );
    return r.rows[0] ? { commit: BigInt(r.rows[0].c), prepare: BigInt(r.rows[0].p) } : null;
  }

  onAppended(listener: AppendedListener): () => void {
    this.listeners.add(listener);
    void this.ensureListening();
    return () => this.listeners.delete(listener);
  }

  wakeReaders(eventTypes: readonly string[] | null): void {
    this.listeners.forEach((l) => l(eventTypes, false));
  }

  /**
   * LISTEN on the session connection, which reconnects after PostgreSQL restarts: readers look again
   * whenever it was lost or came back, since they may have missed a notification meanwhile.
   */
  private ensureListening(): Promise<unknown> {
    if (this.listening || this.closed) return this.listening ?? Promise.resolve();
    const everyone = () => this.listeners.forEach((l) => l(null, false));
    const stopLost = this.session.onLost(everyone);
    const stopConnected = this.session.onConnected(everyone);
    this.listening = this.session
      .listen(CHANNEL, (payload) => {
        const types = payload ? payload.split(',') : null;
        this.listeners.forEach((l) => l(types, false));
      })
      .then((unlisten) => {
        everyone();
        return () => {
          unlisten();
          stopLost();
          stopConnected();
        };
      });
    return this.listening;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM public.es_streams LIMIT 1');
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.notifying;
    this.listeners.clear();
    const stop = await this.listening?.catch(() => null);
    stop?.();
    if (this.ownSession) await this.session.close();
  }
}
