import { Inject, Injectable, Logger } from '@nestjs/common';
import { assertNever, OrderEvent, PaymentEvent } from '@facet/contracts';
import { MailOutbox } from '../../mail';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { EventReactor, jobIdFor, Reactor } from '../../platform/queue/reactor';
import { orderStream } from '../domain/order';
import { orderLinkToken, orderPageLink } from '../order-link';
import {
  consultationConfirmation,
  consultationHoldLapsedNotice,
  consultationStaffNotice,
  orderExpiredNotice,
  OrderPageLink,
  orderShippedNotice,
  paymentReceipt,
  paymentRefundedNotice,
} from './order-mails';

/** The events that may mail the shopper (or staff): the order's, and the payments' refunds. */
type OrderMailEvent =
  | Extract<OrderEvent, { type: 'OrderRequested' | 'OrderPaid' | 'OrderExpired' | 'OrderStatusChanged' | 'ConsultationHoldLapsed' }>
  | Extract<PaymentEvent, { type: 'PaymentRefunded' }>;

/**
 * Mail about orders: a consultation request sends the shopper a confirmation and tells staff; a paid order
 * sends a receipt; a shipped order says how to track it; an expired order and a refunded payment are explained to the shopper. Job ids carry the event id, so an event seen twice queues its mail once; while Redis is
 * down, send() throws and the reactor retries from its checkpoint.
 */
@Injectable()
@EventReactor()
export class OrderMailReactor implements Reactor<OrderMailEvent> {
  readonly name = 'order-mail';
  readonly eventTypes: readonly OrderMailEvent['type'][] = [
    'OrderRequested',
    'OrderPaid',
    'OrderExpired',
    'PaymentRefunded',
    'OrderStatusChanged',
    'ConsultationHoldLapsed',
  ];
  private readonly logger = new Logger('OrderMail');

  constructor(
    private readonly outbox: MailOutbox,
    private readonly es: EventSourcing,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  /** The signed link to the order's page every mail to the shopper carries, dated from the event (the same however often it is built). */
  private link(orderId: string, event: RecordedEvent<OrderMailEvent>): OrderPageLink {
    const issuedAt = new Date(event.metadata.occurredAt);
    return { url: orderPageLink(this.config.publicOrigin, orderId, issuedAt), token: orderLinkToken(orderId, issuedAt) };
  }

  async react(event: RecordedEvent<OrderMailEvent>): Promise<void> {
    // Only a move to shipped is mailed (with its carrier and tracking number; older moves carry none).
    if (event.type === 'OrderStatusChanged' && (event.data.to !== 'shipped' || !event.data.shipment)) return;
    if (event.type === 'OrderRequested') {
      const d = event.data;
      if (d.kind !== 'consultation' || !d.shipping) return; // card orders mail on payment; erased people get no mail
      await this.outbox.send(
        consultationConfirmation(d, this.link(d.order_id, event)),
        jobIdFor('consultation-confirmation', event.metadata.eventId),
      );
      await this.outbox.send(
        consultationStaffNotice(d, this.config.staffNotificationEmail),
        jobIdFor('consultation-staff', event.metadata.eventId),
      );
      return;
    }
    const history = await this.es.load<OrderEvent>(orderStream(event.data.order_id));
    const requested = history.find((e) => e.type === 'OrderRequested');
    const d = requested?.type === 'OrderRequested' ? requested.data : undefined;
    const link = this.link(event.data.order_id, event);
    if (!d?.shipping) {
      this.logger.warn(`no ${event.type} mail for order ${event.data.order_id}: its shopper is unknown or erased`);
      return;
    }
    switch (event.type) {
      case 'OrderPaid':
        await this.outbox.send(paymentReceipt(d, event.data.amount_cents, link), jobIdFor('payment-receipt', event.metadata.eventId));
        return;
      case 'ConsultationHoldLapsed':
        // To staff only: the shopper's request stays open (staff decide what to tell them).
        await this.outbox.send(
          consultationHoldLapsedNotice(d, event.data.hold_hours, this.config.staffNotificationEmail),
          jobIdFor('consultation-hold-lapsed', event.metadata.eventId),
        );
        return;
      case 'OrderExpired':
        await this.outbox.send(orderExpiredNotice(d, link), jobIdFor('order-expired', event.metadata.eventId));
        return;
      case 'PaymentRefunded': {
        // The payment of an order staff cancelled after it was paid (OrderRefundRequested), or money the order rejected.
        const sessionId = event.data.session_id;
        const cancelled = history.some((e) => e.type === 'OrderRefundRequested' && e.data.session_id === sessionId);
        await this.outbox.send(
          paymentRefundedNotice(d, event.data.amount_cents, event.data.reason, link, cancelled),
          jobIdFor('payment-refunded', event.metadata.eventId),
        );
        return;
      }
      case 'OrderStatusChanged': {
        // Moves other than to shipped, and shipped without a shipment, returned above.
        const shipment = event.data.shipment;
        if (!shipment) return;
        // The note goes into the mail only when staff shared it (the page shows the same); an erased one never.
        const note = event.data.shared === true && typeof event.data.note === 'string' ? event.data.note : '';
        await this.outbox.send(orderShippedNotice(d, shipment, note, link), jobIdFor('order-shipped', event.metadata.eventId));
        return;
      }
      default:
        assertNever(event);
    }
  }
}
