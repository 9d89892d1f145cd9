import { Client, Pool, PoolClient } from 'pg';
import { pollingSubscription } from '../catch-up-subscription';
import {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  Position,
  ReadAllOptions,
  RecordedEvent,
  START,
  WrongExpectedRevisionError,
} from '../event-store';

const CHANNEL = 'facet_events';

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_type: string;
  data: any;
  metadata: any;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: Number(row.stream_revision),
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
  };
}

const SELECT_EVENT = `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_revision,
  event_type, data, metadata FROM public.es_events`;

/**
 * The PostgreSQL event store (after Emmett): optimistic concurrency on es_streams.revision, events stamped
 * with their transaction id, gap-safe global reads, LISTEN/NOTIFY to wake readers.
 */
export class PostgresEventStore implements EventStore {
  readonly name = 'postgres' as const;
  private listeners = new Set<() => void>();
  private listenClient: Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly connectionString: string,
  ) {}

  async appendToStream(streamId: string, events: EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const last = await this.advanceStream(client, streamId, events.length, expected);
      const first = last - events.length + 1;
      const values: unknown[] = [];
      const rows = events.map((e, i) => {
        const o = i * 8;
        values.push(streamId, first + i, e.metadata.eventId, e.type, e.metadata.schemaVersion, JSON.stringify(e.data), JSON.stringify(e.metadata), e.metadata.occurredAt);
        return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6}, $${o + 7}, $${o + 8})`;
      });
      const inserted = await client.query(
        `INSERT INTO public.es_events (stream_id, stream_revision, event_id, event_type, schema_version, data, metadata, occurred_at)
         VALUES ${rows.join(', ')} RETURNING global_position, transaction_id::text AS transaction_id`,
        values,
      );
      await client.query(`SELECT pg_notify('${CHANNEL}', '')`);
      await client.query('COMMIT');
      const lastRow = inserted.rows[inserted.rows.length - 1];
      return {
        nextRevision: last,
        position: { commit: BigInt(lastRow.transaction_id), prepare: BigInt(lastRow.global_position) },
      };
    } catch (err: any) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (err?.code === '23505' && !(err instanceof WrongExpectedRevisionError)) {
        // A concurrent appender created the stream or took the revision first.
        throw new WrongExpectedRevisionError(streamId, expected, await this.currentRevision(client, streamId));
      }
      throw err;
    } finally {
      client.release();
    }
  }

  /** Moves the stream's revision forward by `count`, checking the expectation; returns the new revision. */
  private async advanceStream(client: PoolClient, streamId: string, count: number, expected: ExpectedRevision): Promise<number> {
    if (expected === 'no_stream') {
      await client.query('INSERT INTO public.es_streams (stream_id, revision) VALUES ($1, $2)', [streamId, count - 1]);
      return count - 1;
    }
    if (expected === 'any') {
      const r = await client.query(
        `INSERT INTO public.es_streams AS s (stream_id, revision) VALUES ($1, $2)
         ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + $3, updated_at = now() RETURNING revision`,
        [streamId, count - 1, count],
      );
      return Number(r.rows[0].revision);
    }
    const r =
      expected === 'stream_exists'
        ? await client.query(
            'UPDATE public.es_streams SET revision = revision + $2, updated_at = now() WHERE stream_id = $1 RETURNING revision',
            [streamId, count],
          )
        : await client.query(
            'UPDATE public.es_streams SET revision = revision + $2, updated_at = now() WHERE stream_id = $1 AND revision = $3 RETURNING revision',
            [streamId, count, expected],
          );
    if (r.rowCount === 0) {
      throw new WrongExpectedRevisionError(streamId, expected, await this.currentRevision(client, streamId));
    }
    return Number(r.rows[0].revision);
  }

  /** On the appender's own connection: asking the pool for a second one could starve it under contention. */
  private async currentRevision(client: PoolClient, streamId: string): Promise<number | 'no_stream'> {
    const r = await client.query('SELECT revision FROM public.es_streams WHERE stream_id = $1', [streamId]);
    return r.rowCount ? Number(r.rows[0].revision) : 'no_stream';
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const r = await this.pool.query<EventRow>(`${SELECT_EVENT} WHERE stream_id = $1 ORDER BY stream_revision`, [streamId]);
    return r.rows.map(toRecorded);
  }

  async readAll({ after = START, limit, eventTypes }: ReadAllOptions): Promise<RecordedEvent[]> {
    const params: unknown[] = [after.commit < 0n ? '0' : after.commit.toString(), after.prepare.toString(), limit];
    let typeFilter = '';
    if (eventTypes) {
      params.push(eventTypes);
      typeFilter = 'AND event_type = ANY($4)';
    }
    const r = await this.pool.query<EventRow>(
      `${SELECT_EVENT}
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ${typeFilter}
       ORDER BY transaction_id, global_position
       LIMIT $3`,
      params,
    );
    return r.rows.map(toRecorded);
  }

  async headPosition(): Promise<Position> {
    const r = await this.pool.query(
      `SELECT global_position, transaction_id::text AS transaction_id FROM public.es_events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    if (!r.rowCount) return START;
    return { commit: BigInt(r.rows[0].transaction_id), prepare: BigInt(r.rows[0].global_position) };
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    void this.ensureListening();
    return () => this.listeners.delete(listener);
  }

  subscribeToAll(options: { after?: Position; eventTypes?: readonly string[] }, handler: (event: RecordedEvent) => Promise<void>) {
    return pollingSubscription(this, options, handler);
  }

  /** One LISTEN connection per store; it reconnects after PostgreSQL restarts. */
  private ensureListening(): Promise<void> {
    if (this.listening || this.closed) return this.listening ?? Promise.resolve();
    this.listening = (async () => {
      const client = new Client({ connectionString: this.connectionString });
      client.on('notification', () => this.listeners.forEach((l) => l()));
      const reconnect = () => {
        if (this.listenClient !== client) return;
        this.listenClient = null;
        this.listening = null;
        client.end().catch(() => undefined);
        if (!this.closed) setTimeout(() => void this.ensureListening(), 1000).unref();
        this.listeners.forEach((l) => l());
      };
      client.on('error', reconnect);
      client.on('end', reconnect);
      this.listenClient = client;
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        // Readers may have missed a notification while we were not listening.
        this.listeners.forEach((l) => l());
      } catch {
        reconnect();
      }
    })();
    return this.listening;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM public.es_streams LIMIT 1');
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.listenClient;
    this.listenClient = null;
    this.listeners.clear();
    await client?.end().catch(() => undefined);
  }
}
