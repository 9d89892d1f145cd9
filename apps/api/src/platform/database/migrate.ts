import { createHash } from 'crypto';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { Client } from 'pg';
import { backfillLogChain } from '../event-store/log-backfill';

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
  } catch (err: any) {
    await probe.end().catch(() => undefined);
    if (err?.code !== '3D000') throw err; // anything but "database does not exist"
  }
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (err: any) {
    // Created meanwhile by another process: 42P04, or 23505 when both CREATEs ran at the same moment.
    if (err?.code !== '42P04' && err?.code !== '23505') throw err;
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
  options: { dir?: string } = {},
): Promise<string[]> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  await ensureDatabase(databaseUrl);
  const client = new Client({ connectionString: databaseUrl });
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
      (await client.query('SELECT name, checksum FROM public.schema_migrations')).rows.map((r) => [r.name, r.checksum]),
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
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
