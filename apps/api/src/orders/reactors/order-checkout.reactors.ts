import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { OrderEvent, orderStream } from '../domain/order';
import { CloseOrderCheckoutsCommand, RefundPaymentCommand } from '../order-payments.port';

/** The order's events after which its other checkout sessions are closed. */
type CheckoutClosingEvent = Extract<OrderEvent, { type: 'OrderPaid' | 'OrderStatusChanged' | 'OrderExpired' }>;
/** The order's events that give a payment back. */
type PaymentReturnEvent = Extract<OrderEvent, { type: 'OrderPaymentRejected' | 'OrderRefundRequested' }>;

/** Every checkout session the order's stream records as opened for it. */
async function sessionsOnOrderStream(es: EventSourcing, orderId: string): Promise<string[]> {
  const history = await es.load<OrderEvent>(orderStream(orderId));
  return history.flatMap((e) => (e.type === 'OrderCheckoutOpened' ? [e.data.session_id] : []));
}

/**
 * Once an order is paid, cancelled or expired, its other sessions still open at the provider are ended
 * there, so the provider refuses to be paid for it: those on the order's stream and those payments still
 * has open for it (older orders). A payment that landed before is recorded by payments and then refunded
 * (OrderPaymentRejected, below).
 */
@Injectable()
@EventReactor()
export class OrderCheckoutCloseReactor implements Reactor<CheckoutClosingEvent> {
  readonly name = 'order-checkout-close';
  readonly eventTypes: readonly CheckoutClosingEvent['type'][] = ['OrderPaid', 'OrderStatusChanged', 'OrderExpired'];

  constructor(
    private readonly es: EventSourcing,
    private readonly commands: CommandBus,
  ) {}

  async react(event: RecordedEvent<CheckoutClosingEvent>): Promise<void> {
    if (event.type === 'OrderStatusChanged' && event.data.to !== 'cancelled') return;
    const orderId = event.data.order_id;
    const paidBy = event.type === 'OrderPaid' ? event.data.session_id : null;
    const sessions = await sessionsOnOrderStream(this.es, orderId);
    await this.commands.execute(new CloseOrderCheckoutsCommand(orderId, sessions, { alsoOpenInPayments: true, except: paidBy }));
  }
}

/**
 * A payment the order rejected, or the payment of a paid order staff cancelled, is given back through the
 * provider and recorded as PaymentRefunded (once: the provider answers the same refund, the session's stream records it once).
 */
@Injectable()
@EventReactor()
export class PaymentRefundReactor implements Reactor<PaymentReturnEvent> {
  readonly name = 'payment-refund';
  readonly eventTypes: readonly PaymentReturnEvent['type'][] = ['OrderPaymentRejected', 'OrderRefundRequested'];

  constructor(private readonly commands: CommandBus) {}

  async react(event: RecordedEvent<PaymentReturnEvent>): Promise<void> {
    await this.commands.execute(new RefundPaymentCommand(event.data.session_id, event.data.reason));
  }
}
