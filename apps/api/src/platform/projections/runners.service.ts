import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import { applicationName, createPool, withTransaction } from '../database/database';
import { EVENT_STORE, EventStore } from '../event-store/event-store';
import { PROJECTION_STATUS } from '../event-store/event-sourcing.service';
import { ERASED, PersonalData } from '../privacy/personal-data';
import { REACTOR_METADATA, Reactor } from '../queue/reactor';
import { contextCausedBy, runWithContext } from '../context/request-context';
import { inSpan } from '../tracing/tracing';
import { AdvisoryLocks } from './advisory-locks';
import { CatchUpRunner } from './catch-up-runner';
import { checkpointStatement, readCheckpoint } from './checkpoints';
import { applyEvents, openEvents, parkInProjection, projectBatch, projectionConsumer, SCHEMA_SWAP_LOCK } from './project-batch';
import {
  errorText,
  insertParks,
  isInfrastructureError,
  lockParkedOf,
  ParkedEventsStore,
  parkedLockStatement,
  parkFollowers,
} from './parked-events';
import { Queues } from '../queue/queues.service';
import { Pool } from 'pg';
import { isMainThread } from 'worker_threads';
import { ProjectorThread } from './projector-thread';
import { Position, RecordedEvent, START } from '../event-store/event-store';
import { Projection, PROJECTION_METADATA } from './projection';
import { ProjectionStatus } from './projection-status';
import { READ_MODEL_SCHEMA } from '../database/database';
import { replayAll, ReplayOptions, ReplayResult } from './replay';

/** A checkpoint row as the lag query reads it: its position as text. */
type CheckpointRow = { name: string; c: string; p: string };

/**
 * A reactor's handling of one event, in a child span of the span that appended it when tracing is on: the
 * jobs it queues and the events it appends carry that span on, so one request's trace reaches its mail.
 */
function reactInSpan(reactor: Reactor, event: RecordedEvent): Promise<void> {
  const attributes = { 'facet.reactor': reactor.name, 'facet.event_type': event.type, 'facet.causation_id': event.metadata.eventId };
  return inSpan(`react ${reactor.name}`, { kind: 'consumer', parent: event.metadata.traceparent, attributes }, () => reactor.react(event));
}

/** Finds every projection and reactor in the app. */
export function discover<T>(discovery: DiscoveryService, metadataKey: string): T[] {
  return discovery
    .getProviders()
    .filter((w) => w.metatype && w.instance && Reflect.getMetadata(metadataKey, w.metatype))
    .map((w) => w.instance as T);
}

/** How far one projection or reactor is behind the head of the log. */
export interface ConsumerLag {
  name: string;
  kind: 'projection' | 'reactor';
  /** Events of its types not handled yet (counted up to LAG_COUNT_LIMIT). */
  events_behind: number;
  /** Age of the oldest event not handled yet; 0 when caught up. */
  seconds_behind: number;
  parked: number;
}

const LAG_COUNT_LIMIT = 1000;

export interface RetryOutcome {
  /** Parked events of the stream that were handled now, in order. */
  retried: number;
  /** Still parked for this consumer and stream (the first failed again). */
  still_parked: number;
  error: string | null;
}

/**
 * Runs the projections (role projector) and reactors (role worker) this process may hold the lock for.
 * Any number of processes may run them; one advisory-lock holder at a time does the work. They use a pool
 * of their own, so a read-model table locked by someone else stalls its projection, not the API's requests.
 */
@Injectable()
export class RunnersService implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Runners');
  private runners: CatchUpRunner[] = [];
  /** Replays running in this process, each with the means to stop it (see replay()). */
  private readonly replays = new Set<{ stop: AbortController; done: Promise<void> }>();
  private locks: AdvisoryLocks;
  /** The projections', reactors' and replay's own connections. */
  readonly pool: Pool;
  readonly parked: ParkedEventsStore;
  /** Events parked by this thread since it started (each logged once at error level). */
  private parkedHere = 0;
  /** Runs the projections when this process has the projector role among others (FACET_PROJECTOR_THREAD). */
  private projectorThread: ProjectorThread | null = null;
  /** Projections and reactors started here, by consumer name (tests start some of their own). */
  private started = new Map<string, { projection?: Projection; reactor?: Reactor }>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly db: DatabaseService,
    private readonly privacy: PersonalData,
    private readonly queues: Queues,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_STATUS) private readonly status: ProjectionStatus,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {
    this.locks = new AdvisoryLocks(db.session);
    this.pool = createPool(config.databaseUrl, { max: db.sizes.pipeline, application_name: applicationName('pipeline') }, config.database, {
      pooled: config.databasePooled,
    });
    this.parked = new ParkedEventsStore(this.db.pool);
  }

  projections(): Projection[] {
    return discover<Projection>(this.discovery, PROJECTION_METADATA);
  }

  reactors(): Reactor[] {
    return discover<Reactor>(this.discovery, REACTOR_METADATA);
  }

  /** Where this process runs its projections: its projector thread, the main thread, or not at all. */
  get projectionsRunIn(): 'thread' | 'main' | 'none' {
    if (this.projectorThread?.running) return 'thread';
    return [...this.started.values()].some((s) => s.projection) ? 'main' : 'none';
  }

  /** Events parked by this process (and its projector thread) since it started. */
  get parkedSinceStart(): number {
    return this.parkedHere + (this.projectorThread?.parkedSinceStart ?? 0);
  }

  onApplicationBootstrap(): void {
    if (this.config.roles.includes('projector')) {
      const alone = this.config.roles.length === 1;
      if (this.config.projectorThread && !alone && isMainThread) {
        const thread = new ProjectorThread(() => {
          unsubscribe();
          for (const p of this.projections()) this.startProjection(p);
        });
        // Only this thread's own appends: the thread hears NOTIFY from other processes itself.
        const unsubscribe = this.store.onAppended((types, here) => {
          if (here) thread.appended(types);
        });
        this.projectorThread = thread;
      } else {
        for (const p of this.projections()) this.startProjection(p);
      }
    }
    if (this.config.roles.includes('worker')) {
      for (const r of this.reactors()) this.startReactor(r);
    }
  }

  private get retryPolicy() {
    return { attempts: this.config.parkAfterAttempts, backoffMs: this.config.parkBackoffMs };
  }

  private databaseUp = async () => {
    await this.pool.query('SELECT 1');
    return true;
  };

  private onParked = () => {
    this.parkedHere++;
  };

  /** Starts a projection's runner; exported for tests that inject a projection of their own. */
  startProjection(projection: Projection): CatchUpRunner {
    this.started.set(projectionConsumer(projection), { projection });
    const runner = new CatchUpRunner(
      this.store,
      this.locks,
      {
        name: projectionConsumer(projection),
        eventTypes: projection.eventTypes,
        batchSize: 500,
        loadCheckpoint: () => withTransaction(this.pool, (tx) => readCheckpoint(tx, 'projection_checkpoints', projection.name)),
        handle: async (checkpoint, events) =>
          projectBatch(this.pool, READ_MODEL_SCHEMA, projection, checkpoint, await openEvents(this.privacy, events)),
        handleOne: async (checkpoint, event) =>
          projectBatch(this.pool, READ_MODEL_SCHEMA, projection, checkpoint, await openEvents(this.privacy, [event])),
        park: (checkpoint, event, error, attempts, firstFailedAt) =>
          parkInProjection(this.pool, READ_MODEL_SCHEMA, projection, checkpoint, {
            event,
            error: errorText(error),
            blockedBy: null,
            attempts,
            firstFailedAt,
          }),
        infrastructureUp: this.databaseUp,
        onProgress: (position) => this.status.advanced(projection.name, position),
        onParked: this.onParked,
      },
      this.retryPolicy,
    );
    runner.start();
    this.runners.push(runner);
    return runner;
  }

  /** Starts a reactor's runner; exported for tests that inject a reactor of their own. */
  startReactor(reactor: Reactor): CatchUpRunner {
    const consumer = `reactor:${reactor.name}`;
    this.started.set(consumer, { reactor });
    // A batch in one transaction with the checkpoint; if an event of it fails, the runner goes again one
    // event per transaction, from the batch's start: the events before the failing one react a second time,
    // which reactors allow (a job's id is its event's, appends check revisions), as after a crash. The
    // parked-events lock keeps a staff retry of this reactor's stream in order with it.
    // Round trips saved at each end: the lock goes with the BEGIN, the checkpoint with the COMMIT.
    const inTransaction = (last: RecordedEvent, work: (tx: import('pg').PoolClient) => Promise<void>) =>
      withTransaction(
        this.pool,
        async (tx) => {
          await work(tx);
          return true;
        },
        {
          begin: `BEGIN; ${parkedLockStatement(consumer)}`,
          commit: `${checkpointStatement('public.reactor_checkpoints', reactor.name, last.position)}; COMMIT`,
        },
      );
    const react = async (tx: import('pg').PoolClient, events: RecordedEvent[]) => {
      const { rest } = await parkFollowers(tx, consumer, events);
      // What the reactor appends or queues is caused by its event, in its conversation. Reactors get null,
      // never "erased", for an erased person's fields, so nothing is sent to "erased".
      for (const opened of await openEvents(this.privacy, rest, null))
        await runWithContext(contextCausedBy(opened, reactor.name), () => reactInSpan(reactor, opened));
    };
    const runner = new CatchUpRunner(
      this.store,
      this.locks,
      {
        name: consumer,
        eventTypes: reactor.eventTypes,
        batchSize: 100,
        loadCheckpoint: () => withTransaction(this.pool, (tx) => readCheckpoint(tx, 'public.reactor_checkpoints', reactor.name)),
        handle: (_checkpoint, events) => inTransaction(events[events.length - 1], (tx) => react(tx, events)),
        handleOne: (_checkpoint, event) => inTransaction(event, (tx) => react(tx, [event])),
        park: (_checkpoint, event, error, attempts, firstFailedAt) =>
          inTransaction(event, (tx) =>
            insertParks(tx, consumer, [{ event, error: errorText(error), blockedBy: null, attempts, firstFailedAt }]),
          ),
        infrastructureUp: async () => (await this.databaseUp()) && (await this.queues.ping().then(() => true)),
        onParked: this.onParked,
      },
      this.retryPolicy,
    );
    runner.start();
    this.runners.push(runner);
    return runner;
  }

  /**
   * Re-runs the parked sequence of one consumer and stream in order (after a fix): each event that now
   * succeeds is applied and its row removed; the first that fails again stays parked (attempts + 1), and
   * so do the ones behind it.
   */
  async retryParked(id: string): Promise<RetryOutcome | null> {
    const first = await this.parked.get(id);
    if (!first) return null;
    const consumer = first.consumer;
    const projection = this.started.get(consumer)?.projection ?? this.projections().find((p) => projectionConsumer(p) === consumer);
    const reactor = projection
      ? undefined
      : (this.started.get(consumer)?.reactor ?? this.reactors().find((r) => `reactor:${r.name}` === consumer));
    if (!projection && !reactor)
      return {
        retried: 0,
        still_parked: await this.countParked(consumer, first.stream_id),
        error: `No projection or reactor is named ${consumer} any more`,
      };
    let history = await this.store.readStream(first.stream_id);
    let retried = 0;
    for (;;) {
      const client = await this.pool.connect();
      type ParkedRow = { id: string; event_id: string; stream_revision: number };
      let next: ParkedRow | undefined;
      try {
        await client.query('BEGIN');
        // Same lock order as a projection's batch: the swap lock, then the consumer's parked-events lock.
        if (projection)
          await client.query(
            `SELECT pg_advisory_xact_lock_shared(${SCHEMA_SWAP_LOCK}); SET LOCAL search_path TO ${READ_MODEL_SCHEMA}, public`,
          );
        await lockParkedOf(client, consumer);
        next = (
          await client.query<ParkedRow>(
            `SELECT id::text, event_id, stream_revision::int FROM public.parked_events WHERE consumer = $1 AND stream_id = $2
             ORDER BY commit_pos, prepare_pos LIMIT 1`,
            [consumer, first.stream_id],
          )
        ).rows[0];
        if (!next) {
          await client.query('COMMIT');
          break;
        }
        let event = history.find((e) => e.metadata.eventId === next!.event_id);
        if (!event) {
          history = await this.store.readStream(first.stream_id);
          event = history.find((e) => e.metadata.eventId === next!.event_id);
        }
        if (event) {
          const [opened] = await openEvents(this.privacy, [event], projection ? ERASED : null);
          if (projection) await applyEvents(client, projection, [opened]);
          else await reactor!.react(opened);
        }
        await client.query('DELETE FROM public.parked_events WHERE id = $1', [next.id]);
        await client.query('COMMIT');
        retried++;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (isInfrastructureError(err) || !next) throw err;
        const message = errorText(err);
        await this.db.pool.query(
          `UPDATE public.parked_events SET attempts = attempts + 1, error = $2, last_failed_at = now(), blocked_by = NULL WHERE id = $1`,
          [next.id, message],
        );
        await this.db.pool.query(
          `UPDATE public.parked_events SET blocked_by = $3 WHERE consumer = $1 AND stream_id = $2 AND event_id <> $3`,
          [consumer, first.stream_id, next.event_id],
        );
        this.logger.error(`retry of parked event ${next.event_id} (${consumer}, stream ${first.stream_id}) failed again: ${message}`);
        return { retried, still_parked: await this.countParked(consumer, first.stream_id), error: message };
      } finally {
        client.release();
      }
    }
    this.logger.log(`retried ${retried} parked events of ${consumer}, stream ${first.stream_id}: all handled`);
    if (projection) this.status.reset(); // waiters re-read the checkpoints
    return { retried, still_parked: 0, error: null };
  }

  private async countParked(consumer: string, streamId: string): Promise<number> {
    const r = await this.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM public.parked_events WHERE consumer = $1 AND stream_id = $2',
      [consumer, streamId],
    );
    return r.rows[0].n;
  }

  /** Every projection's and reactor's distance from the head of the log, and its parked events. */
  async lag(): Promise<ConsumerLag[]> {
    const [projectionCps, reactorCps, parked] = await Promise.all([
      this.db.pool.query<CheckpointRow>('SELECT name, commit_pos::text AS c, prepare_pos::text AS p FROM rm.projection_checkpoints'),
      this.db.pool.query<CheckpointRow>('SELECT name, commit_pos::text AS c, prepare_pos::text AS p FROM public.reactor_checkpoints'),
      this.parked.counts(),
    ]);
    const positions = (rows: CheckpointRow[]) =>
      new Map<string, Position>(rows.map((r) => [r.name, { commit: BigInt(r.c), prepare: BigInt(r.p) }]));
    const projectionAt = positions(projectionCps.rows);
    const reactorAt = positions(reactorCps.rows);
    const now = Date.now();
    const one = async (kind: 'projection' | 'reactor', name: string, eventTypes: readonly string[], at: Position): Promise<ConsumerLag> => {
      const behind = await this.store.countBehind(at, eventTypes, LAG_COUNT_LIMIT);
      const count = behind.count;
      const oldest = behind.oldestAt?.getTime() ?? now;
      return {
        name,
        kind,
        events_behind: count,
        seconds_behind: Math.max(0, Math.round((now - oldest) / 100) / 10),
        parked: parked.get(`${kind}:${name}`) ?? 0,
      };
    };
    const known = await Promise.all([
      ...this.projections().map((p) => one('projection', p.name, p.eventTypes, projectionAt.get(p.name) ?? START)),
      ...this.reactors().map((r) => one('reactor', r.name, r.eventTypes, reactorAt.get(r.name) ?? START)),
    ]);
    // Parked events of a consumer this process does not know (started elsewhere, or since removed) count too.
    for (const [consumer, n] of parked) {
      const [kind, name] = consumer.split(/:(.*)/s) as ['projection' | 'reactor', string];
      if (!known.some((c) => c.kind === kind && c.name === name))
        known.push({ name, kind, events_behind: 0, seconds_behind: 0, parked: n });
    }
    return known;
  }

  /**
   * Rebuilds every read model from the log and swaps the fresh tables in; events that fail are parked
   * (replay.ts). A shutdown (a staff member's replay in a server, Ctrl-C on
   * `npm run replay`) stops it between two batches and waits for that, before the pools close under it.
   */
  async replay(options: ReplayOptions = {}): Promise<ReplayResult> {
    const stop = new AbortController();
    const replaying = replayAll(this.pool, this.config.databaseDirectUrl, this.store, this.privacy, this.projections(), {
      ...options,
      signal: options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal,
    });
    const inFlight = {
      stop,
      done: replaying.then(
        () => undefined,
        () => undefined,
      ),
    };
    this.replays.add(inFlight);
    const result = await replaying.finally(() => this.replays.delete(inFlight));
    this.status.reset();
    this.logger.log(`replayed ${result.events} events in ${result.seconds.toFixed(1)} s (${result.eventsPerSecond}/s)`);
    if (result.parked > 0) this.logger.error(`replay parked ${result.parked} events (see Parked events in the console)`);
    return result;
  }

  /** Batches and replays in flight finish while the stores and queues they write to are still open (closed after this). */
  async beforeApplicationShutdown(): Promise<void> {
    for (const r of this.replays) r.stop.abort();
    await Promise.all([...this.runners.map((r) => r.stop()), this.projectorThread?.close(), ...[...this.replays].map((r) => r.done)]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.locks.close();
    await this.pool.end().catch(() => undefined);
  }
}
