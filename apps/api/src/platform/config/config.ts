/**
 * Every setting Facet reads from the environment, with safe defaults for one machine.
 * docs/configuration.md lists every variable of this file.
 */
import { registerAs } from '@nestjs/config';
import { createPrivateKey } from 'crypto';
import { join, resolve } from 'path';
import { z } from 'zod';
import { DEFAULT_STARTUP_RETRY_SECONDS } from '../database/startup-retry';

export type ProcessRole = 'api' | 'projector' | 'worker';

export interface FacetConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  /** Liveness port for processes without the api role (HEALTH_PORT); null: they listen on nothing. */
  healthPort: number | null;
  host: string;
  databaseUrl: string;
  /**
   * DATABASE_DIRECT_URL (default DATABASE_URL): the session connections (LISTEN, session advisory locks) and
   * migrations, which a transaction pooler in front of DATABASE_URL would not keep.
   */
  databaseDirectUrl: string;
  /** Whether DATABASE_URL goes through a pooler (DATABASE_DIRECT_URL is set and differs): no named statements. */
  databasePooled: boolean;
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
  /** The shop's address in canonical links, Open Graph, JSON-LD, robots.txt and the sitemap (canonicalOrigin). */
  publicOrigin: string;
  /** Which peers may set X-Forwarded-For (Fastify trustProxy): true, a hop count, or addresses/CIDRs. */
  trustProxy: boolean | number | string;
  queuePrefix: string;
  /** How long a job a worker holds stays locked to it (BullMQ's lockDuration, renewed at half); a job whose
   * worker died is taken up by another within about twice this (the stalled-job check runs as often). */
  queueJobLockMs: number;
  sessionTtlHours: number;
  readYourWritesTimeoutMs: number;
  /** Attempts at an event a projection or reactor fails on before it is parked, and the first backoff. */
  parkAfterAttempts: number;
  parkBackoffMs: number;
  /** /api/health says degraded when a projection or reactor is further behind the log than this. */
  healthMaxLagSeconds: number;
  /** How long each start-up step retries PostgreSQL's passing refusals (too many clients, starting up). */
  startupRetrySeconds: number;
  /**
   * DATABASE_POOL_MAX: the one setting every pool's size derives from (database.ts, poolSizes): the API's
   * requests pool holds up to this many connections, the other pools a quarter of it (docs/operations.md,
   * Connection budget).
   */
  databasePoolMax: number;
  database: DatabaseTimeouts;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /**
   * Keys the HMAC behind guest subjects and other digests (PRIVACY_SECRET, required in production); when
   * unset, a secret generated into a file under dataDir, never in the database.
   */
  privacySecret: string | null;
  /** FACET_DATA_DIR: where this machine keeps what must stay out of the database (default ./.data). */
  dataDir: string;
  /** json: one JSON object per line; pretty: readable lines. Default: pretty on a terminal, else json. */
  logFormat: 'json' | 'pretty';
  /** FACET_SEED: list the demo catalogue in an empty shop (default: yes, except in production). */
  seedDemoCatalogue: boolean;
  /**
   * FACET_PROJECTOR_THREAD: a process with the projector role and others runs its projections in a worker
   * thread of their own (default: yes; tests run them in process).
   */
  projectorThread: boolean;
  /** Mail a stranger can make the shop send to a typed address: at most this many per recipient per window. */
  mailRecipientCap: MailRecipientCap;
  /** How often the worker looks for mail left in the outbox with no job to send it (mail/outbox-sweeper.ts). */
  mailSweepIntervalMs: number;
  /** Where and how the log's signed anchors are published (platform/event-store/log-anchors.ts). */
  logAnchors: LogAnchorSettings;
  /** Who may read /metrics and where (platform/metrics). */
  metrics: MetricsSettings;
  /** How many orders one client and one shopper may place (orders' throttle, docs/security.md). */
  orderThrottle: OrderThrottleSettings;
  /** Most units of one variant one client's open (unpaid, unconfirmed) orders hold at once (inventory). */
  stockHoldCapPerClient: number;
  /** A consultation request's units are released this long after it was placed unless staff confirm the hold (CONSULTATION_HOLD_HOURS, 72). */
  consultationHoldMs: number;
  /** A delivered line may be asked back this many days after its delivery (RETURN_WINDOW_DAYS, 30). */
  returnWindowDays: number;
  /** Which card provider takes payments (PAYMENT_PROVIDER) and, for Stripe, its keys (docs/operations.md). */
  payments: PaymentProviderSettings;
}

/** PAYMENT_PROVIDER, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL and STRIPE_ALLOW_TEST_KEYS. */
export interface PaymentProviderSettings {
  /** sandbox (the default): the built-in hosted page; stripe: Stripe Checkout. */
  provider: 'sandbox' | 'stripe';
  /** Set when provider is stripe. */
  stripe: StripeSettings | null;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its requests instead of api.stripe.com (stripe-mock, a test double); null: Stripe itself. */
  apiUrl: string | null;
}

/** ORDER_THROTTLE_PER_CLIENT, ORDER_THROTTLE_PER_SHOPPER and ORDER_THROTTLE_WINDOW_SECONDS. */
export interface OrderThrottleSettings {
  /** Orders one client network (an IPv4 address, an IPv6 /64) may place per window. */
  perClient: number;
  /** Orders one shopper (the signed-in account, or a guest's e-mail) may place per window. */
  perShopper: number;
  /** The first window; a window that filled up makes the next twice as long, up to 16 times this. */
  windowSeconds: number;
}

/** METRICS_TOKEN and METRICS_PORT (platform/metrics/metrics-access.ts). */
export interface MetricsSettings {
  /** A scraper sends it as `Authorization: Bearer <token>`; null: no token is asked for (development, or its own port). */
  token: string | null;
  /** /metrics on a port of its own, served by every process (any role) and not on the shop's port; null: none. */
  port: number | null;
}

/** LOG_ANCHOR_DIR, LOG_ANCHOR_KEY, LOG_ANCHOR_KEY_FILE and LOG_ANCHOR_INTERVAL_MS. */
export interface LogAnchorSettings {
  /** The directory of the append-only anchors files (default <dataDir>/log-anchors). */
  dir: string;
  /** The Ed25519 signing key as PEM (LOG_ANCHOR_KEY), or null to use keyFile. */
  privateKeyPem: string | null;
  /** The signing key's file, generated on first use when LOG_ANCHOR_KEY is unset (default <dir>/signing-key.pem). */
  keyFile: string;
  /** How often the publisher looks at the log when no append woke it. */
  intervalMs: number;
}

/** MAIL_RECIPIENT_CAP and MAIL_RECIPIENT_WINDOW_SECONDS (mail/recipient-cap.ts). */
export interface MailRecipientCap {
  perRecipient: number;
  windowSeconds: number;
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
  /**
   * How long a shopper's query waits its turn in the queue in front of the requests pool (DB_QUEUE_TIMEOUT_MS),
   * while staff and the shop's own work keep connections of their own (connection-lanes.ts); 503 past it.
   */
  queueTimeoutMs?: number;
}

/**
 * The environment as Facet accepts it: one zod schema, every variable optional with a safe default for one
 * machine. A value outside what is allowed stops the start with the variable's name and what it may be.
 */
const DEV_ADMIN_EMAIL = 'admin@facet.local';
const DEV_ADMIN_PASSWORD = 'Facet-Admin-1985!';
const ROLES: readonly ProcessRole[] = ['api', 'projector', 'worker'];
const LOG_LEVELS = ['error', 'warn', 'log', 'debug'] as const;

/** Unset and empty both mean "use the default". */
const unset = (raw: string | undefined): raw is undefined => raw === undefined || raw === '';

function wholeNumber(min: number, max: number, fallback: number, what: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return fallback;
      const n = /^\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${show(raw)} is not ${what} (a whole number from ${min} to ${max})` });
        return z.NEVER;
      }
      return n;
    });
}

function oneOf<T extends string>(allowed: readonly T[]) {
  return z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      if (!unset(raw) && !allowed.includes(raw as T)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${show(raw)} is not one of ${allowed.join(', ')}` });
      }
    })
    .transform((raw) => (unset(raw) ? undefined : (raw as T)));
}

function url(protocols: readonly string[], example: string, hostRequired = true) {
  return z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      if (unset(raw)) return;
      let parsed: URL | null = null;
      try {
        parsed = new URL(raw);
      } catch {
        parsed = null;
      }
      if (!parsed || !protocols.includes(parsed.protocol) || (hostRequired && !parsed.hostname)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `${show(raw)} is not a ${protocols.join(' or ')}// URL (such as ${example})`,
        });
      }
    })
    .transform((raw) => (unset(raw) ? undefined : raw));
}

/** A PostgreSQL URL whose database name is letters, digits and _ (the shop creates that database when missing). */
function postgresUrl() {
  // No host is fine: pg then connects through a Unix socket (postgres:///facet?host=/var/run/postgresql).
  return url(['postgres:', 'postgresql:'], 'postgres://user@127.0.0.1:5432/facet', false).superRefine((raw, ctx) => {
    if (raw === undefined) return;
    const name = decodeURIComponent(new URL(raw).pathname.replace(/^\//, ''));
    if (!/^[A-Za-z0-9_]+$/.test(name)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `the database name ${show(name)} must be letters, digits and _ only` });
    }
  });
}

/** Values are quoted in messages, control characters escaped and long ones cut, so a message stays one line. */
/** Scheme, host and port only, http or https: https://shop.example, http://127.0.0.1:8080. */
function isOrigin(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === text;
  } catch {
    return false;
  }
}

const notAnOrigin = (text: string) => `${show(text)} is not an origin (scheme, host and port only, such as https://shop.example)`;

/** This machine's own names, which no shopper or search engine reaches the shop by. */
function isLoopback(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]';
}

/**
 * The shop's address as shoppers and search engines know it: PUBLIC_ORIGIN, else the first of PUBLIC_ORIGINS
 * that is not this machine's own name (localhost, 127.x, ::1), else the first of them.
 */
export function canonicalOrigin(configured: string | undefined, origins: readonly string[]): string {
  return configured ?? origins.find((o) => !isLoopback(o)) ?? origins[0];
}

function show(raw: string): string {
  const cut = raw.length > 80 ? `${raw.slice(0, 80)}…` : raw;
  return JSON.stringify(cut);
}

/** The order throttle's defaults: a shop's real shoppers place a few orders an hour, never ten in a minute. */
export const DEFAULT_ORDER_THROTTLE: OrderThrottleSettings = { perClient: 10, perShopper: 5, windowSeconds: 600 };
/** One client holds at most this many units of one variant in orders not yet paid or confirmed. */
export const DEFAULT_STOCK_HOLD_CAP_PER_CLIENT = 10;
/** How long a consultation request's units stay held unless staff confirm the hold (issue 49). */
export const DEFAULT_CONSULTATION_HOLD_HOURS = 72;
export const DEFAULT_RETURN_WINDOW_DAYS = 30;

const timeoutMs = (fallback: number) => wholeNumber(0, 86_400_000, fallback, 'a time in milliseconds (0 turns the limit off)');
const count = (fallback: number) => wholeNumber(1, 1_000_000, fallback, 'a count');

const DATABASE_TIMEOUTS = z.object({
  DB_STATEMENT_TIMEOUT_MS: timeoutMs(10_000),
  DB_LOCK_TIMEOUT_MS: timeoutMs(5_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: timeoutMs(30_000),
  DB_CONNECTION_TIMEOUT_MS: timeoutMs(5_000),
  DB_QUEUE_TIMEOUT_MS: wholeNumber(1, 600_000, 20_000, 'a time in milliseconds'),
});

export const ENVIRONMENT = DATABASE_TIMEOUTS.extend({
  NODE_ENV: oneOf(['development', 'test', 'production'] as const),
  PORT: wholeNumber(1, 65535, 3000, 'a port'),
  HEALTH_PORT: wholeNumber(1, 65535, 0, 'a port').transform((n) => (n === 0 ? null : n)),
  HOST: z.string().optional(),
  DATABASE_URL: postgresUrl(),
  // The server itself when DATABASE_URL is a pooler's: migrations create its database when missing, as DATABASE_URL's.
  DATABASE_DIRECT_URL: postgresUrl(),
  REDIS_URL: url(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  EVENTSTORE_URL: url(['esdb:', 'esdb+discover:'], 'esdb://127.0.0.1:2113?tls=false'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://127.0.0.1:1025'),
  FACET_ROLES: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const roles = (unset(raw) ? 'api,projector,worker' : raw)
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const unknown = roles.filter((r) => !ROLES.includes(r as ProcessRole));
      if (unknown.length || !roles.length) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${show(raw ?? '')} must be a comma-separated list of ${ROLES.join(', ')}` });
        return z.NEVER;
      }
      return roles as ProcessRole[];
    }),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  STAFF_EMAIL: z.string().optional(),
  PUBLIC_ORIGINS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      const origins = raw
        .split(',')
        .map((o) => o.trim().replace(/\/$/, ''))
        .filter(Boolean);
      for (const origin of origins) {
        if (!isOrigin(origin)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: notAnOrigin(origin) });
          return z.NEVER;
        }
      }
      return origins;
    }),
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      const origin = raw.trim().replace(/\/$/, '');
      if (isOrigin(origin)) return origin;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: notAnOrigin(origin) });
      return z.NEVER;
    }),
  TRUST_PROXY: z.string().optional(),
  QUEUE_PREFIX: z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      if (!unset(raw) && !/^[A-Za-z0-9_.:-]{1,64}$/.test(raw)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${show(raw)} must be 1-64 letters, digits, '.', ':', '_' or '-'` });
      }
    }),
  QUEUE_JOB_LOCK_MS: wholeNumber(1000, 600_000, 30_000, 'a time in milliseconds'),
  SESSION_TTL_HOURS: wholeNumber(1, 24 * 366, 24 * 7, 'a number of hours'),
  READ_YOUR_WRITES_TIMEOUT_MS: wholeNumber(0, 600_000, 3000, 'a time in milliseconds'),
  PARK_AFTER_ATTEMPTS: count(4),
  PARK_BACKOFF_MS: count(250),
  HEALTH_MAX_LAG_SECONDS: count(5),
  STARTUP_RETRY_SECONDS: count(DEFAULT_STARTUP_RETRY_SECONDS),
  DATABASE_POOL_MAX: wholeNumber(1, 1000, 20, 'a number of connections'),
  PRIVACY_SECRET: z.string().optional(),
  FACET_DATA_DIR: z.string().optional(),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  LOG_FORMAT: oneOf(['json', 'pretty'] as const),
  FACET_SEED: oneOf(['true', 'false'] as const),
  FACET_PROJECTOR_THREAD: oneOf(['true', 'false'] as const),
  MAIL_RECIPIENT_CAP: count(5),
  MAIL_RECIPIENT_WINDOW_SECONDS: wholeNumber(1, 31 * 86_400, 3_600, 'a number of seconds'),
  MAIL_SWEEP_INTERVAL_MS: wholeNumber(100, 86_400_000, 60_000, 'a time in milliseconds'),
  LOG_ANCHOR_DIR: z.string().optional(),
  LOG_ANCHOR_KEY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return null;
      // A PEM in one environment line may carry its line breaks as \n.
      const pem = raw.replace(/\\n/g, '\n');
      let ok = false;
      try {
        ok = createPrivateKey(pem).asymmetricKeyType === 'ed25519';
      } catch {
        ok = false;
      }
      if (!ok) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'is not an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519)' });
        return z.NEVER;
      }
      return pem;
    }),
  LOG_ANCHOR_KEY_FILE: z.string().optional(),
  LOG_ANCHOR_INTERVAL_MS: wholeNumber(100, 5000, 2000, 'a time in milliseconds'),
  METRICS_TOKEN: z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      if (!unset(raw) && !/^[\x21-\x7e]{16,256}$/.test(raw)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: 'must be 16 to 256 visible ASCII characters (no spaces), such as openssl rand -hex 32',
        });
      }
    }),
  METRICS_PORT: wholeNumber(1, 65535, 0, 'a port').transform((n) => (n === 0 ? null : n)),
  ORDER_THROTTLE_PER_CLIENT: wholeNumber(1, 1_000_000, DEFAULT_ORDER_THROTTLE.perClient, 'a number of orders'),
  ORDER_THROTTLE_PER_SHOPPER: wholeNumber(1, 1_000_000, DEFAULT_ORDER_THROTTLE.perShopper, 'a number of orders'),
  ORDER_THROTTLE_WINDOW_SECONDS: wholeNumber(1, 86_400, DEFAULT_ORDER_THROTTLE.windowSeconds, 'a number of seconds'),
  STOCK_HOLD_CAP_PER_CLIENT: wholeNumber(1, 1_000_000, DEFAULT_STOCK_HOLD_CAP_PER_CLIENT, 'a number of units'),
  CONSULTATION_HOLD_HOURS: wholeNumber(1, 8760, DEFAULT_CONSULTATION_HOLD_HOURS, 'a number of hours'),
  RETURN_WINDOW_DAYS: wholeNumber(1, 3650, DEFAULT_RETURN_WINDOW_DAYS, 'a number of days'),
  PAYMENT_PROVIDER: oneOf(['sandbox', 'stripe'] as const),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: url(['http:', 'https:'], 'http://127.0.0.1:12111'),
  STRIPE_ALLOW_TEST_KEYS: oneOf(['1', '0', 'true', 'false'] as const),
});

/** Thrown when the environment holds a value Facet does not accept; main.ts prints it and exits with 1. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Facet will not start, the environment has ${problems.length === 1 ? 'a bad value' : 'bad values'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

function parseEnvironment<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue: z.ZodIssue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data as z.output<S>;
}

export function loadDatabaseTimeouts(env: NodeJS.ProcessEnv = process.env): DatabaseTimeouts {
  const e = parseEnvironment(DATABASE_TIMEOUTS, env);
  return {
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
    idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    connectionTimeoutMs: e.DB_CONNECTION_TIMEOUT_MS,
    queueTimeoutMs: e.DB_QUEUE_TIMEOUT_MS,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): FacetConfig {
  const e = parseEnvironment(ENVIRONMENT, env);
  const nodeEnv = e.NODE_ENV ?? 'development';
  const adminCredentialsFromEnv = Boolean(e.ADMIN_EMAIL && e.ADMIN_PASSWORD);
  if (nodeEnv === 'production' && !adminCredentialsFromEnv) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD must be set in production; Facet will not start with a default administrator.']);
  }
  // Every digest of personal data is keyed with it: a secret generated on one host would differ on the next.
  if (nodeEnv === 'production' && !e.PRIVACY_SECRET) {
    throw new ConfigError(['PRIVACY_SECRET must be set in production (32 or more characters); Facet will not start without it.']);
  }
  const payments = paymentProviderSettings(e, nodeEnv);
  const port = e.PORT;
  const databaseUrl = e.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/facet';
  const origin = `http://localhost:${port}`;
  // The canonical origin is one of the shop's own, payment returns to it among them.
  const listed = e.PUBLIC_ORIGINS ?? [origin, `http://127.0.0.1:${port}`];
  const publicOrigins = e.PUBLIC_ORIGIN && !listed.includes(e.PUBLIC_ORIGIN) ? [e.PUBLIC_ORIGIN, ...listed] : listed;
  return {
    env: nodeEnv,
    port,
    healthPort: e.HEALTH_PORT,
    host: e.HOST || '0.0.0.0',
    databaseUrl,
    databaseDirectUrl: e.DATABASE_DIRECT_URL ?? databaseUrl,
    databasePooled: e.DATABASE_DIRECT_URL !== undefined && e.DATABASE_DIRECT_URL !== databaseUrl,
    redisUrl: e.REDIS_URL ?? 'redis://127.0.0.1:6379',
    eventStoreUrl: e.EVENTSTORE_URL ?? null,
    roles: e.FACET_ROLES,
    adminEmail: (e.ADMIN_EMAIL ?? DEV_ADMIN_EMAIL).toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD,
    adminCredentialsFromEnv,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Facet Fine Jewelry <concierge@facet-jewelry.com>',
    staffNotificationEmail: e.STAFF_EMAIL ?? 'atelier@facet-jewelry.com',
    publicOrigins,
    publicOrigin: canonicalOrigin(e.PUBLIC_ORIGIN, publicOrigins),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    queuePrefix: e.QUEUE_PREFIX || 'facet',
    queueJobLockMs: e.QUEUE_JOB_LOCK_MS,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    readYourWritesTimeoutMs: e.READ_YOUR_WRITES_TIMEOUT_MS,
    parkAfterAttempts: e.PARK_AFTER_ATTEMPTS,
    parkBackoffMs: e.PARK_BACKOFF_MS,
    healthMaxLagSeconds: e.HEALTH_MAX_LAG_SECONDS,
    startupRetrySeconds: e.STARTUP_RETRY_SECONDS,
    databasePoolMax: e.DATABASE_POOL_MAX,
    privacySecret: e.PRIVACY_SECRET || null,
    dataDir: resolve(e.FACET_DATA_DIR || '.data'),
    database: loadDatabaseTimeouts(env),
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'log'),
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    seedDemoCatalogue: nodeEnv === 'production' ? e.FACET_SEED === 'true' : e.FACET_SEED !== 'false',
    projectorThread: e.FACET_PROJECTOR_THREAD !== 'false',
    mailRecipientCap: { perRecipient: e.MAIL_RECIPIENT_CAP, windowSeconds: e.MAIL_RECIPIENT_WINDOW_SECONDS },
    mailSweepIntervalMs: e.MAIL_SWEEP_INTERVAL_MS,
    logAnchors: logAnchorSettings(e),
    metrics: { token: unset(e.METRICS_TOKEN) ? null : e.METRICS_TOKEN, port: e.METRICS_PORT },
    orderThrottle: {
      perClient: e.ORDER_THROTTLE_PER_CLIENT,
      perShopper: e.ORDER_THROTTLE_PER_SHOPPER,
      windowSeconds: e.ORDER_THROTTLE_WINDOW_SECONDS,
    },
    stockHoldCapPerClient: e.STOCK_HOLD_CAP_PER_CLIENT,
    consultationHoldMs: e.CONSULTATION_HOLD_HOURS * 3_600_000,
    returnWindowDays: e.RETURN_WINDOW_DAYS,
    payments,
  };
}

/**
 * Stripe needs both its keys, named when missing. In production a test key (sk_test_…, whsec_ is the same for
 * both modes) takes no real money: refused unless STRIPE_ALLOW_TEST_KEYS=1 says a staging shop means it.
 */
function paymentProviderSettings(e: z.output<typeof ENVIRONMENT>, nodeEnv: FacetConfig['env']): PaymentProviderSettings {
  if ((e.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox') return { provider: 'sandbox', stripe: null };
  const secretKey = (e.STRIPE_SECRET_KEY ?? '').trim();
  const webhookSecret = (e.STRIPE_WEBHOOK_SECRET ?? '').trim();
  const missing = [!secretKey && 'STRIPE_SECRET_KEY', !webhookSecret && 'STRIPE_WEBHOOK_SECRET'].filter(Boolean);
  if (missing.length) {
    throw new ConfigError([
      `PAYMENT_PROVIDER=stripe needs ${missing.join(' and ')}; Facet will not start without ${missing.length > 1 ? 'them' : 'it'}.`,
    ]);
  }
  const problems: string[] = [];
  if (!/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(secretKey)) {
    problems.push('STRIPE_SECRET_KEY: is not a Stripe secret or restricted key (sk_live_…, sk_test_…, rk_live_… or rk_test_…)');
  }
  if (!/^whsec_[A-Za-z0-9_+/=]+$/.test(webhookSecret)) problems.push('STRIPE_WEBHOOK_SECRET: is not a webhook signing secret (whsec_…)');
  if (problems.length) throw new ConfigError(problems);
  const allowTest = e.STRIPE_ALLOW_TEST_KEYS === '1' || e.STRIPE_ALLOW_TEST_KEYS === 'true';
  if (nodeEnv === 'production' && /^(sk|rk)_test_/.test(secretKey) && !allowTest) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY is a test key (sk_test_…) and NODE_ENV is production: no real card would be charged. Set a live key, or STRIPE_ALLOW_TEST_KEYS=1 for a staging shop.',
    ]);
  }
  return { provider: 'stripe', stripe: { secretKey, webhookSecret, apiUrl: e.STRIPE_API_URL ?? null } };
}

function logAnchorSettings(e: z.output<typeof ENVIRONMENT>): LogAnchorSettings {
  const dir = resolve(e.LOG_ANCHOR_DIR || join(e.FACET_DATA_DIR || '.data', 'log-anchors'));
  return {
    dir,
    privateKeyPem: e.LOG_ANCHOR_KEY,
    keyFile: resolve(e.LOG_ANCHOR_KEY_FILE || join(dir, 'signing-key.pem')),
    intervalMs: e.LOG_ANCHOR_INTERVAL_MS,
  };
}

/**
 * Client addresses drive the sign-in, sign-up, verification, reset, mail-request and contact throttles, so X-Forwarded-For is believed only
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

/** The same settings through @nestjs/config (ConfigModule.forRoot({ load: [facetConfig] })), read when the app is built. */
export const facetConfig = registerAs('facet', () => loadConfig());

export const FACET_CONFIG = Symbol('FACET_CONFIG');
