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
    if (err?.code !== '42P04') throw err; // created meanwhile by another process
  } finally {
    await admin.end();
  }
}

/** Applies the numbered SQL files in apps/api/migrations that have not run yet, each in its own transaction. */
export async function migrate(databaseUrl: string, log: (line: string) => void = () => undefined): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS public.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query('SELECT name FROM public.schema_migrations')).rows.map((r) => r.name));
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{3}_.+\.sql$/.test(f))
      .sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO public.schema_migrations (name) VALUES ($1)', [file]);
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
