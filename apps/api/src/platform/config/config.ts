/**
 * Every setting Facet reads from the environment, with safe defaults for one machine.
 * The README's table of environment variables mirrors this file.
 */
export type ProcessRole = 'api' | 'projector' | 'worker';

export interface FacetConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  /** Liveness port for processes without the api role (HEALTH_PORT); null: they listen on nothing. */
  healthPort: number | null;
  host: string;
  databaseUrl: string;
  redisUrl: string;
  eventStoreUrl: string | null;
  roles: ProcessRole[];
  adminEmail: string;
  adminPassword: string;
  adminCredentialsFromEnv: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  staffNotificationEmail: string;
  publicOrigins: string[];
  /** Which peers may set X-Forwarded-For (Fastify trustProxy): true, a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string;
  queuePrefix: string;
  sessionTtlHours: number;
  readYourWritesTimeoutMs: number;
  /** Attempts at an event a projection or reactor fails on before it is parked, and the first backoff. */
  parkAfterAttempts: number;
  parkBackoffMs: number;
  /** /api/health says degraded when a projection or reactor is further behind the log than this. */
  healthMaxLagSeconds: number;
  /** Connections of the projections' and reactors' own pool (the API's requests have theirs). */
  pipelinePoolSize: number;
  database: DatabaseTimeouts;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** Keys the HMAC behind guest subjects and other digests; generated and stored in the database when unset. */
  privacySecret: string | null;
  /** json: one JSON object per line; pretty: readable lines. Default: pretty on a terminal, else json. */
  logFormat: 'json' | 'pretty';
}

/** Limits every pooled PostgreSQL connection runs under, so one slow query or held lock cannot pile up the pool. */
export interface DatabaseTimeouts {
  /** statement_timeout: a statement running longer is cancelled (57014). */
  statementTimeoutMs: number;
  /** lock_timeout: a statement waiting longer for a lock gives up (55P03). */
  lockTimeoutMs: number;
  /** idle_in_transaction_session_timeout: a connection idle inside an open transaction is closed. */
  idleInTransactionTimeoutMs: number;
  /** How long a request waits for a free pooled connection. */
  connectionTimeoutMs: number;
}

export function loadDatabaseTimeouts(env: NodeJS.ProcessEnv = process.env): DatabaseTimeouts {
  const ms = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds (0 turns the limit off)`);
    return n;
  };
  return {
    statementTimeoutMs: ms('DB_STATEMENT_TIMEOUT_MS', 10_000),
    lockTimeoutMs: ms('DB_LOCK_TIMEOUT_MS', 5_000),
    idleInTransactionTimeoutMs: ms('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30_000),
    connectionTimeoutMs: ms('DB_CONNECTION_TIMEOUT_MS', 5_000),
  };
}

const DEV_ADMIN_EMAIL = 'admin@facet.local';
const DEV_ADMIN_PASSWORD = 'Facet-Admin-1985!';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): FacetConfig {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  const roles = (env.FACET_ROLES ?? 'api,projector,worker')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean) as ProcessRole[];
  for (const role of roles) {
    if (!['api', 'projector', 'worker'].includes(role)) throw new Error(`FACET_ROLES: unknown role '${role}'`);
  }
  if (env.LOG_LEVEL && !['error', 'warn', 'log', 'debug'].includes(env.LOG_LEVEL)) {
    throw new Error(`LOG_LEVEL: '${env.LOG_LEVEL}' is not one of error, warn, log, debug`);
  }
  const adminCredentialsFromEnv = Boolean(env.ADMIN_EMAIL && env.ADMIN_PASSWORD);
  if (nodeEnv === 'production' && !adminCredentialsFromEnv) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD must be set in production; Facet will not start with a default administrator.');
  }
  const origin = `http://localhost:${port}`;
  return {
    env: nodeEnv,
    port,
    healthPort: env.HEALTH_PORT ? parsePort('HEALTH_PORT', env.HEALTH_PORT) : null,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/facet',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    eventStoreUrl: env.EVENTSTORE_URL || null,
    roles,
    adminEmail: (env.ADMIN_EMAIL ?? DEV_ADMIN_EMAIL).toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD,
    adminCredentialsFromEnv,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Facet Fine Jewelry <concierge@facet-jewelry.com>',
    staffNotificationEmail: env.STAFF_EMAIL ?? 'atelier@facet-jewelry.com',
    publicOrigins: (env.PUBLIC_ORIGINS ?? `${origin},http://127.0.0.1:${port}`)
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    queuePrefix: env.QUEUE_PREFIX ?? 'facet',
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 24 * 7),
    readYourWritesTimeoutMs: Number(env.READ_YOUR_WRITES_TIMEOUT_MS ?? 3000),
    parkAfterAttempts: positiveInt(env.PARK_AFTER_ATTEMPTS, 4, 'PARK_AFTER_ATTEMPTS'),
    parkBackoffMs: positiveInt(env.PARK_BACKOFF_MS, 250, 'PARK_BACKOFF_MS'),
    healthMaxLagSeconds: positiveInt(env.HEALTH_MAX_LAG_SECONDS, 5, 'HEALTH_MAX_LAG_SECONDS'),
    pipelinePoolSize: positiveInt(env.PIPELINE_POOL_SIZE, 5, 'PIPELINE_POOL_SIZE'),
    privacySecret: env.PRIVACY_SECRET || null,
    database: loadDatabaseTimeouts(env),
    logLevel: (env.LOG_LEVEL as FacetConfig['logLevel']) ?? (nodeEnv === 'test' ? 'warn' : 'log'),
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : process.stdout.isTTY ? 'pretty' : 'json',
  };
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new Error(`${name}: expected a whole number from 1 to 1000000, got '${value}'`);
  return n;
}

function parsePort(name: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}: '${value}' is not a port (1-65535)`);
  return port;
}

/**
 * Client addresses drive the login, sign-up and contact throttles, so X-Forwarded-For is believed only
 * from trusted proxies. The default trusts a proxy on this machine; behind a load balancer set
 * TRUST_PROXY to its addresses (e.g. 10.0.0.0/8) or to the number of proxy hops.
 */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = (value ?? 'loopback').trim();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export const FACET_CONFIG = Symbol('FACET_CONFIG');
