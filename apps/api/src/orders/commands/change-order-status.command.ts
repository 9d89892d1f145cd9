import { Command } from '@nestjs/cqrs';
import { OrderStatus } from '@facet/contracts';
import { Principal } from '../../platform/auth/principal';
import { OrderShipmentData } from '../domain/order';
import { AdminOrderView } from '../queries/order-views';

/** Staff move an order to its next status (see ORDER_TRANSITIONS), with a note; answers the order for the console. */
export class ChangeOrderStatusCommand extends Command<AdminOrderView> {
  constructor(
    readonly orderId: string,
    readonly to: OrderStatus,
    readonly note: string,
    readonly principal: Principal,
    /** Show the note to the customer on their order page (issue 41). */
    readonly shared = false,
    /** The carrier and tracking number, with a move to shipped. */
    readonly shipment?: OrderShipmentData,
  ) {
    super();
  }
}

/** Staff keep a consultation request's pieces held past CONSULTATION_HOLD_HOURS (issue 49); answers the order for the console. */
export class ConfirmConsultationHoldCommand extends Command<AdminOrderView> {
  constructor(
    readonly orderId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
