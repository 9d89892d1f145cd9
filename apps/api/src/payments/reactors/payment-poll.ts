import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DelayedError, Job } from 'bullmq';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { queueDelayedJob, startDelayedJobWorker } from '../../platform/queue/delayed-jobs';
import { Queues } from '../../platform/queue/queues.service';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { SettleSessionCommand } from '../commands/settle-session.command';
import { PaymentSessionOpened } from '../domain/payment-session';
import { PAYMENT_SETTINGS, PaymentSettings } from '../provider/payment-provider';

export const PAYMENT_POLL_QUEUE = 'payment-poll';
const POLL_JOB = { queue: PAYMENT_POLL_QUEUE, name: 'poll', kind: 'payment-poll' };

interface PollJob {
  session_id: string;
}

/** Each opened payment session gets a poll job (its id carries the event id, so it is queued once). */
@Injectable()
@EventReactor()
export class PaymentPollReactor implements Reactor<PaymentSessionOpened> {
  readonly name = 'payment-poll';
  readonly eventTypes: readonly PaymentSessionOpened['type'][] = ['PaymentSessionOpened'];

  constructor(
    private readonly queues: Queues,
    @Inject(PAYMENT_SETTINGS) private readonly settings: PaymentSettings,
  ) {}

  async react(event: RecordedEvent<PaymentSessionOpened>): Promise<void> {
    await queueDelayedJob<PollJob>(this.queues, POLL_JOB, event, { session_id: event.data.session_id }, this.settings.pollIntervalMs);
  }
}

/**
 * The payment-polling worker (role worker): asks the provider about the session; once it is paid, declined
 * or expired the outcome is recorded (once, see SettleSessionHandler); while it is open, the same job is
 * delayed by the poll interval and runs again.
 */
@Injectable()
export class PaymentPollWorker implements OnApplicationBootstrap {
  constructor(
    private readonly queues: Queues,
    private readonly commands: CommandBus,
    @Inject(PAYMENT_SETTINGS) private readonly settings: PaymentSettings,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  onApplicationBootstrap(): void {
    startDelayedJobWorker<PollJob>(this.config, this.queues, PAYMENT_POLL_QUEUE, (job, token) => this.process(job, token), 8);
  }

  async process(job: Job<PollJob>, token?: string): Promise<string> {
    const s = await this.commands.execute(new SettleSessionCommand(job.data.session_id));
    if (!s) return 'unknown';
    // Open, or completed with an asynchronous payment (a bank debit) still on its way: ask again later.
    if (s.paymentStatus === 'unpaid' && s.status !== 'expired') {
      await job.moveToDelayed(Date.now() + this.settings.pollIntervalMs, token);
      throw new DelayedError();
    }
    return s.paymentStatus === 'paid' ? 'paid' : s.status;
  }
}
