import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Pool, QueryResultRow } from 'pg';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { applicationName, createPool, PoolSizes, poolSizes, Tx, withTransaction } from './database';
import { AdmissionQueue, withLanes } from './connection-lanes';
import { SessionConnection } from './session-connection';

/**
 * The PostgreSQL pool for read models, sessions and keys (and the event store when it is PostgreSQL), and
 * this context's connections that need a session of their own. Sizes: poolSizes (DATABASE_POOL_MAX).
 */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  readonly pool: Pool;
  readonly sizes: PoolSizes;
  /** Shoppers' turns at the requests pool: at most M minus the connections kept for staff and the shop's own work. */
  readonly shopperQueue: AdmissionQueue;
  /** LISTEN and the leaders' advisory locks: one connection for all of them, opened on first use. */
  readonly session: SessionConnection;
  /**
   * Work under session advisory locks (session-locks.ts): a waiter holds its connection here, not one the
   * requests need, so a queue of waiters cannot starve the lock's holder of the connections its work uses.
   */
  readonly lockPool: Pool;
  /**
   * One connection of its own for readiness probes, so a pool busy behind a locked table does not read as a
   * database that is down. Closed after POOL_IDLE_MS idle: it costs no connection at rest between probes.
   */
  private readonly probePool: Pool;
  /** The probe in flight, which every probe arriving meanwhile awaits. */
  private probing: Promise<void> | null = null;

  constructor(@Inject(FACET_CONFIG) config: FacetConfig) {
    this.sizes = poolSizes(config.databasePoolMax, config.roles);
    // Through the pooler when there is one (DATABASE_URL); what needs a session of its own goes direct.
    const pooled = { pooled: config.databasePooled };
    // Shoppers queue in front of it (bounded by DB_QUEUE_TIMEOUT_MS); staff and the shop's own work keep the rest.
    const lanes = withLanes(
      createPool(config.databaseUrl, { max: this.sizes.requests, application_name: applicationName('requests') }, config.database, pooled),
      this.sizes.requests,
      config.database.queueTimeoutMs ?? 20_000,
    );
    this.pool = lanes.pool;
    this.shopperQueue = lanes.shoppers;
    this.probePool = createPool(
      config.databaseUrl,
      { max: this.sizes.probe, allowExitOnIdle: true, application_name: applicationName('probe') },
      config.database,
      pooled,
    );
    this.lockPool = createPool(
      config.databaseDirectUrl,
      { max: this.sizes.locks, application_name: applicationName('session locks') },
      config.database,
    );
    this.session = new SessionConnection(config.databaseDirectUrl, applicationName('session'));
  }

  /**
   * Whether PostgreSQL answers at all, through the probe connection: a catalogue lookup that takes no lock
   * on any table, so a table locked by someone else does not hold it up.
   */
  probe(): Promise<void> {
    // Probes that arrive together share one query: a burst of them (several load balancers, or anyone at the
    // public health routes) queued on the one connection and read a live database as down past the 2 s bound.
    this.probing ??= this.probePool
      .query(`SELECT to_regclass('public.es_streams')`)
      .then(() => undefined)
      .finally(() => (this.probing = null));
    return this.probing;
  }

  async query<R extends QueryResultRow = QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    const result = await this.pool.query<R>(sql, params);
    return result.rows;
  }

  async one<R extends QueryResultRow = QueryResultRow>(sql: string, params: unknown[] = []): Promise<R | null> {
    const rows = await this.query<R>(sql, params);
    return rows[0] ?? null;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, fn);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      [this.pool.end(), this.lockPool.end(), this.probePool.end(), this.session.close()].map((p) => p.catch(() => undefined)),
    );
  }
}
