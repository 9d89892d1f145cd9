import { Logger } from '@nestjs/common';
import { concerns, EventStore, Position, RecordedEvent } from '../event-store/event-store';
import { AdvisoryLocks } from './advisory-locks';

export interface CatchUpWork {
  /** Lock and log name. */
  name: string;
  eventTypes: readonly string[];
  batchSize: number;
  loadCheckpoint(): Promise<Position>;
  /** Handles a batch; returns false when the checkpoint moved under it (reload and go on). */
  handle(checkpoint: Position, events: RecordedEvent[]): Promise<boolean>;
  /** Told after each handled batch. */
  onProgress?(position: Position): void;
}

/**
 * Runs one projection or reactor while this process holds its advisory lock: read a batch after the
 * checkpoint, handle it, repeat; sleep until the store says events of its types were appended. Errors back off
 * and retry (the database or Redis may be down for a while); nothing is skipped.
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
        const { events, heldBack } = await this.store.readBatch({ after: checkpoint, limit: this.work.batchSize, eventTypes: this.work.eventTypes });
        if (events.length > 0 && !this.stopped) {
          if (await this.work.handle(checkpoint, events)) {
            checkpoint = events[events.length - 1].position;
            this.work.onProgress?.(checkpoint);
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
        // Caught up: new appends wake us; the timer is the fallback for a missed wake-up.
        await this.sleep(1000);
      } catch (err) {
        checkpoint = null;
        this.logger.warn(`${(err as Error).message}; retrying in ${backoff} ms`);
        await this.sleep(backoff, false);
        backoff = Math.min(backoff * 2, 10_000);
      }
    }
  }
}
