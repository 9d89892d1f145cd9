import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { order, orderStream } from '../domain/order';
import { RecordCheckoutOpenedCommand } from '../order-payments.port';

/** The port's command from payments (its class lives in order-payments.port.ts): the order's one open session. */
@CommandHandler(RecordCheckoutOpenedCommand)
export class RecordCheckoutOpenedHandler implements ICommandHandler<RecordCheckoutOpenedCommand, void> {
  constructor(private readonly es: EventSourcing) {}

  async execute(c: RecordCheckoutOpenedCommand): Promise<void> {
    await this.es.decide(
      orderStream(c.orderId),
      order,
      { type: 'OpenCheckout', orderId: c.orderId, sessionId: c.sessionId, url: c.url, expiresAt: c.expiresAt, replaces: c.replaces },
      { expectedRevision: c.expectedRevision },
    );
  }
}
