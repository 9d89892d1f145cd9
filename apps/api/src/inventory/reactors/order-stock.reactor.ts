import { Injectable, Logger } from '@nestjs/common';
import type { OrderEvent } from '@facet/contracts';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { ConflictError } from '../../platform/domain/errors';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { orderStream, orderVariantIds } from '../../orders';
import { StockWriter } from '../commands/stock-writer';
import { releaseAll } from '../commands/stock.handlers';

/** The order's events that move its reservations. */
type ReservationMovingEvent = Extract<OrderEvent, { type: 'OrderPaid' | 'OrderExpired' | 'OrderStatusChanged' | 'ConsultationHoldLapsed' }>;

/**
 * An order's reservations follow the order: paid (or a consultation converted into a sale) confirms them,
 * so the units leave on hand; expired unpaid, cancelled, or a consultation closed releases them. A paid
 * order cancelled before it shipped puts its units back on hand. A payment that fails for good is the order
 * expiring. A consultation request's hold that lapsed unconfirmed (issue 49) releases them as expired. Every step is idempotent on the variant's stream, so an event seen twice changes nothing.
 */
@Injectable()
@EventReactor()
export class OrderStockReactor implements Reactor<ReservationMovingEvent> {
  readonly name = 'order-stock';
  readonly eventTypes: readonly ReservationMovingEvent['type'][] = [
    'OrderPaid',
    'OrderExpired',
    'OrderStatusChanged',
    'ConsultationHoldLapsed',
  ];
  private readonly logger = new Logger('OrderStock');

  constructor(
    private readonly es: EventSourcing,
    private readonly stock: StockWriter,
  ) {}

  async react(event: RecordedEvent<ReservationMovingEvent>): Promise<void> {
    const orderId = event.data.order_id;
    const to = event.type === 'OrderStatusChanged' ? event.data.to : null;
    const step =
      event.type === 'OrderPaid' || to === 'converted'
        ? 'confirm'
        : event.type === 'OrderExpired' || event.type === 'ConsultationHoldLapsed'
          ? 'expired'
          : to === 'cancelled' || to === 'closed'
            ? 'cancelled'
            : null;
    if (!step) return;
    // The order's lines, as placed (its items are not personal data: read without opening anything).
    const requested = (await this.es.loadSealed<OrderEvent>(orderStream(orderId))).find((e) => e.type === 'OrderRequested');
    if (requested?.type !== 'OrderRequested') return;
    const variantIds = orderVariantIds(requested.data);
    try {
      if (step === 'confirm') {
        for (const variantId of variantIds) await this.stock.decide({ type: 'Confirm', variantId, orderId }, { waitForProjections: false });
        return;
      }
      await releaseAll(this.stock, orderId, variantIds, step);
      if (step === 'cancelled') {
        for (const variantId of variantIds) {
          const command = { type: 'ReturnOrder' as const, variantId, orderId, reason: 'order cancelled after payment', by: 'system' };
          await this.stock.decide(command, { waitForProjections: false });
        }
      }
    } catch (err) {
      // A refusal by the rules is final; retrying would hold the reactor forever (a ConcurrencyError is retried).
      if (err instanceof ConflictError) {
        this.logger.warn(`${event.type} for order ${orderId}: stock not moved: ${err.message}`);
        return;
      }
      throw err;
    }
  }
}
