import { Injectable } from '@nestjs/common';
import { PaymentsService } from '../../payments/payments.service';
import { DatabaseService } from '../../platform/database/database.service';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { orderStream } from '../domain/order';

/** Every checkout session ever opened for an order: from its stream, and from the read model (older orders). */
export async function sessionsOfOrder(es: EventSourcing, db: DatabaseService, orderId: string): Promise<string[]> {
  const history = await es.load(orderStream(orderId));
  const fromStream = history.filter((e) => e.type === 'OrderCheckoutOpened').map((e) => e.data.session_id as string);
  const fromReadModel = await db.query<{ id: string }>(`SELECT id FROM payment_sessions WHERE order_id = $1 AND status = 'open'`, [orderId]);
  return [...new Set([...fromStream, ...fromReadModel.map((r) => r.id)])];
}

/**
 * Once an order is paid, cancelled or expired, its other sessions still open at the provider are ended
 * there, so the provider refuses to be paid for it. A payment that landed before is recorded by settle()
 * and then refunded (OrderPaymentRejected, below).
 */
@Injectable()
@EventReactor()
export class OrderCheckoutCloseReactor implements Reactor {
  readonly name = 'order-checkout-close';
  readonly eventTypes = ['OrderPaid', 'OrderStatusChanged', 'OrderExpired'];

  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
    private readonly payments: PaymentsService,
  ) {}

  async react(event: RecordedEvent): Promise<void> {
    if (event.type === 'OrderStatusChanged' && event.data.to !== 'cancelled') return;
    const orderId = event.data.order_id as string;
    const paidBy = event.type === 'OrderPaid' ? (event.data.session_id as string) : null;
    const sessions = (await sessionsOfOrder(this.es, this.db, orderId)).filter((id) => id !== paidBy);
    await this.payments.closeOrderSessions(orderId, sessions);
  }
}

/** A payment the order rejected is given back through the provider and recorded as PaymentRefunded. */
@Injectable()
@EventReactor()
export class PaymentRefundReactor implements Reactor {
  readonly name = 'payment-refund';
  readonly eventTypes = ['OrderPaymentRejected'];

  constructor(private readonly payments: PaymentsService) {}

  async react(event: RecordedEvent): Promise<void> {
    await this.payments.refund(event.data.session_id, event.data.reason);
  }
}
