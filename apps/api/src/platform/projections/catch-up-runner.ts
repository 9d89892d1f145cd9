import { Logger } from '@nestjs/common';
import { EventStore, Position, RecordedEvent } from '../event-store/event-store';
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
 * checkpoint, handle it, repeat; sleep until the store says new events may be there. Errors back off
 * and retry (the database or Redis may be down for a while); nothing is skipped.
 */
export class CatchUpRunner {
  private readonly logger: Logger;
  private stopped = false;
  private wake: (() => void) | null = null;
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
    this.unsubscribe = this.store.onAppended(() => this.wake?.());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.unsubscribe?.();
    await this.loop;
    await this.locks.release(this.work.name);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private async run(): Promise<void> {
    let checkpoint: Position | null = null;
    let backoff = 200;
    while (!this.stopped) {
      try {
        if (!this.locks.holds(this.work.name)) {
          checkpoint = null;
          if (!(await this.locks.tryAcquire(this.work.name))) {
            await this.sleep(2000);
            continue;
          }
        }
        checkpoint ??= await this.work.loadCheckpoint();
        const events = await this.store.readAll({ after: checkpoint, limit: this.work.batchSize, eventTypes: this.work.eventTypes });
        if (events.length === 0) {
          await this.sleep(1000);
          continue;
        }
        if (this.stopped) break;
        if (await this.work.handle(checkpoint, events)) {
          checkpoint = events[events.length - 1].position;
          this.work.onProgress?.(checkpoint);
        } else {
          checkpoint = null;
        }
        backoff = 200;
      } catch (err) {
        checkpoint = null;
        this.logger.warn(`${(err as Error).message}; retrying in ${backoff} ms`);
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, 10_000);
      }
    }
  }
}
