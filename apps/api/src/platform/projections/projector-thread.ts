import { Logger } from '@nestjs/common';
import { join } from 'path';
import { Worker } from 'worker_threads';
import { startWorker } from '../worker-thread';

/** What the projector thread tells the main thread. */
export type ProjectorThreadMessage =
  { kind: 'ready' } | { kind: 'parked'; sinceStart: number } | { kind: 'failed'; message: string } | { kind: 'closed' };

/** What the main thread tells the projector thread. */
export type ToProjectorThread = 'close' | { kind: 'appended'; types: string[] | null };

/** Longest a shutdown waits for the thread's current batches to commit before it is stopped. */
const CLOSE_TIMEOUT_MS = 10_000;

/**
 * The shop's projections in a worker thread of the same process (projector-thread.worker.ts): a Nest
 * context of its own with the projector role, its own pools and event loop. In one process with the API,
 * projections otherwise wait behind the requests on one event loop; measured on 2 cores under 32 clients
 * of orders, the thread cut projection lag p99 from 70–72 to 51–52 ms (see docs/benchmarks.md). It is the
 * same as a `FACET_ROLES=projector` process: checkpoints, advisory locks and NOTIFY already make projections
 * safe to run anywhere. Should the thread stop, `onLost` runs them in this thread instead.
 */
export class ProjectorThread {
  private readonly logger = new Logger('ProjectorThread');
  private readonly worker: Worker;
  private closing = false;
  private lost = false;
  private ready = false;
  private exited: Promise<void>;
  /** Events the thread parked since it started. */
  parkedSinceStart = 0;
  /** Types appended in this thread since the last message to the projector thread (null: any). */
  private appendedTypes: Set<string> | null = new Set();
  private appendedPending = false;

  constructor(private readonly onLost: (reason: string) => void) {
    const file = join(__dirname, `projector-thread.worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
    this.worker = startWorker(file, null);
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (m: ProjectorThreadMessage) => {
      if (m.kind === 'ready') {
        this.ready = true;
        this.logger.log('projections run in their own thread');
      } else if (m.kind === 'parked') this.parkedSinceStart = m.sinceStart;
      else if (m.kind === 'failed') this.lose(`it could not start: ${m.message}`);
    });
    this.worker.on('error', (err) => this.lose(err.message));
    this.worker.on('exit', (code) => this.lose(`it exited with code ${code}`));
  }

  /** True from the thread's start until it stops or is closed. */
  get running(): boolean {
    return this.ready && !this.lost && !this.closing;
  }

  /**
   * Wakes the thread's readers after an append made here, without waiting for PostgreSQL's NOTIFY: that
   * is sent from this thread's busy event loop and pool, and waiting for it added to the projections' lag
   * under load (docs/benchmarks.md, Projection lag). Appends in one turn of the event loop go as one message.
   */
  appended(types: readonly string[] | null): void {
    if (this.closing || this.lost) return;
    if (types === null) this.appendedTypes = null;
    else if (this.appendedTypes) for (const t of types) this.appendedTypes.add(t);
    if (this.appendedPending) return;
    this.appendedPending = true;
    setImmediate(() => {
      const message: ToProjectorThread = { kind: 'appended', types: this.appendedTypes ? [...this.appendedTypes] : null };
      this.appendedTypes = new Set();
      this.appendedPending = false;
      if (!this.closing && !this.lost) this.worker.postMessage(message);
    });
  }

  /** Stops the thread at once, as a crash would (tests). */
  crash(): Promise<number> {
    return this.worker.terminate();
  }

  private lose(reason: string): void {
    if (this.closing || this.lost) return;
    this.lost = true;
    this.logger.error(`the projector thread stopped (${reason}); projections now run in the main thread`);
    void this.worker.terminate();
    this.onLost(reason);
  }

  /** Lets the thread finish its batches and close its connections; stops it after CLOSE_TIMEOUT_MS. */
  async close(): Promise<void> {
    this.closing = true;
    this.worker.postMessage('close' satisfies ToProjectorThread);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.exited, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)))]);
    clearTimeout(timer);
    await this.worker.terminate();
  }
}
