import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue, QueueOptions, Worker, WorkerOptions } from 'bullmq';
import IORedis, { Redis } from 'ioredis';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import { contextOfJob, runWithContext } from '../context/request-context';
import { inSpan } from '../tracing/tracing';

/**
 * How long a shutdown waits for the jobs being worked on (a mail on the wire, a relay that never answers).
 * After it the shutdown goes on: an unfinished job is stalled, picked up again by a worker here or
 * elsewhere, and done once (MailSent's expected revision).
 */
export const WORKER_CLOSE_GRACE_MS = 10_000;

/**
 * BullMQ on Redis. Producers fail fast while Redis is down (the reactor keeps its checkpoint and retries);
 * workers wait for Redis to come back. All queues share one prefix so tests can use their own.
 */
@Injectable()
export class Queues implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Queues');
  private queues = new Map<string, Queue>();
  private workers: Worker[] = [];
  /** Handed to BullMQ, which does not close a connection it was given: closed here after the workers. */
  private workerConnections = new Map<Worker, Redis>();
  /** Workers whose job outlived the shutdown's grace, with their close: their connection stays until it ends, see onApplicationShutdown. */
  private stillWorking = new Map<Worker, Promise<unknown>>();
  private producerConnection: Redis | null = null;
  /** Told of each job this process's workers finish or fail (the metrics count them). */
  private readonly jobListeners = new Set<(queue: string, outcome: 'completed' | 'failed') => void>();

  constructor(
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    private readonly db: DatabaseService,
  ) {}

  /** The shared producer connection; commands fail at once while Redis is unreachable. */
  redis(): Redis {
    if (!this.producerConnection) {
      this.producerConnection = new IORedis(this.config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
        retryStrategy: (times) => Math.min(times * 200, 2000),
      });
      this.producerConnection.on('error', () => undefined); // reported through health, not the log
    }
    return this.producerConnection;
  }

  queue<T = unknown>(name: string, options: Partial<QueueOptions> = {}): Queue<T> {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, {
        connection: this.redis(),
        prefix: this.config.queuePrefix,
        defaultJobOptions: {
          attempts: 8,
          backoff: { type: 'exponential', delay: 2000 },
          // A finished job is kept one day: long enough that a reactor re-delivering an event after a crash
          // finds its job id taken (no second mail). Jobs hold ids only; failed ones expire after a week.
          removeOnComplete: { age: 24 * 3600, count: 10_000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
        ...options,
      });
      q.on('error', () => undefined);
      this.queues.set(name, q);
      // Named in a registry so the console lists it without scanning a Redis that may hold millions of keys.
      // Once the queue's connection is ready: the shared connection refuses commands until then (no offline queue).
      q.waitUntilReady()
        .then(() => this.redis().sadd(this.registryKey(), name))
        .catch(() => undefined);
    }
    return q as Queue<T>;
  }

  /** Calls back each time a job of this process's workers completes or fails (an attempt); returns an unsubscribe. */
  onJobDone(listener: (queue: string, outcome: 'completed' | 'failed') => void): () => void {
    this.jobListeners.add(listener);
    return () => this.jobListeners.delete(listener);
  }

  /** Names of the queues this process has opened. */
  openedHere(): string[] {
    return [...this.queues.keys()];
  }

  /** The set of queue names every process of this shop has opened under its prefix. */
  registryKey(): string {
    return `${this.config.queuePrefix}-queues`;
  }

  worker<T = unknown>(
    name: string,
    processor: (job: Job<T>, token?: string) => Promise<unknown>,
    options: Partial<WorkerOptions> = {},
  ): Worker<T> {
    const connection = new IORedis(this.config.redisUrl, { maxRetriesPerRequest: null, retryStrategy: (t) => Math.min(t * 200, 2000) });
    connection.on('error', () => undefined);
    // Each job runs in the conversation that queued it (its data's `trace`), as the worker named by the queue,
    // and (tracing on) in a child span of the span that queued it.
    const traced = (job: Job<T>, token?: string) => {
      const trace = (job.data as { trace?: { traceparent?: unknown } } | undefined)?.trace;
      const attributes = { 'messaging.system': 'bullmq', 'messaging.destination.name': name, 'facet.job_attempt': job.attemptsMade + 1 };
      return runWithContext(contextOfJob(trace, `${name}-worker`), () =>
        inSpan(`job ${name}`, { kind: 'consumer', parent: trace?.traceparent, attributes }, () => processor(job, token)),
      );
    };
    // maxStalledCount: a job a crashed process left half done is taken up again up to 5 times (BullMQ's 1 failed
    // a mail for good when two crashes in a row caught it; the outbox sweeper takes up what still fails).
    const worker = new Worker<T>(name, traced, {
      connection,
      prefix: this.config.queuePrefix,
      concurrency: 4,
      maxStalledCount: 5,
      lockDuration: this.config.queueJobLockMs,
      stalledInterval: this.config.queueJobLockMs,
      ...options,
    });
    worker.on('error', (err) => this.logger.debug?.(`${name}: ${err.message}`));
    worker.on('failed', (job, err) => {
      this.logger.warn(`${name} job ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`);
      for (const listener of this.jobListeners) listener(name, 'failed');
    });
    worker.on('completed', () => {
      for (const listener of this.jobListeners) listener(name, 'completed');
    });
    this.workers.push(worker);
    this.workerConnections.set(worker, connection);
    return worker;
  }

  /**
   * Erasure: removes the subject's mail jobs in any state (waiting, delayed, finished, failed) and their
   * sealed content in public.mail_outbox. A job being sent right now finds its content gone and sends nothing.
   */
  async removeJobsOfSubjects(subjects: string[]): Promise<void> {
    const rows = await this.db.query<{ mail_id: string }>(
      'DELETE FROM public.mail_outbox WHERE subject_id = ANY($1::text[]) RETURNING mail_id',
      [subjects],
    );
    const queue = this.queue('mail');
    for (const { mail_id } of rows) await queue.remove(mail_id).catch(() => undefined);
  }

  async ping(): Promise<void> {
    const redis = this.redis();
    if (redis.status !== 'ready') {
      // The producer does not queue commands while connecting; wait briefly for the connection.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Redis is ${redis.status}`)), 1500);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const pong = await redis.ping();
    if (pong !== 'PONG') throw new Error(`unexpected reply ${String(pong)}`);
  }

  /**
   * Workers finish their current job first, while every pool and store is still open: closed in the same
   * step as the database (onApplicationShutdown), a mail on the wire at a deploy's SIGTERM found the pool
   * ended and failed after it was sent, to be sent again at the next start.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(
      this.workers.map(async (w) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), WORKER_CLOSE_GRACE_MS)));
        const closed = w.close().catch(() => undefined);
        // BullMQ's close cannot be forced once begun; past the grace the shutdown goes on without it.
        if ((await Promise.race([closed, late])) === 'late') {
          this.stillWorking.set(w, closed);
          this.logger.warn(`queue ${w.name}: a job was still running after ${WORKER_CLOSE_GRACE_MS} ms; stopping without it`);
        }
        clearTimeout(timer);
      }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close().catch(() => undefined)));
    // The connection of a worker still running a job goes when the job ends, not now: BullMQ spins at full CPU
    // when a job ends on a connection closed under it. A process stopped by a signal ends before that anyway
    // (Nest re-raises the signal once closed, bootstrap.ts); one closing its app without exiting is left with no handle.
    for (const [worker, connection] of this.workerConnections) {
      const closing = this.stillWorking.get(worker);
      if (closing) void closing.then(() => connection.disconnect());
      else connection.disconnect();
    }
    this.producerConnection?.disconnect();
  }
}
