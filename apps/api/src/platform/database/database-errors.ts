/**
 * Database failures that say "busy or away, try again", not "bug": a statement or lock timeout, a pool
 * with no free connection, a server restarting. The HTTP filter answers them 503 with Retry-After.
 */
const BUSY_CODES: Record<string, string> = {
  '57014': 'statement timeout', // query_canceled: statement_timeout (or a cancel)
  '55P03': 'lock timeout', // lock_not_available: lock_timeout
  '25P03': 'idle-in-transaction timeout', // the server closed a connection left idle inside a transaction
  '40001': 'serialization failure',
  '40P01': 'deadlock',
  '53300': 'too many connections',
  '57P01': 'server shutting down', // admin_shutdown
  '57P03': 'server starting', // cannot_connect_now
};

const BUSY_MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg-pool: no free connection in time
  /Connection terminated due to connection timeout/i,
  /Connection terminated unexpectedly/i,
];

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Why a database error is worth retrying, or null when it is not one of those. */
export function transientDatabaseFailure(err: unknown): string | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && BUSY_CODES[e.code]) return BUSY_CODES[e.code];
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return `database unreachable (${e.code})`;
  if (typeof e.message === 'string' && BUSY_MESSAGES.some((m) => m.test(e.message as string)))
    return 'no database connection available in time';
  return null;
}
