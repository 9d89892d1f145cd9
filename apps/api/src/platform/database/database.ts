import { Logger } from '@nestjs/common';
import { DatabaseError, Pool, PoolClient, PoolConfig, QueryConfig, QueryResult, types as pgTypes } from 'pg';
import { isMainThread } from 'worker_threads';
import { DatabaseTimeouts, loadDatabaseTimeouts, ProcessRole } from '../config/config';

/** The read-model schema. Replay builds a fresh one beside it and swaps it in. */
export const READ_MODEL_SCHEMA = 'rm';

export type { Tx } from './transaction';
export { withTransaction } from './transaction';

const INT8 = 20;

/**
 * How long a pooled connection may sit unused before its pool closes it: a burst's connections are given
 * back within seconds, and a process at rest keeps only those its timers use (docs/operations.md).
 */
export const POOL_IDLE_MS = 5_000;

/** The most connections each pool of one Nest context may open (the projector thread is a context of its own). */
export interface PoolSizes {
  /** DatabaseService.pool: requests, the event store's reads and appends, sessions, keys. */
  requests: number;
  /** RunnersService.pool: the projections', reactors' and replay's writes. */
  pipeline: number;
  /** DatabaseService.lockPool: work under session advisory locks (session-locks.ts), to DATABASE_DIRECT_URL. */
  locks: number;
  /** DatabaseService's readiness probe. */
  probe: number;
}

/**
 * Every pool's size from the one setting, DATABASE_POOL_MAX: a context with the api role gives its requests
 * all of it; the others' pools take a quarter (at least 2). Pools open connections only as they are used and
 * close them after POOL_IDLE_MS idle, so these are ceilings under load, not connections held at rest.
 */
export function poolSizes(max: number, roles: readonly ProcessRole[]): PoolSizes {
  const share = Math.max(2, Math.ceil(max / 4));
  return { requests: roles.includes('api') ? max : share, pipeline: share, locks: 2, probe: 1 };
}

/** How a connection names itself in pg_stat_activity.application_name: "facet <pool>", and which thread. */
export function applicationName(pool: string): string {
  return `facet ${pool}${isMainThread ? '' : ' (projector thread)'}`;
}
const log = new Logger('Database');

/**
 * bigint columns (money in cents, counts, log positions) come back as numbers rather than node-postgres's
 * default text: validation keeps every amount far below 2^53 (libs/contracts/src/limits.ts). A value
 * beyond that stays text rather than silently losing digits.
 */
function bigintAsNumber(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

function typeParser(oid: number, format?: string): unknown {
  if (oid === INT8 && format !== 'binary') return bigintAsNumber;
  return (pgTypes.getTypeParser as (oid: number, format?: string) => unknown)(oid, format);
}

/**
 * Every pool runs its connections under statement, lock and idle-in-transaction timeouts (DB_* settings;
 * 0 turns one off). A query that hits one fails fast and the request answers 503 with Retry-After
 * (http-exception.filter.ts) instead of holding a connection while the pool runs dry.
 */
export function createPool(
  connectionString: string,
  extra: Partial<PoolConfig> = {},
  timeouts: DatabaseTimeouts = loadDatabaseTimeouts(),
  { pooled = false }: { pooled?: boolean } = {},
): Pool {
  const pool = new Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: POOL_IDLE_MS,
    connectionTimeoutMillis: timeouts.connectionTimeoutMs,
    // Behind a transaction pooler (PgBouncer refuses these start-up parameters) the server sessions take them
    // from the role's settings in this database instead, which migrate() sets (pooledSessionSettings).
    ...(pooled
      ? {}
      : {
          statement_timeout: timeouts.statementTimeoutMs,
          lock_timeout: timeouts.lockTimeoutMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
          // Queries read the read models unqualified; the schema name stays 'rm' across replays.
          options: `-c search_path=${READ_MODEL_SCHEMA},public`,
        }),
    types: { getTypeParser: typeParser as typeof pgTypes.getTypeParser },
    ...extra,
  });
  // A pooled client that loses its server (PostgreSQL restarts) must not crash the process. The pool listens
  // only while a client is idle in it; a checked-out client between two statements (in a transaction, or
  // holding a session lock) emits its error with no listener, which throws out of the socket's callback and
  // ends the process. Its holder's next statement fails instead, and the pool drops it on release.
  pool.on('error', (err) => log.warn(`idle client error: ${err.message}`));
  pool.on('connect', (client) => client.on('error', (err) => log.debug(`client error: ${err.message}`)));
  if (pooled) pool.on('connect', unnamedStatements);
  return keepingRefusedConnections(pool);
}

/**
 * What every pooled session runs under, as PostgreSQL settings: the read models' search path and the DB_*
 * timeouts (0 turns one off). Sent as start-up parameters to a direct server; set on the role for the
 * database when DATABASE_URL goes through a transaction pooler, which does not pass them on.
 */
export function pooledSessionSettings(timeouts: DatabaseTimeouts): Record<string, string> {
  return {
    search_path: `${READ_MODEL_SCHEMA}, public`,
    statement_timeout: String(timeouts.statementTimeoutMs),
    lock_timeout: String(timeouts.lockTimeoutMs),
    idle_in_transaction_session_timeout: String(timeouts.idleInTransactionTimeoutMs),
  };
}

/**
 * Behind a transaction pooler each transaction may run on another server session, where a statement prepared
 * on the first does not exist (PgBouncer 1.18 keeps none): the client sends named statements unnamed, parsed
 * with each execution as any other parameterised query. The name stays in the code for a direct server.
 */
function unnamedStatements(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const plain = (config: unknown): config is QueryConfig =>
    typeof config === 'object' && config !== null && 'name' in config && typeof (config as { submit?: unknown }).submit !== 'function';
  Object.assign(client, {
    query: (config: unknown, ...rest: unknown[]) => query(plain(config) ? { ...config, name: undefined } : config, ...rest),
  });
}

/**
 * pg-pool's query() closes its connection after any failed statement. A statement the server refused (a
 * unique violation of a losing writer, a lock or statement timeout on a table someone else holds, bad input)
 * leaves an idle, usable session, so a burst of refusals became a burst of new backends, each a process of
 * PostgreSQL's to start. Here such a connection goes back to the pool; one left inside a transaction (a
 * multi-statement text that began one), refused with FATAL, or lost, is closed as before.
 */
function keepingRefusedConnections(pool: Pool): Pool {
  const query = async (config: string | QueryConfig, values?: unknown[]): Promise<QueryResult> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await client.query(config as QueryConfig, values);
    } catch (err) {
      const refused = typeof (err as DatabaseError).code === 'string' && (err as DatabaseError).severity === 'ERROR';
      if (!refused || !(await readyAgain(client)) || client.getTransactionStatus() !== 'I') broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  };
  return Object.assign(pool, { query: query as Pool['query'] });
}

/**
 * Whether the server has said it is ready again, so the transaction state is known. node-postgres fails the
 * query on the server's ErrorResponse, before the ReadyForQuery that follows it and carries that state; both
 * usually arrive in one read. False when the connection ends first, or nothing comes within a second.
 */
function readyAgain(client: PoolClient): Promise<boolean> {
  if ((client as PoolClient & { readyForQuery?: boolean }).readyForQuery) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      client.off('drain', onReady);
      client.off('end', onEnd);
      clearTimeout(timer);
      resolve(ready);
    };
    const onReady = () => done(true);
    const onEnd = () => done(false);
    const timer = setTimeout(onEnd, 1000);
    client.once('drain', onReady);
    client.once('end', onEnd);
  });
}
