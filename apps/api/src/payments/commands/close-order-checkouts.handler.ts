import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { CloseOrderCheckoutsCommand } from '../../orders';
import { PAYMENT_PROVIDER, PaymentProvider } from '../provider/payment-provider';
import { OpenSessionsOfOrderQuery } from '../queries/open-sessions-of-order.query';
import { SettleSessionCommand } from './settle-session.command';

/**
 * The port's command from orders (its class lives in orders/order-payments.port.ts): the order can no
 * longer be paid, so its sessions still open at the provider are ended there and the provider refuses to
 * take money for it. Answers the ids the provider reports as paid (a payment that landed first).
 */
@CommandHandler(CloseOrderCheckoutsCommand)
export class CloseOrderCheckoutsHandler implements ICommandHandler<CloseOrderCheckoutsCommand, string[]> {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ orderId, sessionIds, options }: CloseOrderCheckoutsCommand): Promise<string[]> {
    const known = options.alsoOpenInPayments
      ? [...sessionIds, ...(await this.queries.execute(new OpenSessionsOfOrderQuery(orderId)))]
      : sessionIds;
    const paid: string[] = [];
    for (const id of new Set(known.filter((s) => s !== options.except))) {
      await this.provider.expireSession(id);
      const s = await this.commands.execute(new SettleSessionCommand(id));
      if (s && (s.paymentStatus === 'paid' || s.paymentStatus === 'refunded')) paid.push(id);
    }
    return paid;
  }
}
