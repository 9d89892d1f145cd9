import { createHash } from 'crypto';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { Client } from 'pg';
import { backfillLogChain } from '../event-store/log-backfill';
import type { DatabaseTimeouts, FacetConfig } from '../config/config';
import { pooledSessionSettings } from './database';

/** DATABASE_URL through a transaction pooler: the URL, and the timeouts its server sessions run under. */
export interface PooledSessions {
  url: string;
  timeouts: DatabaseTimeouts;
}

/** How the shop's processes migrate: through DATABASE_DIRECT_URL, setting up pooled sessions when there is a pooler. */
export function migrateShop(config: FacetConfig, log: (line: string) => void = () => undefined): Promise<string[]> {
  return migrate(config.databaseDirectUrl, log, {
    pooled: config.databasePooled ? { url: config.databaseUrl, timeouts: config.database } : undefined,
  });
}

/**
 * The settings a pooled server session cannot be given at connection (pooledSessionSettings), set on the
 * role DATABASE_URL names (else this one) for this database; the pooler's new server sessions take them.
 * Only changed settings are written, under the migration lock, so processes starting together agree.
 */
async function setPooledSessionSettings(client: Client, pooled: PooledSessions, log: (line: string) => void): Promise<void> {
  const role =
    decodeURIComponent(new URL(pooled.url).username) || (await client.query<{ u: string }>('SELECT current_user AS u')).rows[0].u;
  const want = pooledSessionSettings(pooled.timeouts);
  const current = new Map<string, string>(
    (
      await client.query<{ setting: string }>(
        `SELECT unnest(setconfig) AS setting FROM pg_catalog.pg_db_role_setting s
         JOIN pg_catalog.pg_database d ON d.oid = s.setdatabase JOIN pg_catalog.pg_roles r ON r.oid = s.setrole
         WHERE d.datname = current_database() AND r.rolname = $1`,
        [role],
      )
    ).rows.map((r) => [r.setting.slice(0, r.setting.indexOf('=')), r.setting.slice(r.setting.indexOf('=') + 1)]),
  );
  const database = (await client.query<{ d: string }>('SELECT current_database() AS d')).rows[0].d;
  for (const [name, value] of Object.entries(want)) {
    if (current.get(name) === value) continue;
    // search_path is a list of names; the others are numbers (milliseconds).
    const literal = name === 'search_path' ? value : client.escapeLiteral(value);
    await client.query(
      `ALTER ROLE ${client.escapeIdentifier(role)} IN DATABASE ${client.escapeIdentifier(database)} SET ${name} = ${literal}`,
    );
    log(`pooled sessions of ${role}: ${name} = ${value}`);
  }
}

export const MIGRATIONS_DIR = join(__dirname, '..', '..', '..', 'migrations');
const MIGRATION_LOCK = 7_301_985; // any constant: one migrator at a time across all processes

/** Creates the database itself when it does not exist yet (the server must be reachable). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name '${name}'`);
  const probe = new Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (err: unknown) {
    await probe.end().catch(() => undefined);
    if ((err as { code?: string } | null)?.code !== '3D000') throw err; // anything but "database does not exist"
  }
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (err: unknown) {
    // Created meanwhile by another process: 42P04, or 23505 when both CREATEs ran at the same moment.
    const code = (err as { code?: string } | null)?.code;
    if (code !== '42P04' && code !== '23505') throw err;
  } finally {
    await admin.end();
  }
}

/** A migration file changed after it was applied: the database holds the old text's effect, so Facet stops. */
export class MigrationChecksumError extends Error {
  constructor(readonly changed: { file: string; recorded: string; now: string }[]) {
    super(
      `Facet will not start: ${changed.length === 1 ? 'a migration was' : `${changed.length} migrations were`} changed after being applied to this database:\n` +
        changed
          .map((c) => `  - ${c.file}: applied with sha256 ${c.recorded.slice(0, 12)}…, the file now has ${c.now.slice(0, 12)}…`)
          .join('\n') +
        '\nApplied migrations must not change. Restore the file(s) and put the change in a new numbered migration.',
    );
    this.name = 'MigrationChecksumError';
  }
}

/** sha256 of a migration's text; line endings count as \n so a Windows checkout reads the same. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');
}

/**
 * Applies the numbered SQL files in apps/api/migrations that have not run yet, each in its own transaction
 * with its bookkeeping row, in name order (a lower number merged later still runs). One process migrates at a
 * time (an advisory lock), so several API processes may start together. Each applied file's sha256 is kept
 * in schema_migrations.checksum; a file that no longer matches stops the start before anything is applied.
 * Rows the runner wrote before checksums existed take the file's checksum once, on the first start after.
 */
export async function migrate(
  databaseUrl: string,
  log: (line: string) => void = () => undefined,
  options: { dir?: string; pooled?: PooledSessions } = {},
): Promise<string[]> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  await ensureDatabase(databaseUrl);
  // No statement or lock limit for a migration, whatever the role's settings say (pooledSessions sets some).
  const client = new Client({
    connectionString: databaseUrl,
    application_name: 'facet migrate',
    options: '-c statement_timeout=0 -c lock_timeout=0 -c idle_in_transaction_session_timeout=0',
  });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS public.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), checksum text)',
    );
    // A table from before checksums: add the column (its rows are adopted below).
    await client.query('ALTER TABLE public.schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    const recorded = new Map<string, string | null>(
      (await client.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM public.schema_migrations')).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );
    const files = readdirSync(dir)
      .filter((f) => /^\d{3}_.+\.sql$/.test(f))
      .sort()
      .map((file) => {
        const sql = readFileSync(join(dir, file), 'utf8');
        return { file, sql, checksum: migrationChecksum(sql) };
      });
    const changed = files
      .filter((f) => recorded.has(f.file) && recorded.get(f.file) !== null && recorded.get(f.file) !== f.checksum)
      .map((f) => ({ file: f.file, recorded: recorded.get(f.file)!, now: f.checksum }));
    if (changed.length) throw new MigrationChecksumError(changed);
    const adopted = files.filter((f) => recorded.has(f.file) && recorded.get(f.file) === null);
    for (const f of adopted) {
      await client.query('UPDATE public.schema_migrations SET checksum = $2 WHERE name = $1 AND checksum IS NULL', [f.file, f.checksum]);
    }
    if (adopted.length) log(`recorded checksums of ${adopted.length} migration(s) applied before checksums were kept`);
    for (const { file, sql, checksum } of files) {
      if (recorded.has(file)) continue;
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO public.schema_migrations (name, checksum) VALUES ($1, $2)', [file, checksum]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
      applied.push(file);
      log(`migrated ${file}`);
    }
    // Events older than the chain get their hashes once (migration 060), still under the migration lock.
    await backfillLogChain(client, log);
    if (options.pooled) await setPooledSessionSettings(client, options.pooled, log);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
