import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import { withTransaction } from '../database/database';
import { EVENT_STORE, EventStore } from '../event-store/event-store';
import { PROJECTION_STATUS } from '../event-store/event-sourcing.service';
import { PersonalData } from '../privacy/personal-data';
import { REACTOR_METADATA, Reactor } from '../queue/reactor';
import { AdvisoryLocks } from './advisory-locks';
import { CatchUpRunner } from './catch-up-runner';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import { openEvents, projectBatch } from './project-batch';
import { Projection, PROJECTION_METADATA } from './projection';
import { ProjectionStatus } from './projection-status';
import { READ_MODEL_SCHEMA } from '../database/database';
import { replayAll, ReplayOptions, ReplayResult } from './replay';

/** Finds every projection and reactor in the app. */
export function discover<T>(discovery: DiscoveryService, metadataKey: string): T[] {
  return discovery
    .getProviders()
    .filter((w) => w.metatype && w.instance && Reflect.getMetadata(metadataKey, w.metatype))
    .map((w) => w.instance as T);
}

/**
 * Runs the projections (role projector) and reactors (role worker) this process may hold the lock for.
 * Any number of processes may run them; one advisory-lock holder at a time does the work.
 */
@Injectable()
export class RunnersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Runners');
  private runners: CatchUpRunner[] = [];
  private locks: AdvisoryLocks;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly db: DatabaseService,
    private readonly privacy: PersonalData,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_STATUS) private readonly status: ProjectionStatus,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {
    this.locks = new AdvisoryLocks(config.databaseUrl);
  }

  projections(): Projection[] {
    return discover<Projection>(this.discovery, PROJECTION_METADATA);
  }

  reactors(): Reactor[] {
    return discover<Reactor>(this.discovery, REACTOR_METADATA);
  }

  onApplicationBootstrap(): void {
    if (this.config.roles.includes('projector')) {
      for (const p of this.projections()) this.startProjection(p);
    }
    if (this.config.roles.includes('worker')) {
      for (const r of this.reactors()) this.startReactor(r);
    }
  }

  private startProjection(projection: Projection): void {
    const runner = new CatchUpRunner(this.store, this.locks, {
      name: `projection:${projection.name}`,
      eventTypes: projection.eventTypes,
      batchSize: 500,
      loadCheckpoint: () => withTransaction(this.db.pool, (tx) => readCheckpoint(tx, 'projection_checkpoints', projection.name)),
      handle: async (checkpoint, events) =>
        projectBatch(this.db.pool, READ_MODEL_SCHEMA, projection, checkpoint, await openEvents(this.privacy, events)),
      onProgress: (position) => this.status.advanced(projection.name, position),
    });
    runner.start();
    this.runners.push(runner);
  }

  private startReactor(reactor: Reactor): void {
    const runner = new CatchUpRunner(this.store, this.locks, {
      name: `reactor:${reactor.name}`,
      eventTypes: reactor.eventTypes,
      batchSize: 100,
      loadCheckpoint: () => withTransaction(this.db.pool, (tx) => readCheckpoint(tx, 'public.reactor_checkpoints', reactor.name)),
      handle: async (_checkpoint, events) => {
        // Checkpoint after each event: a failure retries from the first one not yet done.
        for (const event of await openEvents(this.privacy, events)) {
          await reactor.react(event);
          await writeCheckpoint(this.db.pool, 'public.reactor_checkpoints', reactor.name, event.position);
        }
        return true;
      },
    });
    runner.start();
    this.runners.push(runner);
  }

  /** Rebuilds every read model from the log and swaps the fresh tables in. */
  async replay(options: ReplayOptions = {}): Promise<ReplayResult> {
    const result = await replayAll(this.db.pool, this.config.databaseUrl, this.store, this.privacy, this.projections(), options);
    this.status.reset();
    this.logger.log(`replayed ${result.events} events in ${result.seconds.toFixed(1)} s (${result.eventsPerSecond}/s)`);
    return result;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.stop()));
    await this.locks.close();
  }
}
