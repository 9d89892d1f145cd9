import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Pool, QueryResultRow } from 'pg';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { createPool, Tx, withTransaction } from './database';

/** The PostgreSQL pool for read models, sessions and keys (and the event store when it is PostgreSQL). */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  readonly pool: Pool;
  /**
   * One connection of its own for readiness probes, so a pool busy behind a locked table does not read as a
   * database that is down. Closed after 10 s idle: it costs no connection at rest between probes.
   */
  private readonly probePool: Pool;

  constructor(@Inject(FACET_CONFIG) config: FacetConfig) {
    this.pool = createPool(config.databaseUrl, {}, config.database);
    this.probePool = createPool(config.databaseUrl, { max: 1, idleTimeoutMillis: 10_000, allowExitOnIdle: true }, config.database);
  }

  /**
   * Whether PostgreSQL answers at all, through the probe connection: a catalogue lookup that takes no lock
   * on any table, so a table locked by someone else does not hold it up.
   */
  async probe(): Promise<void> {
    await this.probePool.query(`SELECT to_regclass('public.es_streams')`);
  }

  async query<R extends QueryResultRow = any>(sql: string, params: unknown[] = []): Promise<R[]> {
    const result = await this.pool.query<R>(sql, params);
    return result.rows;
  }

  async one<R extends QueryResultRow = any>(sql: string, params: unknown[] = []): Promise<R | null> {
    const rows = await this.query<R>(sql, params);
    return rows[0] ?? null;
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, fn);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.pool.end(), this.probePool.end()].map((p) => p.catch(() => undefined)));
  }
}
