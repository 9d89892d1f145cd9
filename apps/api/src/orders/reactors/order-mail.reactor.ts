import { Inject, Injectable, Logger } from '@nestjs/common';
import { MailOutbox } from '../../mail';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { EventReactor, jobIdFor, Reactor } from '../../platform/queue/reactor';
import { OrderRequestedData, orderStream } from '../domain/order';
import { orderLinkToken, orderPageLink } from '../order-link';
import {
  consultationConfirmation,
  consultationStaffNotice,
  orderExpiredNotice,
  OrderPageLink,
  orderShippedNotice,
  paymentReceipt,
  paymentRefundedNotice,
} from './order-mails';

/**
 * Mail about orders: a consultation request sends the shopper a confirmation and tells staff; a paid order
 * sends a receipt; a shipped order says how to track it; an expired order and a refunded payment are explained to the shopper. Job ids carry the event id, so an event seen twice queues its mail once; while Redis is
 * down, send() throws and the reactor retries from its checkpoint.
 */
@Injectable()
@EventReactor()
export class OrderMailReactor implements Reactor {
  readonly name = 'order-mail';
  readonly eventTypes = ['OrderRequested', 'OrderPaid', 'OrderExpired', 'PaymentRefunded', 'OrderStatusChanged'];
  private readonly logger = new Logger('OrderMail');

  constructor(
    private readonly outbox: MailOutbox,
    private readonly es: EventSourcing,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  /** The signed link to the order's page every mail to the shopper carries, dated from the event (the same however often it is built). */
  private link(orderId: string, event: RecordedEvent): OrderPageLink {
    const issuedAt = new Date(event.metadata.occurredAt);
    return { url: orderPageLink(this.config.publicOrigins[0], orderId, issuedAt), token: orderLinkToken(orderId, issuedAt) };
  }

  async react(event: RecordedEvent): Promise<void> {
    // Only a move to shipped is mailed (with its carrier and tracking number; older moves carry none).
    if (event.type === 'OrderStatusChanged' && (event.data.to !== 'shipped' || !event.data.shipment)) return;
    if (event.type === 'OrderRequested') {
      const d = event.data as OrderRequestedData;
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
    const history = await this.es.load(orderStream(event.data.order_id));
    const d = history.find((e) => e.type === 'OrderRequested')?.data as OrderRequestedData | undefined;
    const link = this.link(event.data.order_id, event);
    if (!d?.shipping) {
      this.logger.warn(`no ${event.type} mail for order ${event.data.order_id}: its shopper is unknown or erased`);
      return;
    }
    if (event.type === 'OrderPaid') {
      await this.outbox.send(paymentReceipt(d, event.data.amount_cents, link), jobIdFor('payment-receipt', event.metadata.eventId));
    } else if (event.type === 'OrderExpired') {
      await this.outbox.send(orderExpiredNotice(d, link), jobIdFor('order-expired', event.metadata.eventId));
    } else if (event.type === 'PaymentRefunded') {
      // The payment of an order staff cancelled after it was paid (OrderRefundRequested), or money the order rejected.
      const cancelled = history.some((e) => e.type === 'OrderRefundRequested' && e.data.session_id === event.data.session_id);
      await this.outbox.send(
        paymentRefundedNotice(d, event.data.amount_cents, event.data.reason, link, cancelled),
        jobIdFor('payment-refunded', event.metadata.eventId),
      );
    } else if (event.type === 'OrderStatusChanged') {
      // The note goes into the mail only when staff shared it (the page shows the same); an erased one never.
      const note = event.data.shared === true && typeof event.data.note === 'string' ? event.data.note : '';
      await this.outbox.send(orderShippedNotice(d, event.data.shipment, note, link), jobIdFor('order-shipped', event.metadata.eventId));
    }
  }
}
