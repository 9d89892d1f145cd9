import { randomBytes } from 'crypto';
import { Client } from 'pg';
import { migrate } from '../platform/database/migrate';

/** The PostgreSQL server tests run against; each test file gets its own database on it. */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
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
    async drop() {
      const admin = new Client({ connectionString: server.toString() });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
