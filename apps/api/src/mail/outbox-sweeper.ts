import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { DatabaseService } from '../platform/database/database.service';
import { trySessionLock } from '../platform/database/session-locks';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { Queues } from '../platform/queue/queues.service';
import { mailStream } from './mail-events';
import { MAIL_QUEUE, MailJob, MailOutbox } from './mail.outbox';

/** One sweeper at a time across every process with the worker role. */
const SWEEP_LOCK = 'mail-outbox-sweep';
const BATCH = 500;

export interface SweepResult {
  /** Failed jobs (their retries spent: a relay down for minutes, a job stalled twice by crashes) queued again. */
  retried: number;
  /** Rows whose job was gone (or finished without recording the mail), queued again. */
  requeued: number;
  /** Rows of mail already recorded, or of a person erased meanwhile, removed. */
  cleared: number;
}

/**
 * The outbox is the promise that a mail goes out: its row stays until MailSent is recorded. BullMQ's job is
 * only the means, and can be spent (8 attempts over about four minutes while the relay is down; a job
 * interrupted twice by crashes fails as stalled) or lost (Redis without persistence restarted). Every
 * MAIL_SWEEP_INTERVAL_MS the worker walks the rows older than that interval and gives each a job again,
 * until the mail is recorded: the relay's outage or the crashes delay mail, they do not lose it.
 */
@Injectable()
export class OutboxSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MailOutbox');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: DatabaseService,
    private readonly queues: Queues,
    private readonly outbox: MailOutbox,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.roles.includes('worker')) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((err: Error) => this.logger.warn(`sweep failed: ${err.message}`))
        .finally(() => (this.running = null));
    }, this.config.mailSweepIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One pass over the oldest rows; nothing when another process is sweeping. */
  async sweep(): Promise<SweepResult> {
    const result: SweepResult = { retried: 0, requeued: 0, cleared: 0 };
    await trySessionLock(this.db.lockPool, 'purpose', SWEEP_LOCK, async () => {
      const rows = await this.db.query<{ mail_id: string }>(
        `SELECT mail_id FROM public.mail_outbox WHERE created_at < now() - make_interval(secs => $1)
         ORDER BY created_at LIMIT ${BATCH}`,
        [this.config.mailSweepIntervalMs / 1000],
      );
      for (const { mail_id } of rows) await this.sweepOne(mail_id, result);
    });
    if (result.retried + result.requeued + result.cleared > 0) this.logger.warn(`outbox sweep: ${JSON.stringify(result)}`);
    return result;
  }

  private async sweepOne(mailId: string, result: SweepResult): Promise<void> {
    const queue = this.queues.queue<MailJob>(MAIL_QUEUE);
    const job = await queue.getJob(mailId);
    const state = job ? await job.getState() : 'missing';
    // Waiting, delayed or being sent: its job will see to it.
    if (state === 'waiting' || state === 'delayed' || state === 'active' || state === 'prioritized' || state === 'waiting-children') return;
    if (job && state === 'failed') {
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      result.retried++;
      return;
    }
    // Gone, or finished while the row stayed: recorded (the row is left over), erased, or queued again.
    if ((await this.store.readStream(mailStream(mailId))).length > 0) {
      await this.outbox.done(mailId);
      result.cleared++;
      return;
    }
    const mail = await this.outbox.read(mailId);
    if (!mail) {
      await this.outbox.done(mailId); // its person was erased: nothing to send
      result.cleared++;
      return;
    }
    if (job) await job.remove();
    await queue.add(mail.kind, { mailId, kind: mail.kind }, { jobId: mailId });
    result.requeued++;
  }
}
