import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Pool, QueryResultRow } from 'pg';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { createPool, Tx, withTransaction } from './database';

/** The PostgreSQL pool for read models, sessions and keys (and the event store when it is PostgreSQL). */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  readonly pool: Pool;

  constructor(@Inject(FACET_CONFIG) config: FacetConfig) {
    this.pool = createPool(config.databaseUrl, {}, config.database);
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
    await this.pool.end().catch(() => undefined);
  }
}
