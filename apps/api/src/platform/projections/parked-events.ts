import { escapeLiteral, Pool } from 'pg';
import { Tx } from '../database/database';
import { RecordedEvent } from '../event-store/event-store';

/** One event a consumer (projection or reactor) could not handle, or that waits behind one of its stream. */
export interface ParkedEvent {
  id: string;
  consumer: string;
  event_id: string;
  stream_id: string;
  stream_revision: number;
  position: string;
  event_type: string;
  error: string;
  blocked_by: string | null;
  attempts: number;
  first_failed_at: string;
  last_failed_at: string;
}

/** What replay and the runners hand over to be written. */
export interface Park {
  event: RecordedEvent;
  error: string;
  blockedBy: string | null;
  attempts: number;
  firstFailedAt: Date;
}

/** Serialises a consumer's batches with a staff retry of its parked events (transaction-scoped). */
export async function lockParkedOf(tx: Tx, consumer: string): Promise<void> {
  await tx.query(parkedLockStatement(consumer));
}

/** lockParkedOf's statement with the consumer written in (escaped), to share a round trip with the BEGIN before it. */
export function parkedLockStatement(consumer: string): string {
  return `SELECT pg_advisory_xact_lock(1985, hashtext(${escapeLiteral(`parked:${consumer}`)}))`;
}

/** The streams among `streamIds` that already have a parked event for this consumer. */
export async function parkedStreams(tx: Tx | Pool, consumer: string, streamIds: string[]): Promise<Map<string, string>> {
  if (streamIds.length === 0) return new Map();
  const r = await tx.query<{ stream_id: string; event_id: string }>(
    `SELECT DISTINCT ON (stream_id) stream_id, event_id FROM public.parked_events
     WHERE consumer = $1 AND stream_id = ANY($2::text[]) ORDER BY stream_id, commit_pos, prepare_pos`,
    [consumer, [...new Set(streamIds)]],
  );
  return new Map(r.rows.map((row) => [row.stream_id, row.event_id]));
}

/**
 * Error messages are kept short: they are shown to staff and logged. PostgreSQL's `detail` is left out on
 * purpose: it quotes the failing row ("Failing row contains ..."), opened personal data included, which must
 * not outlive an erasure in this table.
 */
export function errorText(err: unknown): string {
  const e = err as { message?: string; code?: string };
  const text = [e?.code ? `[${e.code}]` : '', e?.message ?? String(err)].filter(Boolean).join(' ');
  // NUL is what broke the projection in the first place; PostgreSQL text refuses it.
  return text
    .replace(/\u0000/g, '\\0')
    .replace(/[\uD800-\uDFFF]/g, '\uFFFD')
    .slice(0, 2000);
}

export async function insertParks(tx: Tx | Pool, consumer: string, parks: Park[]): Promise<void> {
  if (parks.length === 0) return;
  const rows = parks.map((p) => ({
    consumer,
    event_id: p.event.metadata.eventId,
    stream_id: p.event.streamId,
    stream_revision: p.event.revision,
    commit_pos: p.event.position.commit.toString(),
    prepare_pos: p.event.position.prepare.toString(),
    event_type: p.event.type,
    error: errorText(p.error),
    blocked_by: p.blockedBy,
    attempts: p.attempts,
    first_failed_at: p.firstFailedAt.toISOString(),
  }));
  // A consumer that parks an event again (after a crash before its checkpoint moved) counts one more attempt.
  await tx.query(
    `INSERT INTO public.parked_events
       (consumer, event_id, stream_id, stream_revision, commit_pos, prepare_pos, event_type, error, blocked_by, attempts, first_failed_at)
     SELECT consumer, event_id, stream_id, stream_revision, commit_pos, prepare_pos, event_type, error, blocked_by, attempts, first_failed_at
     FROM jsonb_to_recordset($1::jsonb) AS r(consumer text, event_id text, stream_id text, stream_revision bigint, commit_pos numeric,
       prepare_pos numeric, event_type text, error text, blocked_by text, attempts int, first_failed_at timestamptz)
     ON CONFLICT (consumer, event_id) DO UPDATE SET error = EXCLUDED.error,
       attempts = public.parked_events.attempts + EXCLUDED.attempts, last_failed_at = now()`,
    [JSON.stringify(rows)],
  );
}

/** Parks the events of `events` whose stream already has a parked event; returns the others, in order. */
export async function parkFollowers(tx: Tx, consumer: string, events: RecordedEvent[]): Promise<{ rest: RecordedEvent[]; parked: number }> {
  const blocked = await parkedStreams(
    tx,
    consumer,
    events.map((e) => e.streamId),
  );
  if (blocked.size === 0) return { rest: events, parked: 0 };
  const now = new Date();
  const followers = events.filter((e) => blocked.has(e.streamId));
  await insertParks(
    tx,
    consumer,
    followers.map((event) => ({
      event,
      error: waitingBehind(blocked.get(event.streamId)!),
      blockedBy: blocked.get(event.streamId)!,
      attempts: 0,
      firstFailedAt: now,
    })),
  );
  return { rest: events.filter((e) => !blocked.has(e.streamId)), parked: followers.length };
}

export function waitingBehind(eventId: string): string {
  return `Waiting behind parked event ${eventId} of the same stream`;
}

/**
 * Infrastructure failures (the database or Redis unreachable, a connection dropped, a timeout, a
 * deadlock) are retried for ever and never park an event: nothing is wrong with the event. Anything else
 * (a constraint or data error, a bug meeting odd data) is a failure of this event.
 */
export function isInfrastructureError(err: unknown): boolean {
  const e = err as { code?: unknown; name?: string; message?: string };
  const code = typeof e?.code === 'string' ? e.code : '';
  // SQLSTATE classes: 08 connection, 53 resources, 57 operator intervention / query canceled (timeouts),
  // 58 system, 40 serialization failure / deadlock, 55P03 lock not available, 3D000 no database, 28 auth.
  if (/^(08|53|57|58|40|28)/.test(code) || code === '55P03' || code === '3D000' || code === '55006') return true;
  if (/^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, EHOSTUNREACH...
  const text = `${e?.name ?? ''} ${e?.message ?? ''}`;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|MaxRetriesPerRequest|Stream isn't writeable|ECONNREFUSED|ECONNRESET|Redis is|the database system is (starting up|shutting down)|terminating connection|Cannot use a pool after calling end|advisory locks closed/i.test(
    text,
  );
}

/** Reads for the console and the health report. */
export class ParkedEventsStore {
  constructor(private readonly pool: Pool) {}

  private static readonly COLUMNS = `id::text, consumer, event_id, stream_id, stream_revision::int, commit_pos::text || '/' || prepare_pos::text AS position,
    event_type, error, blocked_by, attempts, first_failed_at, last_failed_at`;

  async list(filter: {
    consumer?: string;
    stream?: string;
    page: number;
    limit: number;
  }): Promise<{ items: ParkedEvent[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.consumer) {
      params.push(filter.consumer);
      where.push(`consumer = $${params.length}`);
    }
    if (filter.stream) {
      params.push(filter.stream);
      where.push(`stream_id = $${params.length}`);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = Number((await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM public.parked_events ${w}`, params)).rows[0].n);
    params.push(filter.limit, (filter.page - 1) * filter.limit);
    const r = await this.pool.query<ParkedEventRow>(
      `SELECT ${ParkedEventsStore.COLUMNS} FROM public.parked_events ${w}
       ORDER BY first_failed_at DESC, consumer, commit_pos DESC, prepare_pos DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return { items: r.rows.map(present), total };
  }

  async get(id: string): Promise<ParkedEvent | null> {
    const r = await this.pool.query<ParkedEventRow>(`SELECT ${ParkedEventsStore.COLUMNS} FROM public.parked_events WHERE id = $1`, [id]);
    return r.rowCount ? present(r.rows[0]) : null;
  }

  /** Parked events per consumer. */
  async counts(): Promise<Map<string, number>> {
    const r = await this.pool.query<{ consumer: string; n: number }>(
      `SELECT consumer, count(*)::int AS n FROM public.parked_events GROUP BY consumer`,
    );
    return new Map(r.rows.map((row) => [row.consumer, row.n]));
  }
}

/** A parked_events row as COLUMNS selects it: the failure times as pg returns them. */
type ParkedEventRow = Omit<ParkedEvent, 'first_failed_at' | 'last_failed_at'> & { first_failed_at: Date; last_failed_at: Date };

function present(row: ParkedEventRow): ParkedEvent {
  return {
    ...row,
    first_failed_at: new Date(row.first_failed_at).toISOString(),
    last_failed_at: new Date(row.last_failed_at).toISOString(),
  };
}
