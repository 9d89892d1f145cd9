import { createReadStream } from 'fs';
import IORedis from 'ioredis';
import { createInterface } from 'readline';
import { FacetConfig, loadConfig } from '../platform/config/config';
import { createPool } from '../platform/database/database';
import { migrateShop } from '../platform/database/migrate';
import { EventStore } from '../platform/event-store/event-store';
import { anchorRedisKey, loadAnchors, logName } from '../platform/event-store/log-anchors';
import { fromExportLine } from '../platform/event-store/log-export';
import { LogWalk, recordedVerification, VerificationReport } from '../platform/event-store/log-verifier';
import { PostgresEventStore } from '../platform/event-store/postgres/postgres-event-store';

/**
 * npm run verify-log: walks the whole event log, checks every event's link in its stream's hash chain, the
 * checkpoints over the global order and the signed anchors published outside the database (the anchors
 * file and Redis; `--anchors <file>` names other files, `--public-key <file>` another trusted key), prints
 * the first broken link (stream, revision, position) and the global positions gone, and exits 1 when
 * anything is broken. `-- --file export.jsonl` checks an export offline instead (no database).
 */
export async function verifyLogCommand(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  const fileAt = argv.indexOf('--file');
  if (fileAt >= 0) return verifyFile(argv[fileAt + 1]);
  const valuesOf = (flag: string) => argv.flatMap((a, i) => (a === flag && argv[i + 1] ? [argv[i + 1]] : []));

  const config = loadConfig();
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
    const anchors = await loadAnchors({
      settings: config.logAnchors,
      log: logName(config.databaseDirectUrl),
      files: valuesOf('--anchors'),
      publicKeyFiles: valuesOf('--public-key'),
      redis: await redisAnchor(config, print),
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
    print(describeAnchors(report, anchors.read));
    if (report.ok) {
      print('the log is intact: every link holds');
      return 0;
    }
    if (report.missingPositions) print(`MISSING: events at global positions ${report.missingPositions} are gone`);
    const b = report.firstBreak!;
    print(
      `BROKEN: ${report.breaks} broken link(s); the first: stream ${b.streamId} revision ${b.revision} at position ${b.position}: ${b.reason}`,
    );
    return 1;
  } finally {
    await store.close();
    await pool.end();
  }
}

/** The latest anchor in Redis, read once; null (said so) when Redis cannot be reached. */
async function redisAnchor(
  config: FacetConfig,
  print: (line: string) => void,
): Promise<{ key: string; get(): Promise<string | null> } | null> {
  const key = anchorRedisKey(config.queuePrefix, logName(config.databaseDirectUrl));
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

function describeAnchors(report: VerificationReport, read: string[]): string {
  const latest = report.latestAnchor;
  if (!latest) {
    return `anchors: none found (${read.join(', ')}): the newest events could be deleted unnoticed (docs/operations.md, Log anchors)`;
  }
  return `anchors: ${report.anchorsChecked} checked; the latest covers ${latest.events} events up to position ${latest.position} (${latest.at})`;
}

async function verifyFile(path: string | undefined): Promise<number> {
  if (!path) {
    console.error('usage: npm run verify-log -- --file <export.jsonl>');
    return 2;
  }
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
      console.log(`line ${lineNo} is not an export line`);
      continue;
    }
    if (event.digest) redacted++;
    walk.add(event);
  }
  console.log(`${walk.events} events in ${walk.streams} streams checked from ${path}`);
  // Their links hold, but the values redacted for privacy (docs/security.md) cannot be checked.
  if (redacted) console.log(`${redacted} of them exported redacted: checked by the digest the export gives`);
  if (walk.breaks === 0 && unreadable === 0) {
    console.log('the export is intact: every link holds');
    return 0;
  }
  const b = walk.firstBreak;
  if (b)
    console.log(
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
