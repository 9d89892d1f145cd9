import { ChildProcess, execFileSync, spawn } from 'child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import { freePort } from './built-shop';
import { testServerUrl } from './test-database';

/** Debian's PgBouncer (1.18: no prepared-statement support in transaction mode), or why there is none. */
export function findPgBouncer(): { binary: string } | { missing: string } {
  for (const binary of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) if (existsSync(binary)) return { binary };
  try {
    return { binary: execFileSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' }).trim() };
  } catch {
    return {
      missing: "pgbouncer is not installed (scripts/ensure.sh pgbouncer installs Debian's package as root: apt-get install pgbouncer)",
    };
  }
}

export interface PgBouncer {
  /** postgres://user@127.0.0.1:<port>: add a database name (any database of the test server is served). */
  url: string;
  /** What PgBouncer logged. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A PgBouncer of the test's own in front of the test server: its own port and ini in a temporary directory,
 * trust authentication for the server's user, transaction pooling, every database of the server (`*`).
 */
export async function startPgBouncer(binary: string): Promise<PgBouncer> {
  const server = new URL(testServerUrl());
  const user = decodeURIComponent(server.username) || 'postgres';
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'facet-pgbouncer-'));
  // Run as root, PgBouncer switches to the postgres user (-u), who must be able to write its log here.
  chmodSync(dir, 0o777);
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname || '127.0.0.1'} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      // Server connections per database: a few, as a pooler in front of a busy server would have.
      'default_pool_size = 8',
      'server_idle_timeout = 10',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const args = [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const log = () => {
    try {
      return output + readFileSync(join(dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return output;
    }
  };
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => resolve(child.kill('SIGKILL')), 5000);
        child.once('exit', () => resolve(clearTimeout(timer)));
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready once a statement goes through it to the server.
  for (let i = 0; ; i++) {
    const client = new Client({ connectionString: `${url}/postgres` });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (child.exitCode !== null || i > 100) {
        await stop();
        throw new Error(`pgbouncer did not start (${(err as Error).message}): ${log()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, log, stop };
}

/**
 * Runs the suites `load` registers (require() of their spec files) with every startTestApp behind a pgbouncer
 * of this file's own (FACET_TEST_POOLER_URL); without pgbouncer, says why and skips.
 */
export function throughPgBouncer(what: string, load: () => void): void {
  const found = findPgBouncer();
  if ('missing' in found) {
    console.log(`${what} through PgBouncer skipped: ${found.missing}`);
    describe(`${what} through PgBouncer`, () => it.skip(`needs pgbouncer: ${found.missing}`, () => undefined));
    return;
  }
  let bouncer: PgBouncer | undefined;
  beforeAll(async () => {
    bouncer = await startPgBouncer(found.binary);
    process.env.FACET_TEST_POOLER_URL = bouncer.url;
  }, 30_000);
  afterAll(async () => {
    delete process.env.FACET_TEST_POOLER_URL;
    await bouncer?.stop();
  });
  load();
}
