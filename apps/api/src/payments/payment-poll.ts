import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, Job } from 'bullmq';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { RecordedEvent } from '../platform/event-store/event-store';
import { traceIds, TraceIds } from '../platform/context/request-context';
import { Queues } from '../platform/queue/queues.service';
import { EventReactor, jobIdFor, Reactor } from '../platform/queue/reactor';
import { PaymentsService } from './payments.service';
import { PAYMENT_SETTINGS, PaymentSettings } from './provider/payment-provider';

export const PAYMENT_POLL_QUEUE = 'payment-poll';

interface PollJob {
  session_id: string;
  trace?: TraceIds;
}

/** Each opened payment session gets a poll job (its id carries the event id, so it is queued once). */
@Injectable()
@EventReactor()
export class PaymentPollReactor implements Reactor {
  readonly name = 'payment-poll';
  readonly eventTypes = ['PaymentSessionOpened'];

  constructor(
    private readonly queues: Queues,
    @Inject(PAYMENT_SETTINGS) private readonly settings: PaymentSettings,
  ) {}

  async react(event: RecordedEvent): Promise<void> {
    await this.queues
      .queue<PollJob>(PAYMENT_POLL_QUEUE)
      .add('poll', { session_id: event.data.session_id, trace: traceIds() }, { jobId: jobIdFor('payment-poll', event.metadata.eventId), delay: this.settings.pollIntervalMs });
  }
}

/**
 * The payment-polling worker (role worker): asks the provider about the session; once it is paid, declined
 * or expired the outcome is recorded (once, see PaymentsService.settle); while it is open, the same job is
 * delayed by the poll interval and runs again.
 */
@Injectable()
export class PaymentPollWorker implements OnApplicationBootstrap {
  constructor(
    private readonly queues: Queues,
    private readonly payments: PaymentsService,
    @Inject(PAYMENT_SETTINGS) private readonly settings: PaymentSettings,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.roles.includes('worker')) return;
    this.queues.worker<PollJob>(PAYMENT_POLL_QUEUE, (job, token?: string) => this.process(job, token), { concurrency: 8 });
  }

  async process(job: Job<PollJob>, token?: string): Promise<string> {
    const s = await this.payments.settle(job.data.session_id);
    if (!s) return 'unknown';
    if (s.status === 'open' && s.paymentStatus === 'unpaid') {
      await job.moveToDelayed(Date.now() + this.settings.pollIntervalMs, token);
      throw new DelayedError();
    }
    return s.paymentStatus === 'paid' ? 'paid' : s.status;
  }
}
