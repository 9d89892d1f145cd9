import { execFile } from 'child_process';
import { generateKeyPairSync } from 'crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { verifyLogCommand } from './verify-log';

/**
 * A bad argument to verify-log (or any of the shop's scripts) is one line naming it and exit 2, before
 * the database or Redis is touched: here there is none to touch (DATABASE_URL points at a closed port).
 */
describe('Bad arguments to the command-line scripts', () => {
  let dir: string;
  const saved = process.env.DATABASE_URL;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'facet-cli-args-'));
    writeFileSync(join(dir, 'not-a-key.pem'), 'hello\n');
    writeFileSync(
      join(dir, 'rsa.pem'),
      generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }),
    );
    writeFileSync(join(dir, 'ed25519.pem'), generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(join(dir, 'anchors.jsonl'), '');
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/none';
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    process.env.DATABASE_URL = saved;
  });

  async function run(argv: string[]): Promise<{ code: number; lines: string[] }> {
    const lines: string[] = [];
    const code = await verifyLogCommand(
      argv,
      (line) => lines.push(line),
      (line) => lines.push(line),
    );
    return { code, lines };
  }

  it.each([
    [['--bogus'], /^verify-log: unknown option "--bogus" \(options: --file, --anchors, --public-key, --log-name, --no-anchors\)$/],
    [['--anchor', 'x'], /^verify-log: unknown option "--anchor"/],
    [['stray'], /^verify-log: unexpected argument "stray"/],
    [['--file'], /^verify-log: --file needs a value/],
    [['--anchors'], /^verify-log: --anchors needs a value/],
    [['--log-name', '--no-anchors'], /^verify-log: --log-name needs a value/],
    [['--file', '/nonexistent/export.jsonl'], /^verify-log: --file "\/nonexistent\/export.jsonl": no such file$/],
    [['--anchors', '/nonexistent/anchors.jsonl'], /^verify-log: --anchors "\/nonexistent\/anchors.jsonl": no such file$/],
    [['--anchors', '/tmp'], /^verify-log: --anchors "\/tmp": no such file$/],
    [['--public-key', 'NOT_A_KEY'], /^verify-log: --public-key ".*not-a-key.pem" is not an Ed25519 public key in PEM$/],
    [['--public-key', 'RSA'], /^verify-log: --public-key ".*rsa.pem" is not an Ed25519 public key in PEM$/],
    [['--log-name', '../../etc/passwd'], /^verify-log: --log-name "..\/..\/etc\/passwd" is not a database name/],
    [['--log-name', 'x'.repeat(64)], /^verify-log: --log-name "x+" is not a database name/],
    [['--log-name', 'a\u0000b'], /^verify-log: --log-name "a\\u0000b" is not a database name/],
    [['--no-anchors', '--anchors', 'ANCHORS'], /^verify-log: --anchors cannot be given with --no-anchors/],
    [['--no-anchors', '--public-key', 'KEY'], /^verify-log: --public-key cannot be given with --no-anchors/],
    [['--no-anchors', '--no-anchors'], /^verify-log: --no-anchors is given more than once/],
    [['--file', 'ANCHORS', '--log-name', 'facet'], /^verify-log: --log-name does not apply to --file/],
  ])('should refuse %j with one line naming it and exit 2', async (argv, message) => {
    const names: Record<string, string> = {
      NOT_A_KEY: join(dir, 'not-a-key.pem'),
      RSA: join(dir, 'rsa.pem'),
      KEY: join(dir, 'ed25519.pem'),
      ANCHORS: join(dir, 'anchors.jsonl'),
    };
    const { code, lines } = await run(argv.map((a) => names[a] ?? a));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(code).toBe(2);
  });

  it('should check an export given with --file=<path>', async () => {
    const { code, lines } = await run([`--file=${join(dir, 'anchors.jsonl')}`]);
    expect(lines).toContain('the export is intact: every link holds');
    expect(code).toBe(0);
  });

  // The built scripts (npm run migrate / seed / replay / verify-log run dist): bash scripts/ensure.sh build first.
  it.each([
    ['migrate', ['--force'], 'migrate: unknown option "--force" (this command takes no arguments)'],
    ['seed', ['--froce'], 'seed: unknown option "--froce" (options: --force)'],
    [
      'replay',
      ['--reader-thread', '--no-reader-thread'],
      'replay: --reader-thread and --no-reader-thread cannot both be given (options: --compare, --reader-thread, --no-reader-thread, --no-opener-thread)',
    ],
    [
      'verify-log',
      ['--no-anchor'],
      'verify-log: unknown option "--no-anchor" (options: --file, --anchors, --public-key, --log-name, --no-anchors)',
    ],
  ])(
    'should have npm run %s %j print one line naming it and exit 2',
    async (script, argv, line) => {
      const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [join(__dirname, '../../dist/cli', `${script}.js`), ...argv],
          { env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', LOG_LEVEL: 'error' }, timeout: 30_000 },
          (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
        );
      });
      expect({ stdout, stderr }).toEqual({ stdout: '', stderr: `${line}\n` });
      expect(code).toBe(2);
    },
    40_000,
  );
});
