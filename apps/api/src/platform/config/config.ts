/**
 * Every setting Facet reads from the environment, with safe defaults for one machine.
 * The README's table of environment variables mirrors this file.
 */
export type ProcessRole = 'api' | 'projector' | 'worker';

export interface FacetConfig {
  env: 'development' | 'test' | 'production';
  port: number;
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
  dataDir: string;
  queuePrefix: string;
  sessionTtlHours: number;
  readYourWritesTimeoutMs: number;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
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
  const adminCredentialsFromEnv = Boolean(env.ADMIN_EMAIL && env.ADMIN_PASSWORD);
  if (nodeEnv === 'production' && !adminCredentialsFromEnv) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD must be set in production; Facet will not start with a default administrator.');
  }
  const origin = `http://localhost:${port}`;
  return {
    env: nodeEnv,
    port,
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
    dataDir: env.DATA_DIR ?? '.data',
    queuePrefix: env.QUEUE_PREFIX ?? 'facet',
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 24 * 7),
    readYourWritesTimeoutMs: Number(env.READ_YOUR_WRITES_TIMEOUT_MS ?? 3000),
    logLevel: (env.LOG_LEVEL as FacetConfig['logLevel']) ?? (nodeEnv === 'test' ? 'warn' : 'log'),
  };
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
