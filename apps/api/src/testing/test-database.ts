import { createHash, randomBytes } from 'crypto';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { Client } from 'pg';
import { migrate, MIGRATIONS_DIR } from '../platform/database/migrate';

/** The PostgreSQL server tests run against; each test file gets its own database on it. */
export function testServerUrl(): string {
  // The server itself, also while a test app runs through a pooler (DATABASE_URL is then the pooler's).
  return (
    process.env.TEST_DATABASE_URL ||
    process.env.DATABASE_DIRECT_URL ||
    process.env.DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

const TEMPLATE_PREFIX = 'facet_template_';
const TEMPLATE_LOCK = 7_301_986; // one builder of the migrated template at a time, across jest workers

/** A name for the migrations as they are now: a changed, added or removed file gives a new template. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(MIGRATIONS_DIR, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function withAdmin<T>(server: URL, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: server.toString(), statement_timeout: 60_000 });
  // A statement cut by the timeout can send a second error after the first failed the query.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/**
 * A database migrated once per set of migrations, kept on the server as a template that no one connects
 * to: each test file's database is a copy of it (CREATE DATABASE … TEMPLATE, about a second) instead of
 * 43 migrations run again (5–10 s on a busy machine). Built under an advisory lock into a scratch name and
 * renamed when whole, so a worker killed halfway leaves nothing another takes for a template.
 */
async function migratedTemplate(server: URL): Promise<string> {
  const name = TEMPLATE_PREFIX + migrationsFingerprint();
  const ready = async (admin: Client) =>
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name])).rowCount === 1;
  return withAdmin(server, async (admin) => {
    if (await ready(admin)) return name;
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await ready(admin)) return name;
      // Templates of other migrations (an older checkout's) and a half-built scratch copy go first.
      const stale = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%' AND datname <> $1`,
        [name],
      );
      for (const { datname } of stale.rows) {
        await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
      const scratch = `${name}_building`;
      const url = new URL(server.toString());
      url.pathname = `/${scratch}`;
      await migrate(url.toString());
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`ALTER DATABASE "${scratch}" RENAME TO "${name}"`);
      // No connections: a session left on a template would make every copy of it fail.
      await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    }
  });
}

let template: { server: string; name: Promise<string> } | undefined;

function templateOn(server: URL): Promise<string> {
  if (template?.server !== server.toString()) {
    template = { server: server.toString(), name: migratedTemplate(server) };
    // A failed build is tried again by the next file rather than remembered.
    template.name.catch(() => {
      template = undefined;
    });
  }
  return template.name;
}

/**
 * Creates a fresh, migrated database for one test file (a copy of the migrated template); drop() removes it.
 * `migrate: false` when the caller runs migrate() on it itself (a test app's start does).
 */
export async function createTestDatabase(prefix = 'facet_test', options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = new URL(testServerUrl());
  const copy = async () => {
    const templateName = await templateOn(server);
    await withAdmin(server, async (admin) => {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
      // A test database outlives no crash of the server it is on, so its commits need not wait for the disk:
      // they reach PostgreSQL's memory and its WAL writer flushes them a moment later. A server stopped with
      // -m immediate can lose the last of them, so a suite that does that to its own cluster asks for durable
      // commits (FACET_TEST_DURABLE_COMMITS=1).
      if (process.env.FACET_TEST_DURABLE_COMMITS !== '1') await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
    });
  };
  try {
    await copy();
  } catch (err) {
    // 3D000: the template is gone (a run on other migrations against the same server dropped it as stale):
    // build it again once.
    if ((err as { code?: string }).code !== '3D000') throw err;
    template = undefined;
    await copy();
  }
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  // Applies nothing on a copy of the template; it keeps the checksum check and what migrate does after the SQL.
  if (options.migrate !== false) await migrate(url.toString());
  return {
    url: url.toString(),
    name,
    // Clean-up must not fail a test: a drop that waits (a lock held elsewhere on a busy shared server) is
    // retried a few times, then the database is left behind with a warning.
    async drop() {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const admin = new Client({ connectionString: server.toString(), statement_timeout: 10_000 });
        // A DROP cut by the timeout (its checkpoint on a busy server) can send a second error after the first
        // failed the query: with no listener that one would fail whichever test is running.
        admin.on('error', () => undefined);
        try {
          await admin.connect();
          await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          return;
        } catch (err) {
          if (attempt === 3) console.warn(`test database ${name} left behind: ${(err as Error).message}`);
        } finally {
          await admin.end().catch(() => undefined);
        }
      }
    },
  };
}
