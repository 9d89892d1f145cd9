import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { order, orderStream } from '../domain/order';
import { GetAdminOrderQuery } from '../queries/get-admin-order.query';
import { AdminOrderView } from '../queries/order-views';
import { ChangeOrderStatusCommand, ConfirmConsultationHoldCommand } from './change-order-status.command';

@CommandHandler(ChangeOrderStatusCommand)
export class ChangeOrderStatusHandler implements ICommandHandler<ChangeOrderStatusCommand, AdminOrderView> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
  ) {}

  async execute({ orderId, to, note, principal, shared, shipment }: ChangeOrderStatusCommand): Promise<AdminOrderView> {
    // 404 for an order the console cannot show yet; which moves are allowed is the decider's rule alone.
    await this.queries.execute(new GetAdminOrderQuery(orderId));
    // Decided again on a concurrent write: twenty identical cancels record (and refund) once, all answer 200.
    await this.es.decideLatest(orderStream(orderId), order, {
      type: 'ChangeStatus',
      orderId,
      to,
      note,
      by: `staff:${principal.id}`,
      shared,
      shipment,
    });
    return this.queries.execute(new GetAdminOrderQuery(orderId));
  }
}

@CommandHandler(ConfirmConsultationHoldCommand)
export class ConfirmConsultationHoldHandler implements ICommandHandler<ConfirmConsultationHoldCommand, AdminOrderView> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
  ) {}

  async execute({ orderId, principal }: ConfirmConsultationHoldCommand): Promise<AdminOrderView> {
    await this.queries.execute(new GetAdminOrderQuery(orderId));
    // Confirmed once, however often it is sent (ConsultationHoldConfirmed records who did it).
    await this.es.decideLatest(orderStream(orderId), order, { type: 'ConfirmHold', orderId, by: `staff:${principal.id}` });
    return this.queries.execute(new GetAdminOrderQuery(orderId));
  }
}
