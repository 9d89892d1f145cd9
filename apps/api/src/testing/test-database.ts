import { randomBytes } from 'crypto';
import { Client } from 'pg';
import { migrate } from '../platform/database/migrate';

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

/** Creates a fresh, migrated database for one test file; drop() removes it. */
export async function createTestDatabase(prefix = 'facet_test'): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = new URL(testServerUrl());
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  await migrate(url.toString());
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
