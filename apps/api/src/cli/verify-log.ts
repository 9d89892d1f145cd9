import { createPublicKey } from 'crypto';
import { createReadStream, promises as fs } from 'fs';
import IORedis from 'ioredis';
import { createInterface } from 'readline';
import { CliArgumentError, OptionSpec, parseArgs } from './args';
import { FacetConfig, loadConfig } from '../platform/config/config';
import { createPool } from '../platform/database/database';
import { migrateShop } from '../platform/database/migrate';
import { EventStore } from '../platform/event-store/event-store';
import { anchorRedisKey, loadAnchors, logName } from '../platform/event-store/log-anchors';
import { fromExportLine } from '../platform/event-store/log-export';
import { LogWalk, recordedVerification, VerificationReport } from '../platform/event-store/log-verifier';
import { PostgresEventStore } from '../platform/event-store/postgres/postgres-event-store';

/** What verify-log takes (docs/auditors.md, Verify the log; docs/operations.md, Log anchors). */
const OPTIONS: Record<string, OptionSpec> = {
  '--file': { value: true },
  '--anchors': { value: true, repeat: true },
  '--public-key': { value: true, repeat: true },
  '--log-name': { value: true },
  '--no-anchors': {},
};

/** What checking without anchors means, said whenever it is done. */
const UNANCHORED =
  'the links are plain SHA-256 over what the database holds: whoever can write there could have deleted the newest events, or rewritten events and recomputed their hashes, and every link would still hold; only the signed anchors kept outside the database show either';

/**
 * npm run verify-log: walks the whole event log, checks every event's link in its stream's hash chain, the
 * checkpoints over the global order and the signed anchors published outside the database (the anchors
 * file and Redis; `--anchors <file>` names other files, `--public-key <file>` another trusted key,
 * `--log-name <database>` the original's name when this database is a copy restored under another), prints
 * the first broken link (stream, revision, position) and the global positions gone, and exits 1 when
 * anything is broken. No anchor found fails too, unless `--no-anchors` says to check the chain alone.
 * `-- --file export.jsonl` checks an export offline instead (no database). A bad argument: one line, exit 2.
 */
export async function verifyLogCommand(
  argv: string[],
  print: (line: string) => void = console.log,
  refuse: (line: string) => void = console.error,
): Promise<number> {
  let args: Map<string, string[]>;
  try {
    args = parseArgs(argv, OPTIONS);
    await checkArguments(args);
  } catch (err) {
    if (!(err instanceof CliArgumentError)) throw err;
    refuse(`verify-log: ${err.message}`);
    return 2;
  }
  const file = args.get('--file')?.[0];
  if (file !== undefined) return verifyFile(file, print);
  const valuesOf = (flag: string) => args.get(flag) ?? [];
  const withoutAnchors = args.has('--no-anchors');

  const config = loadConfig();
  const log = args.get('--log-name')?.[0] ?? logName(config.databaseDirectUrl);
  await migrateShop(config);
  const pool = createPool(config.databaseUrl, { max: 2 }, config.database, { pooled: config.databasePooled });
  let store: EventStore;
  if (config.eventStoreUrl) {
    type EventStoreDbModule = typeof import('../platform/event-store/eventstoredb/eventstoredb-event-store');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { EventStoreDbEventStore } = require('../platform/event-store/eventstoredb/eventstoredb-event-store') as EventStoreDbModule;
    store = new EventStoreDbEventStore(config.eventStoreUrl);
  } else {
    store = new PostgresEventStore(pool, config.databaseDirectUrl);
  }
  let last = 0;
  try {
    const anchors = withoutAnchors
      ? undefined
      : await loadAnchors({
          settings: config.logAnchors,
          log,
          files: valuesOf('--anchors'),
          publicKeyFiles: valuesOf('--public-key'),
          redis: await redisAnchor(config, log, print),
        });
    const { report } = await recordedVerification(store, pool, 'cli', {
      anchors,
      onProgress: (events) => {
        if (Date.now() - last > 2000) {
          last = Date.now();
          print(`verified ${events} events…`);
        }
      },
    });
    print(
      `${report.events} events in ${report.streams} streams verified in ${report.seconds.toFixed(2)} s (${report.eventsPerSecond} events/s); ` +
        `checkpoints: ${report.checkpointsChecked} checked, ${report.checkpointsWritten} recorded`,
    );
    print(anchors ? describeAnchors(report, log) : `anchors: not checked (--no-anchors): ${UNANCHORED}`);
    if (anchors?.rejected.some((r) => r.reason.includes('anchors the log of')) || (anchors && !anchors.anchors.length)) {
      print(
        `(the anchors checked are those of the log "${log}"; a copy restored under another database name: --log-name <its original name>)`,
      );
    }
    if (report.ok) {
      print(
        anchors
          ? 'the log is intact: every link holds'
          : 'every link holds, but the log is unanchored: this is no proof that nothing was deleted or rewritten',
      );
      return 0;
    }
    if (report.missingPositions) print(`MISSING: events at global positions ${report.missingPositions} are gone`);
    const b = report.firstBreak!;
    print(
      b.streamId
        ? `BROKEN: ${report.breaks} broken link(s); the first: stream ${b.streamId} revision ${b.revision} at position ${b.position}: ${b.reason}`
        : `BROKEN: ${report.breaks} problem(s); the first: ${b.reason}`,
    );
    if (anchors && !anchors.anchors.length) print('to check the chain alone, knowing what that cannot show: --no-anchors');
    return 1;
  } finally {
    await store.close();
    await pool.end();
  }
}

/** What parseArgs cannot know: options that exclude each other, files that are not there, a log name that is no name. */
async function checkArguments(args: Map<string, string[]>): Promise<void> {
  if (args.has('--file')) {
    const other = [...args.keys()].find((k) => k !== '--file');
    if (other) throw new CliArgumentError(`${other} does not apply to --file (an export is checked by its own links)`);
  }
  if (args.has('--no-anchors')) {
    const other = ['--anchors', '--public-key', '--log-name'].find((k) => args.has(k));
    if (other) throw new CliArgumentError(`${other} cannot be given with --no-anchors (it names anchors to check)`);
  }
  const name = args.get('--log-name')?.[0];
  // It names the anchors file (log-anchors.<name>.jsonl) and the Redis key: one file name, as a database's name is.
  if (name !== undefined && !/^[^/\\\u0000-\u001f\u007f]{1,63}$/.test(name)) {
    throw new CliArgumentError(`--log-name ${JSON.stringify(name.slice(0, 80))} is not a database name (1-63 characters, no slash)`);
  }
  for (const flag of ['--file', '--anchors', '--public-key']) {
    for (const path of args.get(flag) ?? []) {
      const stat = await fs.stat(path).catch(() => null);
      if (!stat?.isFile()) throw new CliArgumentError(`${flag} ${JSON.stringify(path.slice(0, 200))}: no such file`);
    }
  }
  for (const path of args.get('--public-key') ?? []) {
    let type: string | undefined;
    try {
      type = createPublicKey(await fs.readFile(path, 'utf8')).asymmetricKeyType;
    } catch {
      type = undefined;
    }
    if (type !== 'ed25519')
      throw new CliArgumentError(`--public-key ${JSON.stringify(path.slice(0, 200))} is not an Ed25519 public key in PEM`);
  }
}

/** The latest anchor in Redis, read once; null (said so) when Redis cannot be reached. */
async function redisAnchor(
  config: FacetConfig,
  log: string,
  print: (line: string) => void,
): Promise<{ key: string; get(): Promise<string | null> } | null> {
  const key = anchorRedisKey(config.queuePrefix, log);
  const redis = new IORedis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const text = await redis.get(key);
    return { key, get: async () => text };
  } catch (err) {
    print(`Redis cannot be reached (${(err as Error).message}): the anchors files only are checked`);
    return null;
  } finally {
    redis.disconnect();
  }
}

function describeAnchors(report: VerificationReport, log: string): string {
  const latest = report.latestAnchor;
  if (!latest) return `anchors: none of the log "${log}" found: NOT ANCHORED (docs/operations.md, Log anchors)`;
  const newer = report.events - latest.events;
  return (
    `anchors: ${report.anchorsChecked} checked; the latest covers ${latest.events} events up to position ${latest.position} (${latest.at})` +
    (newer > 0 ? `; ${newer} newer event(s) are not anchored yet` : '')
  );
}

async function verifyFile(path: string, print: (line: string) => void): Promise<number> {
  const walk = new LogWalk(new Map(), true);
  let lineNo = 0;
  let unreadable = 0;
  let redacted = 0;
  for await (const text of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    lineNo++;
    if (!text.trim()) continue;
    const event = fromExportLine(text);
    if (!event) {
      unreadable++;
      print(`line ${lineNo} is not an export line`);
      continue;
    }
    if (event.digest) redacted++;
    walk.add(event);
  }
  print(`${walk.events} events in ${walk.streams} streams checked from ${path}`);
  // Their links hold, but the values redacted for privacy (docs/security.md) cannot be checked.
  if (redacted) print(`${redacted} of them exported redacted: checked by the digest the export gives`);
  if (walk.breaks === 0 && unreadable === 0) {
    print('the export is intact: every link holds');
    return 0;
  }
  const b = walk.firstBreak;
  if (b)
    print(
      `BROKEN: ${walk.breaks} broken link(s); the first: stream ${b.streamId} revision ${b.revision} at position ${b.position}: ${b.reason}`,
    );
  return 1;
}

if (require.main === module) {
  verifyLogCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(2);
    },
  );
}
