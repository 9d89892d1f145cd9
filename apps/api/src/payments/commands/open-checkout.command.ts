import { Command } from '@nestjs/cqrs';
import { OrderPayer } from '../../orders';

/** Opens (or hands out again) the hosted checkout of a pending or awaiting-payment card order. */
export class OpenCheckoutCommand extends Command<{ url: string; session_id: string }> {
  constructor(
    /** One of the shop's own addresses: the provider sends the shopper back there. */
    readonly originUrl: string,
    readonly orderId: string,
    /** Only the order's owner may open its checkout (orders decides, through PayableOrderQuery). */
    readonly payer: OrderPayer,
  ) {
    super();
  }
}
