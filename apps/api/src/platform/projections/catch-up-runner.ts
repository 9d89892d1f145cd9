import { Logger } from '@nestjs/common';
import { concerns, EventStore, Position, RecordedEvent } from '../event-store/event-store';
import { AdvisoryLocks } from './advisory-locks';
import { errorText, isInfrastructureError } from './parked-events';
import { inSpan, tracingEnabled } from '../tracing/tracing';

export interface CatchUpWork {
  /** Lock, log and dead-letter name ('projection:orders'). */
  name: string;
  eventTypes: readonly string[];
  batchSize: number;
  loadCheckpoint(): Promise<Position>;
  /**
   * Handles a whole batch at once (parking the events of streams that already have a parked event);
   * returns false when the checkpoint moved under it (reload and go on). Without it, events go one by one.
   */
  handle?(checkpoint: Position, events: RecordedEvent[]): Promise<boolean>;
  /** Handles one event alone and moves the checkpoint to it (same rules as handle). */
  handleOne(checkpoint: Position, event: RecordedEvent): Promise<boolean>;
  /** Records the event in the dead-letter table and moves the checkpoint past it. */
  park(checkpoint: Position, event: RecordedEvent, error: unknown, attempts: number, firstFailedAt: Date): Promise<boolean>;
  /** False while the database (or Redis, for reactors) is unreachable: then a failure is never the event's. */
  infrastructureUp(): Promise<boolean>;
  /** Told after each handled batch. */
  onProgress?(position: Position): void;
  /** Told once per event parked because it failed. */
  onParked?(event: RecordedEvent, error: unknown): void;
}

export interface RetryPolicy {
  /** Attempts at one failing event before it is parked. */
  attempts: number;
  /** Wait before the second attempt; doubles each time. */
  backoffMs: number;
}

/**
 * Runs one projection or reactor while this process holds its advisory lock: read a batch after the
 * checkpoint, handle it, repeat; sleep until the store says events of its types were appended.
 * Infrastructure errors (database or Redis down) back off and retry for ever; nothing is skipped. A batch
 * that fails otherwise is narrowed down to its failing event, which is retried a few times with backoff
 * and then parked with the later events of its stream, so every other stream keeps flowing.
 */
export class CatchUpRunner {
  private readonly logger: Logger;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Set by a wake-up that concerns this runner, cleared before each read. */
  private woken = false;
  private unsubscribe: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly locks: AdvisoryLocks,
    private readonly work: CatchUpWork,
    private readonly retry: RetryPolicy = { attempts: 4, backoffMs: 250 },
  ) {
    this.logger = new Logger(`CatchUp:${work.name}`);
  }

  start(): void {
    this.unsubscribe = this.store.onAppended((types) => {
      if (!concerns(this.work.eventTypes, types)) return;
      this.woken = true;
      this.wake?.();
    });
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.unsubscribe?.();
    await this.loop;
    await this.locks.release(this.work.name);
  }

  /**
   * Sleeps up to `ms`; a wakeable sleep ends early on a wake-up, or is skipped when one came since the last
   * read (so none is lost). Waits for the lock or after an error only end early on stop.
   */
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

  /**
   * The batch in a span of its own when tracing is on, linked to the trace of each of its events that carries
   * one (a batch holds events of many requests: links, not a parent).
   */
  private handleBatch(checkpoint: Position, events: RecordedEvent[]): Promise<Position | null> {
    const links = events.map((e) => e.metadata.traceparent).filter(Boolean);
    if (!tracingEnabled() || links.length === 0) return this.handleBatchInSpan(checkpoint, events);
    const attributes = { 'facet.consumer': this.work.name, 'facet.batch_size': events.length };
    return inSpan(`handle ${this.work.name}`, { kind: 'consumer', links, attributes }, () => this.handleBatchInSpan(checkpoint, events));
  }

  /** The batch at once; on an event failure, one event at a time. Returns the new checkpoint, or null when it moved. */
  private async handleBatchInSpan(checkpoint: Position, events: RecordedEvent[]): Promise<Position | null> {
    if (this.work.handle) {
      try {
        if (!(await this.work.handle(checkpoint, events))) return null;
        const reached = events[events.length - 1].position;
        this.work.onProgress?.(reached);
        return reached;
      } catch (err) {
        if (await this.isInfrastructure(err)) throw err;
        this.logger.warn(`a batch of ${events.length} events failed (${errorText(err)}); handling them one by one`);
      }
    }
    let at = checkpoint;
    for (const event of events) {
      if (this.stopped) return at;
      if (!(await this.handleAlone(at, event))) return null;
      at = event.position;
      this.work.onProgress?.(at);
    }
    return at;
  }

  /** One event: retried with backoff, then parked. Infrastructure errors go up (retried for ever). */
  private async handleAlone(checkpoint: Position, event: RecordedEvent): Promise<boolean> {
    let attempts = 0;
    let firstFailedAt: Date | null = null;
    for (;;) {
      try {
        return await this.work.handleOne(checkpoint, event);
      } catch (err) {
        if (await this.isInfrastructure(err)) throw err;
        attempts++;
        firstFailedAt ??= new Date();
        if (attempts >= this.retry.attempts || this.stopped) {
          if (this.stopped) throw err; // parked by whoever takes over, after its own attempts
          const parked = await this.work.park(checkpoint, event, err, attempts, firstFailedAt);
          if (parked) {
            this.logger.error(
              `parked event ${event.metadata.eventId} (${event.type}, stream ${event.streamId}) after ${attempts} attempts: ${errorText(err)}; ` +
                'later events of this stream wait behind it; retry it from the console (Parked events)',
            );
            this.work.onParked?.(event, err);
          }
          return parked;
        }
        await this.sleep(this.retry.backoffMs * 2 ** (attempts - 1), false);
      }
    }
  }

  private async isInfrastructure(err: unknown): Promise<boolean> {
    if (isInfrastructureError(err)) return true;
    return !(await this.work.infrastructureUp().catch(() => false));
  }

  private async run(): Promise<void> {
    let checkpoint: Position | null = null;
    let backoff = 200;
    let heldBackWait = 2;
    while (!this.stopped) {
      try {
        if (!this.locks.holds(this.work.name)) {
          checkpoint = null;
          if (!(await this.locks.tryAcquire(this.work.name))) {
            await this.sleep(2000, false);
            continue;
          }
        }
        checkpoint ??= await this.work.loadCheckpoint();
        this.woken = false;
        const { events, heldBack } = await this.store.readBatch({
          after: checkpoint,
          limit: this.work.batchSize,
          eventTypes: this.work.eventTypes,
        });
        if (events.length > 0 && !this.stopped) {
          const reached = await this.handleBatch(checkpoint, events);
          if (reached) {
            checkpoint = reached;
          } else {
            checkpoint = null;
            continue;
          }
        }
        backoff = 200;
        if (events.length === this.work.batchSize) continue;
        if (heldBack) {
          // Our events wait behind an older open transaction: look again shortly.
          await this.sleep(heldBackWait);
          heldBackWait = Math.min(heldBackWait * 2, 100);
          continue;
        }
        heldBackWait = 2;
        // No pause for appends to gather into a bigger batch: once the projector thread was woken at once, a
        // 10 ms pause only added to the lag (docs/benchmarks.md, Projection lag). Caught up: new appends wake us; the
        // timer is the fallback for a missed wake-up. It varies (0.75-1.25 s) so the runners' idle reads do not
        // all come at once, which held a connection per runner at rest (docs/operations.md, Connection budget).
        await this.sleep(750 + Math.random() * 500);
      } catch (err) {
        checkpoint = null;
        this.logger.warn(`${(err as Error).message}; retrying in ${backoff} ms`);
        await this.sleep(backoff, false);
        backoff = Math.min(backoff * 2, 10_000);
      }
    }
  }
}
