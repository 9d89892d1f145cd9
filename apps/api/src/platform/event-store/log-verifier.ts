import { randomUUID } from 'crypto';
import { Pool } from 'pg';
import { EventStore, positionFromString, positionToString, RecordedEvent, START } from './event-store';
import { AnchorCheck, formatRanges, latestAnchor, LoadedAnchors, LogAnchor, mergeRanges } from './log-anchors';
import { ChainBreak, ChainChecker, ChainedEvent, foldCheckpoint, GENESIS_HASH } from './log-chain';

/** Events between two checkpoints over the global order. */
export const CHECKPOINT_EVERY = 10_000;
const PAGE = 5000;

export interface VerificationReport {
  ok: boolean;
  events: number;
  streams: number;
  breaks: number;
  /** The first broken link in log order, with its stream, revision and global position. */
  firstBreak: ChainBreak | null;
  checkpointsChecked: number;
  checkpointsWritten: number;
  /** Signed anchors the log was checked against (log-anchors.ts), the newest of them, and the global positions found gone. */
  anchorsChecked: number;
  latestAnchor: Pick<LogAnchor, 'position' | 'events' | 'at'> | null;
  missingPositions: string | null;
  seconds: number;
  eventsPerSecond: number;
}

export interface VerifyOptions {
  /** Record new checkpoints past the last one (only while nothing is broken). Default true. */
  writeCheckpoints?: boolean;
  onProgress?: (events: number) => void;
  /** Tests use a small interval; the log keeps one interval for good (checkpoints are compared by count). */
  checkpointEvery?: number;
  /** Anchors published outside the database: events at or before them that are gone fail the check. */
  anchors?: LoadedAnchors;
}

/**
 * Checks a sequence of events in log order: every link of every stream (ChainChecker) and, over the
 * global order, the running hash against the recorded checkpoints (events removed, added or reordered
 * before a checkpoint change it). Shared by `npm run verify-log`, the console, and the offline check of
 * an export (which has no checkpoints).
 */
export class LogWalk {
  private readonly checker: ChainChecker;
  private running = GENESIS_HASH;
  breaks = 0;
  firstBreak: ChainBreak | null = null;
  checkpointsChecked = 0;
  newCheckpoints: { events: number; position: string; hash: string }[] = [];

  constructor(
    private readonly checkpoints: ReadonlyMap<number, string> = new Map(),
    startMidStream = false,
    private readonly checkpointEvery = CHECKPOINT_EVERY,
    readonly anchors: AnchorCheck | null = null,
  ) {
    this.checker = new ChainChecker(startMidStream);
  }

  get events(): number {
    return this.checker.events;
  }

  get streams(): number {
    return this.checker.streams.size;
  }

  /**
   * `settled`: no transaction still running can commit an event before this one in log order; only then
   * may a new checkpoint end here.
   */
  add(event: ChainedEvent, settled = true): void {
    const at = this.anchors ? positionFromString(event.position) : null;
    if (at) this.anchors!.before(at, this.checker.events).forEach((b) => this.broke(b));
    const broken = this.checker.check(event);
    if (broken) this.broke(broken);
    this.running = foldCheckpoint(this.running, event.hash ?? GENESIS_HASH);
    const n = this.checker.events;
    if (at) this.anchors!.after(at, event.hash, n, this.running).forEach((b) => this.broke(b));
    if (n % this.checkpointEvery !== 0) return;
    const recorded = this.checkpoints.get(n);
    if (recorded === undefined) {
      if (settled) this.newCheckpoints.push({ events: n, position: event.position, hash: this.running });
    } else {
      this.checkpointsChecked++;
      if (recorded !== this.running) {
        this.broke({
          streamId: event.streamId,
          revision: event.revision,
          position: event.position,
          reason: `checkpoint over the first ${n} events differs: events before this one were removed, added or reordered`,
        });
      }
    }
  }

  /** After the last event: a checkpoint beyond what the log now holds means events were removed. */
  finish(): void {
    this.anchors?.finish(this.checker.events).forEach((b) => this.broke(b));
    const beyond = [...this.checkpoints.keys()].filter((n) => n > this.checker.events).sort((a, b) => a - b)[0];
    if (beyond !== undefined) {
      this.broke({
        streamId: '',
        revision: -1,
        position: '',
        reason: `a checkpoint covered ${beyond} events but the log now has ${this.checker.events}: events were removed`,
      });
    }
  }

  broke(b: ChainBreak): void {
    this.breaks++;
    this.firstBreak ??= b;
  }
}

export function toChained(e: RecordedEvent): ChainedEvent {
  return {
    streamId: e.streamId,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
    revision: e.revision,
    position: positionToString(e.position),
    hash: e.hash,
  };
}

/**
 * Walks the whole log in global order. PostgreSQL is read directly, every committed event in
 * (transaction_id, global_position) order, each marked settled when its transaction is older than every
 * running one: checkpoints end only on settled events, so a late commit can never land before one.
 * EventStoreDB is read through the port ($all has no late commits). Checkpoints live in PostgreSQL
 * (es_log_checkpoints), which both set-ups have.
 */
export async function verifyLog(store: EventStore, pool: Pool, options: VerifyOptions = {}): Promise<VerificationReport> {
  const started = Date.now();
  const { rows } = await pool.query<{ events: string; hash: string }>('SELECT events, hash FROM public.es_log_checkpoints');
  const anchors = options.anchors ? new AnchorCheck(options.anchors.anchors) : null;
  const walk = new LogWalk(new Map(rows.map((r) => [Number(r.events), r.hash])), false, options.checkpointEvery, anchors);
  // An anchor that is not a valid signed anchor of this log is a forgery (or damage) to report.
  for (const r of options.anchors?.rejected ?? []) {
    walk.broke({ streamId: '', revision: -1, position: '', reason: `the anchor at ${r.where} is not valid: ${r.reason}` });
  }
  // No anchor at all: nothing outside the database vouches for the log, so no walk of it can be called intact.
  if (options.anchors && options.anchors.anchors.length === 0) {
    walk.broke({ streamId: '', revision: -1, position: '', reason: noAnchorReason(options.anchors.read) });
  }
  if (store.name === 'postgres') {
    await walkPostgres(pool, walk, options);
  } else {
    let after = START;
    for (;;) {
      const page = await store.readAll({ after, limit: PAGE });
      if (page.length === 0) break;
      for (const e of page) walk.add(toChained(e));
      after = page[page.length - 1].position;
      options.onProgress?.(walk.events);
    }
  }
  walk.finish();
  let written = 0;
  if (options.writeCheckpoints !== false && walk.breaks === 0 && walk.newCheckpoints.length > 0) {
    const c = walk.newCheckpoints;
    const r = await pool.query(
      `INSERT INTO public.es_log_checkpoints (events, position, hash)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[]) ON CONFLICT (events) DO NOTHING`,
      [c.map((x) => x.events), c.map((x) => x.position), c.map((x) => x.hash)],
    );
    written = r.rowCount ?? 0;
  }
  const seconds = (Date.now() - started) / 1000;
  return {
    ok: walk.breaks === 0,
    events: walk.events,
    streams: walk.streams,
    breaks: walk.breaks,
    firstBreak: walk.firstBreak,
    checkpointsChecked: walk.checkpointsChecked,
    checkpointsWritten: written,
    anchorsChecked: anchors?.checked ?? 0,
    latestAnchor: pickLatest(options.anchors?.anchors ?? []),
    missingPositions: anchors?.missing.length ? formatRanges(mergeRanges(anchors.missing)) : null,
    seconds,
    eventsPerSecond: Math.round(walk.events / Math.max(seconds, 0.001)),
  };
}

/**
 * Why a log checked against no anchor is not intact. Its links are plain SHA-256 over what the database
 * holds: whoever can write there can delete the newest events, or rewrite events and recompute their hashes
 * and the checkpoints, and every link still holds. Only anchors signed outside the database show either.
 */
export function noAnchorReason(read: readonly string[] | undefined): string {
  return (
    `no anchor of this log was found${read?.length ? ` (looked in ${read.join(', ')})` : ''}: ` +
    'nothing outside the database vouches for it, so its newest events could have been deleted, or events rewritten ' +
    'with their hashes recomputed, and every link would still hold'
  );
}

function pickLatest(anchors: readonly LogAnchor[]): VerificationReport['latestAnchor'] {
  const a = latestAnchor(anchors);
  return a && { position: a.position, events: a.events, at: a.at };
}

async function walkPostgres(pool: Pool, walk: LogWalk, options: VerifyOptions): Promise<void> {
  let after: [string, string] = ['0', '0'];
  for (;;) {
    const { rows } = await pool.query<{
      g: string;
      t: string;
      stream_id: string;
      stream_revision: string;
      event_type: string;
      data: unknown;
      metadata: unknown;
      hash: string | null;
      settled: boolean;
    }>(
      `WITH snapshot AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
       SELECT global_position::text AS g, transaction_id::text AS t, stream_id, stream_revision, event_type, data, metadata,
              encode(hash, 'hex') AS hash, transaction_id < snapshot.xmin AS settled
         FROM public.es_events, snapshot WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
        ORDER BY es_events.transaction_id, es_events.global_position LIMIT ${PAGE}`,
      after,
    );
    if (rows.length === 0) return;
    for (const r of rows) {
      walk.add(
        {
          streamId: r.stream_id,
          revision: Number(r.stream_revision),
          position: `${r.t}/${r.g}`,
          type: r.event_type,
          data: r.data,
          metadata: r.metadata,
          hash: r.hash,
        },
        r.settled,
      );
    }
    const last = rows[rows.length - 1];
    after = [last.t, last.g];
    options.onProgress?.(walk.events);
  }
}

/** Runs verifyLog and records the run in es_log_verifications (what the console shows). */
export async function recordedVerification(
  store: EventStore,
  pool: Pool,
  startedBy: string | null,
  options: VerifyOptions = {},
): Promise<{ id: string; report: VerificationReport }> {
  const id = randomUUID();
  await pool.query(`INSERT INTO public.es_log_verifications (id, started_by, status) VALUES ($1, $2, 'running')`, [id, startedBy]);
  try {
    const report = await verifyLog(store, pool, {
      ...options,
      onProgress: (events) => {
        options.onProgress?.(events);
      },
    });
    await pool.query(
      `UPDATE public.es_log_verifications SET finished_at = now(), status = $2, events = $3, streams = $4, breaks = $5,
         first_break = $6, checkpoints_checked = $7, checkpoints_written = $8, events_per_second = $9 WHERE id = $1`,
      [
        id,
        report.ok ? 'passed' : 'failed',
        report.events,
        report.streams,
        report.breaks,
        report.firstBreak ? JSON.stringify(report.firstBreak) : null,
        report.checkpointsChecked,
        report.checkpointsWritten,
        report.eventsPerSecond,
      ],
    );
    return { id, report };
  } catch (err) {
    await pool
      .query(`UPDATE public.es_log_verifications SET finished_at = now(), status = 'error', error = $2 WHERE id = $1`, [
        id,
        (err as Error).message,
      ])
      .catch(() => undefined);
    throw err;
  }
}
