import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ReturnRefundedStockCommand } from '../../inventory';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import type { PaymentRefunded } from '../domain/payment-session';

/**
 * A staff refund that says pieces came back (restock_lines, issue 51) puts their units back on hand: the
 * inventory part's command, keyed by the refund id, so an event seen twice (a replay, a redelivery after a
 * crash) returns them once. A refund without restock, or recorded before lines were named, moves no stock.
 */
@Injectable()
@EventReactor()
export class RefundRestockReactor implements Reactor<PaymentRefunded> {
  readonly name = 'refund-restock';
  readonly eventTypes: readonly PaymentRefunded['type'][] = ['PaymentRefunded'];

  constructor(private readonly commands: CommandBus) {}

  async react(event: RecordedEvent<PaymentRefunded>): Promise<void> {
    const d = event.data;
    if (d.restock !== true || !d.restock_lines?.length) return;
    const lines = d.restock_lines.map((l) => ({ variantId: l.variant_id, quantity: l.quantity }));
    await this.commands.execute(new ReturnRefundedStockCommand(d.refund_id, d.order_id, lines, `staff:${d.by ?? 'unknown'}`));
  }
}
