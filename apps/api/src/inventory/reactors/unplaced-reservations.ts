import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { runAsSystem } from '../../platform/context/request-context';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { queueDelayedJob, startDelayedJobWorker } from '../../platform/queue/delayed-jobs';
import { Queues } from '../../platform/queue/queues.service';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { orderStream } from '../../orders';
import { StockReserved } from '../domain/variant-stock';
import { StockWriter } from '../commands/stock-writer';
import { INVENTORY_SETTINGS, InventorySettings } from '../inventory-settings';

export const UNPLACED_RESERVATIONS_QUEUE = 'unplaced-reservations';
const CHECK_JOB = { queue: UNPLACED_RESERVATIONS_QUEUE, name: 'check', kind: 'unplaced-reservation' };

interface CheckJob {
  variant_id: string;
  order_id: string;
}

/**
 * Placing an order reserves first and records the order after. A process killed in between (kill -9, a
 * lost database connection) leaves a reservation without an order: each reservation gets one delayed job
 * (job id from the event id: queued once) that looks, a few minutes later, whether its order exists.
 */
@Injectable()
@EventReactor()
export class UnplacedReservationReactor implements Reactor<StockReserved> {
  readonly name = 'unplaced-reservations';
  readonly eventTypes: readonly StockReserved['type'][] = ['StockReserved'];

  constructor(
    private readonly queues: Queues,
    @Inject(INVENTORY_SETTINGS) private readonly settings: InventorySettings,
  ) {}

  async react(event: RecordedEvent<StockReserved>): Promise<void> {
    const d = event.data;
    const due = Date.parse(event.metadata.occurredAt) + this.settings.unplacedReservationMs;
    await queueDelayedJob<CheckJob>(this.queues, CHECK_JOB, event, { variant_id: d.variant_id, order_id: d.order_id }, due - Date.now());
  }
}

/** At the check (role worker): the reservation of an order that was never recorded is released ('order_not_placed'). */
@Injectable()
export class UnplacedReservationWorker implements OnApplicationBootstrap {
  constructor(
    private readonly queues: Queues,
    private readonly es: EventSourcing,
    private readonly stock: StockWriter,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  onApplicationBootstrap(): void {
    startDelayedJobWorker<CheckJob>(this.config, this.queues, UNPLACED_RESERVATIONS_QUEUE, (job) => this.process(job), 2);
  }

  async process(job: Job<CheckJob>): Promise<string> {
    const { variant_id: variantId, order_id: orderId } = job.data;
    return runAsSystem('unplaced-reservations', async () => {
      if ((await this.es.store.readStream(orderStream(orderId))).length > 0) return 'placed';
      await this.stock.decide({ type: 'Release', variantId, orderId, reason: 'order_not_placed' }, { waitForProjections: false });
      return 'released';
    });
  }
}
