import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RefundPaymentCommand } from '../../orders';
import { runAsSystem } from '../../platform/context/request-context';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { fold } from '../../platform/event-store/decider';
import { PaymentEvent, paymentSession, paymentStream } from '../domain/payment-session';
import { PAYMENT_PROVIDER, PaymentProvider } from '../provider/payment-provider';

/** The port's command from orders (its class lives in orders/order-payments.port.ts): the money goes back, recorded once. */
@CommandHandler(RefundPaymentCommand)
export class RefundPaymentHandler implements ICommandHandler<RefundPaymentCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ sessionId, reason }: RefundPaymentCommand): Promise<void> {
    // Refunded already (at the provider's own dashboard, then the order followed): nothing more to give back.
    const state = fold(paymentSession, await this.es.load<PaymentEvent>(paymentStream(sessionId)));
    if (state.outcome === 'refunded') return;
    const { refundId } = await this.provider.refund(sessionId, reason);
    await runAsSystem('payments', () =>
      this.es.decide(paymentStream(sessionId), paymentSession, { type: 'RecordRefund', refundId, reason }, { waitForProjections: false }),
    );
  }
}
