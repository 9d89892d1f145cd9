import { Injectable, Logger } from '@nestjs/common';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { ConflictError } from '../../platform/domain/errors';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { order, orderStream } from '../domain/order';

/** Payments settle orders: a paid session moves its order to processing; a declined or expired one marks it. */
@Injectable()
@EventReactor()
export class OrderPaymentReactor implements Reactor {
  readonly name = 'order-payment';
  readonly eventTypes = ['PaymentSucceeded', 'PaymentFailed', 'PaymentExpired'];
  private readonly logger = new Logger('OrderPayment');

  constructor(private readonly es: EventSourcing) {}

  async react(event: RecordedEvent): Promise<void> {
    const d = event.data;
    try {
      if (event.type === 'PaymentSucceeded') {
        await this.es.decide(
          orderStream(d.order_id),
          order,
          { type: 'RecordPayment', orderId: d.order_id, sessionId: d.session_id, amountCents: d.amount_cents, currency: d.currency },
          { waitForProjections: false },
        );
      } else {
        await this.es.decide(
          orderStream(d.order_id),
          order,
          {
            type: 'RecordPaymentFailure',
            orderId: d.order_id,
            sessionId: d.session_id,
            paymentStatus: event.type === 'PaymentExpired' ? 'expired' : 'failed',
            reason: event.type === 'PaymentExpired' ? 'Payment session expired' : d.reason,
          },
          { waitForProjections: false },
        );
      }
    } catch (err) {
      // A business refusal (order already paid or cancelled) is final; retrying would block the reactor forever.
      // A ConcurrencyError (another writer appended first) is not a ConflictError: it is retried.
      if (err instanceof ConflictError) {
        this.logger.warn(`${event.type} for order ${d.order_id} not applied: ${err.message}`);
        return;
      }
      throw err;
    }
  }
}
