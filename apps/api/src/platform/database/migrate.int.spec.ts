import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { Client } from 'pg';
import { testServerUrl } from '../../testing/test-database';
import { migrate, MigrationChecksumError, migrationChecksum, MIGRATIONS_DIR } from './migrate';

const MAIN = resolve(__dirname, '..', '..', '..', 'dist', 'main.js');
const FILES = readdirSync(MIGRATIONS_DIR)
  .filter((f) => /^\d{3}_.+\.sql$/.test(f))
  .sort();

/** A database name of our own on the test server, and a copy of the migrations we may change. */
function scratch(): { url: string; name: string; dir: string } {
  const name = `facet_migrate_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'facet-migrations-'));
  for (const f of FILES) copyFileSync(join(MIGRATIONS_DIR, f), join(dir, f));
  return { url: url.toString(), name, dir };
}

async function query<T = any>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

describe('Migrations with checksums', () => {
  const made: { url: string; name: string; dir: string }[] = [];
  const fresh = () => {
    const s = scratch();
    made.push(s);
    return s;
  };
  afterAll(async () => {
    const server = new URL(testServerUrl());
    server.pathname = '/postgres';
    for (const s of made) {
      await query(server.toString(), `DROP DATABASE IF EXISTS "${s.name}" WITH (FORCE)`).catch(() => undefined);
      rmSync(s.dir, { recursive: true, force: true });
    }
  });

  it('should record the sha256 of every applied file, and apply nothing twice', async () => {
    const s = fresh();
    expect(await migrate(s.url, undefined, { dir: s.dir })).toEqual(FILES);
    const rows = await query(s.url, 'SELECT name, checksum FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(FILES);
    for (const r of rows) expect(r.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(await migrate(s.url, undefined, { dir: s.dir })).toEqual([]);
    // CRLF line endings (a Windows checkout) read as the same file.
    const first = join(s.dir, FILES[0]);
    const text = require('fs').readFileSync(first, 'utf8') as string;
    writeFileSync(first, text.replace(/\n/g, '\r\n'));
    expect(migrationChecksum(require('fs').readFileSync(first, 'utf8'))).toBe(migrationChecksum(text));
    expect(await migrate(s.url, undefined, { dir: s.dir })).toEqual([]);
  }, 60_000);

  it('should refuse to go on when an applied file changed, naming it, and apply nothing new', async () => {
    const s = fresh();
    await migrate(s.url, undefined, { dir: s.dir });
    appendFileSync(join(s.dir, FILES[1]), '\n-- edited after release\n');
    writeFileSync(join(s.dir, '999_new_table.sql'), 'CREATE TABLE later_table (id int);');
    const err = await migrate(s.url, undefined, { dir: s.dir }).catch((e) => e);
    expect(err).toBeInstanceOf(MigrationChecksumError);
    expect(err.message).toContain(`${FILES[1]}: applied with sha256 `);
    expect(err.message).toContain('Restore the file(s) and put the change in a new numbered migration');
    expect(await query(s.url, "SELECT to_regclass('public.later_table') AS t")).toEqual([{ t: null }]);
  }, 60_000);

  it('should carry over a database the old runner migrated (no checksum column), once', async () => {
    const s = fresh();
    await migrate(s.url, undefined, { dir: s.dir });
    // The old runner's bookkeeping: names and times only.
    await query(s.url, 'ALTER TABLE schema_migrations DROP COLUMN checksum');
    const before = await query(s.url, 'SELECT name, applied_at FROM schema_migrations ORDER BY name');
    const lines: string[] = [];
    expect(await migrate(s.url, (l) => lines.push(l), { dir: s.dir })).toEqual([]);
    expect(lines).toContain(`recorded checksums of ${FILES.length} migration(s) applied before checksums were kept`);
    const after = await query(s.url, 'SELECT name, applied_at, checksum FROM schema_migrations ORDER BY name');
    expect(after.map(({ name, applied_at }) => ({ name, applied_at }))).toEqual(before);
    expect(after.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
    // Adopted once: from now on a change is caught.
    lines.length = 0;
    await migrate(s.url, (l) => lines.push(l), { dir: s.dir });
    expect(lines.filter((l) => l.startsWith('recorded checksums'))).toEqual([]);
    appendFileSync(join(s.dir, FILES[0]), ' ');
    await expect(migrate(s.url, undefined, { dir: s.dir })).rejects.toThrow(MigrationChecksumError);
  }, 60_000);

  it('should still apply a lower-numbered file merged after higher ones ran', async () => {
    const s = fresh();
    await migrate(s.url, undefined, { dir: s.dir });
    writeFileSync(join(s.dir, '005_late_merge.sql'), 'CREATE TABLE late_merge (id int);');
    expect(await migrate(s.url, undefined, { dir: s.dir })).toEqual(['005_late_merge.sql']);
  }, 60_000);

  it('should let several processes start together: each file applied once, no error', async () => {
    const s = fresh();
    const results = await Promise.all(Array.from({ length: 5 }, () => migrate(s.url, undefined, { dir: s.dir })));
    expect(results.flat().sort()).toEqual(FILES);
    const rows = await query(s.url, 'SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0].n).toBe(FILES.length);
  }, 90_000);

  it('should make the built shop refuse to start on a changed migration with a clear message', async () => {
    // The built server reads apps/api/migrations; change what the database recorded instead of the file.
    expect(existsSync(MAIN)).toBe(true); // built by scripts/ensure.sh build
    const s = fresh();
    await migrate(s.url);
    await query(s.url, "UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE name = $1", [FILES[2]]);
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, DATABASE_URL: s.url, FACET_ROLES: 'projector', LOG_LEVEL: 'error', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stderr.on('data', (d) => (text += d));
    // A shop that does start (the check missing) is stopped, so the test fails instead of hanging.
    const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise((r) => child.once('exit', r));
    clearTimeout(guard);
    expect(code).toBe(1);
    expect(text).toContain('Facet will not start: a migration was changed after being applied');
    expect(text).toContain(`${FILES[2]}: applied with sha256 000000000000…`);
    expect(text).not.toContain('    at ');
  }, 60_000);
});
