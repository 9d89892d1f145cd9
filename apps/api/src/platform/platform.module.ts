import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { ConfigModule, ConfigType } from '@nestjs/config';
import { FACET_CONFIG, FacetConfig, facetConfig } from './config/config';
import { DatabaseService } from './database/database.service';
import { retryWhileTransient } from './database/startup-retry';
import { EVENT_STORE, EventStore } from './event-store/event-store';
import { EventSourcing, PROJECTION_STATUS } from './event-store/event-sourcing.service';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store';
import { PersonalData } from './privacy/personal-data';
import { loadPrivacySecret } from './privacy/privacy-secret';
import { Projection, PROJECTION_METADATA } from './projections/projection';
import { ProjectionStatus } from './projections/projection-status';
import { discover, RunnersService } from './projections/runners.service';
import { Queues } from './queue/queues.service';
import { SessionsService } from './auth/sessions.service';
import { IdempotencyService } from './http/idempotency.service';
import { LoginThrottle } from './auth/login-throttle.service';
import { BlobStore } from './blobs/blob-store';

/** Chooses the event store adapter: EventStoreDB when EVENTSTORE_URL is set, PostgreSQL otherwise. */
function createEventStore(config: FacetConfig, db: DatabaseService): EventStore {
  if (config.eventStoreUrl) {
    // Loaded only when configured, so the PostgreSQL-only set-up never opens a gRPC client.
    type EventStoreDbModule = typeof import('./event-store/eventstoredb/eventstoredb-event-store');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { EventStoreDbEventStore } = require('./event-store/eventstoredb/eventstoredb-event-store') as EventStoreDbModule;
    return new EventStoreDbEventStore(config.eventStoreUrl);
  }
  return new PostgresEventStore(db.pool, db.session);
}

@Global()
@Module({
  // @nestjs/config reads and validates the environment (the zod schema in config.ts) when the app is built;
  // no .env file is read: settings come from the process environment only.
  imports: [DiscoveryModule, ConfigModule.forRoot({ ignoreEnvFile: true, load: [facetConfig] })],
  providers: [
    { provide: FACET_CONFIG, useFactory: (config: ConfigType<typeof facetConfig>) => config, inject: [facetConfig.KEY] },
    DatabaseService,
    PersonalData,
    { provide: EVENT_STORE, useFactory: createEventStore, inject: [FACET_CONFIG, DatabaseService] },
    {
      provide: PROJECTION_STATUS,
      useFactory: (db: DatabaseService, discovery: DiscoveryService) =>
        new ProjectionStatus(db.pool, db.session, () => discover<Projection>(discovery, PROJECTION_METADATA)),
      inject: [DatabaseService, DiscoveryService],
    },
    EventSourcing,
    RunnersService,
    Queues,
    SessionsService,
    IdempotencyService,
    LoginThrottle,
    BlobStore,
  ],
  exports: [
    LoginThrottle,
    BlobStore,
    FACET_CONFIG,
    DatabaseService,
    PersonalData,
    EVENT_STORE,
    PROJECTION_STATUS,
    EventSourcing,
    RunnersService,
    Queues,
    SessionsService,
    IdempotencyService,
  ],
})
export class PlatformModule implements OnModuleInit, OnApplicationShutdown {
  private stopHearingErasures: (() => void) | null = null;

  constructor(
    @Inject(PROJECTION_STATUS) private readonly status: ProjectionStatus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    private readonly privacy: PersonalData,
    private readonly db: DatabaseService,
  ) {}

  async onModuleInit(): Promise<void> {
    // First: guest subjects and every keyed digest need it.
    const retry = { giveUpAfterMs: this.config.startupRetrySeconds * 1000 };
    await retryWhileTransient(
      'loading the privacy secret',
      () => loadPrivacySecret(this.db.pool, { fromEnv: this.config.privacySecret, dataDir: this.config.dataDir }),
      retry,
    );
    await retryWhileTransient('reading projection positions', () => this.status.start(), retry);
    await this.listenForErasures();
  }

  /** An erasure in any process drops the key from every process's cache. */
  private async listenForErasures(): Promise<void> {
    this.stopHearingErasures = await this.db.session.listen(
      PersonalData.ERASED_CHANNEL,
      (subject) => subject && this.privacy.keys.forget(subject),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.status.close();
    await this.store.close();
    this.stopHearingErasures?.();
  }
}
