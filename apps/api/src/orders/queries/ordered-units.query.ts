import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { OrderEvent, OrderRequestedData, orderStream } from '../domain/order';
import { OrderedUnitsQuery } from '../order-payments.port';

/** The units an order bought of each variant its lines name (lines of one variant added up). */
export function orderedUnitsByVariant(order: Pick<OrderRequestedData, 'items'>): Record<string, number> {
  const units = Object.create(null) as Record<string, number>;
  for (const l of order.items) {
    if (typeof l.variant_id === 'string' && l.variant_id !== '') units[l.variant_id] = (units[l.variant_id] ?? 0) + l.quantity;
  }
  return units;
}

/** The port's question from payments (order-payments.port.ts), answered from the order's own stream: its lines never change once placed. */
@QueryHandler(OrderedUnitsQuery)
export class OrderedUnitsHandler implements IQueryHandler<OrderedUnitsQuery, Record<string, number>> {
  constructor(private readonly es: EventSourcing) {}

  async execute({ orderId }: OrderedUnitsQuery): Promise<Record<string, number>> {
    // Its items are not personal data (the engraving aside, not read here): read without opening anything.
    const requested = (await this.es.loadSealed<OrderEvent>(orderStream(orderId))).find((e) => e.type === 'OrderRequested');
    return requested?.type === 'OrderRequested' ? orderedUnitsByVariant(requested.data) : {};
  }
}
