import { Command } from '@nestjs/cqrs';
import { OrderStatus } from '@facet/contracts';
import { Principal } from '../../platform/auth/principal';
import { AdminOrderView } from '../queries/order-views';

/** Staff move an order to its next status (see ORDER_TRANSITIONS), with a note; answers the order for the console. */
export class ChangeOrderStatusCommand extends Command<AdminOrderView> {
  constructor(
    readonly orderId: string,
    readonly to: OrderStatus,
    readonly note: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
