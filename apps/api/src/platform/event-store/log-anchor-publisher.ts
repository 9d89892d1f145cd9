import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { createPublicKey, KeyObject } from 'crypto';
import { promises as fs } from 'fs';
import { dirname } from 'path';
import { isMainThread } from 'worker_threads';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import { SessionConnection } from '../database/session-connection';
import { AdvisoryLocks } from '../projections/advisory-locks';
import { Queues } from '../queue/queues.service';
import { EVENT_STORE, EventStore, Position, positionFromString, positionToString, START } from './event-store';
import {
  anchorRedisKey,
  anchorsFile,
  keyId,
  lastLine,
  latestAnchor,
  LogAnchor,
  loadSigningKey,
  logName,
  readAnchor,
  signAnchor,
  toRanges,
} from './log-anchors';
import { foldCheckpoint, GENESIS_HASH } from './log-chain';

const LOCK = 'log-anchors';
const PAGE = 5000;
/** At most one anchor a second: under a burst of appends the file grows by a line a second, not a line an append. */
const MIN_GAP_MS = 1000;

/** Where the next anchor continues from: the last one published (or the start of the log). */
interface AnchorState {
  position: Position;
  events: number;
  logHash: string;
  anchor: LogAnchor | null;
}

/**
 * Publishes the log's signed anchors (log-anchors.ts): one process at a time, the holder of an advisory
 * lock, as projections run. Woken by every append (the same NOTIFY the projections hear) and at least
 * every LOG_ANCHOR_INTERVAL_MS, it reads the events settled since its last anchor and, when there are
 * any, appends a signed anchor to the anchors file (opened for appending only, synced), sets it in Redis
 * and logs it: three places the database's writer cannot rewrite. Runs in processes with the projector role.
 */
@Injectable()
export class LogAnchorPublisher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LogAnchors');
  private readonly locks: AdvisoryLocks;
  private readonly log: string;
  readonly file: string;
  readonly redisKey: string;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private woken = false;
  private wake: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private key: KeyObject | null = null;
  private state: AnchorState | null = null;
  /** The newest anchor not yet in Redis (Redis was down). */
  private redisPending: string | null = null;
  private failing = { file: false, redis: false };
  /** The last anchor this process published. */
  latest: LogAnchor | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    private readonly queues: Queues,
    // The process's session connection; or a connection string for a session of its own (another process's, in tests).
    @Inject(DatabaseService) db: { session: SessionConnection | string },
  ) {
    this.locks = new AdvisoryLocks(db.session);
    // The server's database (DATABASE_DIRECT_URL): a pooler's name for it may differ, the log does not.
    this.log = logName(config.databaseDirectUrl);
    this.file = anchorsFile(config.logAnchors.dir, this.log);
    this.redisKey = anchorRedisKey(config.queuePrefix, this.log);
  }

  onApplicationBootstrap(): void {
    // The projector thread runs a whole app of its own: its parent's publisher is enough.
    if (!this.config.roles.includes('projector') || !isMainThread) return;
    this.unsubscribe = this.store.onAppended(() => {
      this.woken = true;
      this.wake?.();
    });
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.unsubscribe?.();
    await this.loop;
    await this.locks.close();
  }

  private async run(): Promise<void> {
    let backoff = 250;
    while (!this.stopped) {
      try {
        if (!this.locks.holds(LOCK)) {
          this.state = null; // another process may have published meanwhile
          if (!(await this.locks.tryAcquire(LOCK))) {
            await this.sleep(2000, false);
            continue;
          }
        }
        this.key ??= await loadSigningKey(this.config.logAnchors, true);
        this.state ??= await this.resume(this.key!);
        this.woken = false;
        const published = await this.publishNext(this.key!, this.state);
        await this.sendToRedis();
        backoff = 250;
        if (published) await this.sleep(MIN_GAP_MS, false);
        await this.sleep(this.config.logAnchors.intervalMs);
      } catch (err) {
        this.state = null;
        this.logger.warn(`publishing the log's anchor failed (${(err as Error).message}); retrying in ${backoff} ms`);
        await this.sleep(backoff, false);
        backoff = Math.min(backoff * 2, 4000);
      }
    }
  }

  /** Continues from the newest anchor this key signed, in the file or in Redis; else from the log's start. */
  private async resume(key: KeyObject): Promise<AnchorState> {
    const keys = new Map([[keyId(key), createPublicKey(key)]]);
    const texts = [
      await lastLine(this.file),
      await this.queues
        .redis()
        .get(this.redisKey)
        .catch(() => null),
    ];
    const anchors = texts.flatMap((text) => {
      const anchor = text ? readAnchor(text, keys, this.log) : null;
      return anchor && typeof anchor !== 'string' ? [anchor] : [];
    });
    const latest = latestAnchor(anchors);
    if (!latest) return { position: START, events: 0, logHash: GENESIS_HASH, anchor: null };
    return { position: positionFromString(latest.position), events: latest.events, logHash: latest.log_hash, anchor: latest };
  }

  /** Anchors the events settled since the last anchor; false when there are none. */
  private async publishNext(key: KeyObject, from: AnchorState): Promise<boolean> {
    let { position, events, logHash } = from;
    let hash: string | null = null;
    const added: number[] = [];
    for (;;) {
      // readAll returns only settled events: none can commit later at or before the last one read.
      const page = await this.store.readAll({ after: position, limit: PAGE });
      for (const e of page) {
        events++;
        logHash = foldCheckpoint(logHash, e.hash ?? GENESIS_HASH);
        added.push(Number(e.position.prepare));
        position = e.position;
        hash = e.hash ?? GENESIS_HASH;
      }
      if (page.length < PAGE || this.stopped) break;
    }
    if (hash === null) return false;
    const anchor = signAnchor(
      {
        v: 1,
        log: this.log,
        position: positionToString(position),
        events,
        hash,
        log_hash: logHash,
        since: from.anchor?.position ?? null,
        // PostgreSQL's global positions are nearly consecutive, so a few runs say which events there were.
        ...(this.store.name === 'postgres' ? { added: toRanges(added.sort((a, b) => a - b)) } : {}),
        at: new Date().toISOString(),
        key_id: keyId(key),
      },
      key,
    );
    const line = JSON.stringify(anchor);
    await this.appendToFile(line);
    this.redisPending = line;
    this.logger.log(`log anchor ${line}`);
    this.state = { position, events, logHash, anchor };
    this.latest = anchor;
    return true;
  }

  /** One line, appended and synced; a line cut by a crash is ended first so the new one stands alone. */
  private async appendToFile(line: string): Promise<void> {
    try {
      await fs.mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
      const file = await fs.open(this.file, 'a+', 0o644);
      try {
        const { size } = await file.stat();
        const last = Buffer.alloc(1);
        if (size > 0) await file.read(last, 0, 1, size - 1);
        await file.write((size > 0 && last[0] !== 0x0a ? '\n' : '') + line + '\n');
        await file.datasync();
      } finally {
        await file.close();
      }
      this.failing.file = false;
    } catch (err) {
      if (!this.failing.file) this.logger.error(`cannot append the log's anchor to ${this.file}: ${(err as Error).message}`);
      this.failing.file = true;
    }
  }

  private async sendToRedis(): Promise<void> {
    const line = this.redisPending;
    if (!line) return;
    try {
      await this.queues.redis().set(this.redisKey, line);
      if (this.redisPending === line) this.redisPending = null;
      this.failing.redis = false;
    } catch (err) {
      if (!this.failing.redis) this.logger.warn(`cannot set the log's anchor in Redis (${(err as Error).message}); retrying`);
      this.failing.redis = true;
    }
  }

  /** Sleeps up to `ms`; a wakeable sleep ends at an append, or at once when one came since the last read. */
  private sleep(ms: number, wakeable = true): Promise<void> {
    if (this.stopped || (wakeable && this.woken)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = wakeable ? done : () => this.stopped && done();
    });
  }
}
