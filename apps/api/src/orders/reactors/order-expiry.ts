import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Job } from 'bullmq';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { runAsSystem } from '../../platform/context/request-context';
import { fold } from '../../platform/event-store/decider';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { queueDelayedJob, startDelayedJobWorker } from '../../platform/queue/delayed-jobs';
import { Queues } from '../../platform/queue/queues.service';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { order, OrderEvent, OrderRequested, orderStream } from '../domain/order';
import { CloseOrderCheckoutsCommand } from '../order-payments.port';
import { ORDER_SETTINGS, OrderSettings } from '../order-settings';

export const ORDER_EXPIRY_QUEUE = 'order-expiry';
const EXPIRY_JOB = { queue: ORDER_EXPIRY_QUEUE, name: 'expire', kind: 'order-expiry' };

interface ExpiryJob {
  order_id: string;
}

/** Each card order gets one delayed job at its pay-by time (job id from the event id: queued once). */
@Injectable()
@EventReactor()
export class OrderExpiryReactor implements Reactor<OrderRequested> {
  readonly name = 'order-expiry';
  readonly eventTypes: readonly OrderRequested['type'][] = ['OrderRequested'];

  constructor(
    private readonly queues: Queues,
    @Inject(ORDER_SETTINGS) private readonly settings: OrderSettings,
  ) {}

  async react(event: RecordedEvent<OrderRequested>): Promise<void> {
    const d = event.data;
    if (d.kind !== 'card') return;
    const payBy = d.pay_by ? Date.parse(d.pay_by) : Date.parse(event.metadata.occurredAt) + this.settings.unpaidOrderTtlMs;
    await queueDelayedJob<ExpiryJob>(this.queues, EXPIRY_JOB, event, { order_id: d.order_id }, payBy - Date.now());
  }
}

/**
 * At the pay-by time (role worker): ends the order's open session at the provider first, so it can no
 * longer be paid; if the provider says it was paid meanwhile, the payment wins (payments records it) and
 * the order does not expire. Otherwise OrderExpired is recorded (nothing if it was paid or cancelled).
 */
@Injectable()
export class OrderExpiryWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('OrderExpiry');

  constructor(
    private readonly queues: Queues,
    private readonly es: EventSourcing,
    private readonly commands: CommandBus,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  onApplicationBootstrap(): void {
    startDelayedJobWorker<ExpiryJob>(this.config, this.queues, ORDER_EXPIRY_QUEUE, (job) => this.process(job), 4);
  }

  async process(job: Job<ExpiryJob>): Promise<string> {
    const orderId = job.data.order_id;
    // In the job's context (Queues.worker): the expiry joins the order's conversation, caused by its request.
    return runAsSystem('order-expiry', async () => {
      const state = fold(order, await this.es.load<OrderEvent>(orderStream(orderId)));
      if (!state.exists) return 'unknown';
      const open = state.openSession ? [state.openSession.id] : [];
      const paid = await this.commands.execute(new CloseOrderCheckoutsCommand(orderId, open, { alsoOpenInPayments: false, except: null }));
      if (paid.length) {
        this.logger.log(`order ${orderId} was paid just before it expired; the payment stands`);
        return 'paid';
      }
      const decision = await this.es.decide(
        orderStream(orderId),
        order,
        { type: 'Expire', orderId, reason: 'Not paid in time' },
        { waitForProjections: false },
      );
      return decision.events.length ? 'expired' : String(state.status);
    });
  }
}

export const CONSULTATION_HOLD_QUEUE = 'consultation-hold';
const HOLD_JOB = { queue: CONSULTATION_HOLD_QUEUE, name: 'lapse', kind: 'consultation-hold' };

interface HoldJob {
  order_id: string;
  held_since: string;
}

/** Each consultation request gets one delayed job CONSULTATION_HOLD_HOURS after it was placed (job id from the event id). */
@Injectable()
@EventReactor()
export class ConsultationHoldReactor implements Reactor<OrderRequested> {
  readonly name = 'consultation-hold';
  readonly eventTypes: readonly OrderRequested['type'][] = ['OrderRequested'];

  constructor(
    private readonly queues: Queues,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  async react(event: RecordedEvent<OrderRequested>): Promise<void> {
    if (event.data.kind !== 'consultation') return;
    const placed = event.metadata.occurredAt;
    const due = Date.parse(placed) + this.config.consultationHoldMs;
    await queueDelayedJob<HoldJob>(this.queues, HOLD_JOB, event, { order_id: event.data.order_id, held_since: placed }, due - Date.now());
  }
}

/**
 * At the hold's end (role worker): an open consultation request staff did not confirm the hold of records
 * ConsultationHoldLapsed (the order-stock reactor releases its units; staff are mailed). Nothing when staff
 * confirmed it, or the request was converted or closed meanwhile.
 */
@Injectable()
export class ConsultationHoldWorker implements OnApplicationBootstrap {
  constructor(
    private readonly queues: Queues,
    private readonly es: EventSourcing,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  onApplicationBootstrap(): void {
    startDelayedJobWorker<HoldJob>(this.config, this.queues, CONSULTATION_HOLD_QUEUE, (job) => this.process(job), 2);
  }

  async process(job: Job<HoldJob>): Promise<string> {
    const orderId = job.data.order_id;
    return runAsSystem('consultation-hold', async () => {
      const holdHours = Math.round(this.config.consultationHoldMs / 3_600_000);
      const decision = await this.es.decide(
        orderStream(orderId),
        order,
        { type: 'LapseHold', orderId, heldSince: job.data.held_since, holdHours },
        { waitForProjections: false },
      );
      return decision.events.length ? 'lapsed' : 'kept';
    });
  }
}
