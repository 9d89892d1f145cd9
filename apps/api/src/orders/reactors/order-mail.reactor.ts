import { Inject, Injectable, Logger } from '@nestjs/common';
import { MailOutbox } from '../../mail/mail.outbox';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { EventReactor, jobIdFor, Reactor } from '../../platform/queue/reactor';
import { OrderRequestedData, orderStream } from '../domain/order';
import { consultationConfirmation, consultationStaffNotice, paymentReceipt } from './order-mails';

/**
 * Mail about orders: a consultation request sends the shopper a confirmation and tells staff; a paid order
 * sends a receipt. Job ids carry the event id, so an event seen twice queues its mail once; while Redis is
 * down, send() throws and the reactor retries from its checkpoint.
 */
@Injectable()
@EventReactor()
export class OrderMailReactor implements Reactor {
  readonly name = 'order-mail';
  readonly eventTypes = ['OrderRequested', 'OrderPaid'];
  private readonly logger = new Logger('OrderMail');

  constructor(
    private readonly outbox: MailOutbox,
    private readonly es: EventSourcing,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  async react(event: RecordedEvent): Promise<void> {
    if (event.type === 'OrderRequested') {
      const d = event.data as OrderRequestedData;
      if (d.kind !== 'consultation' || !d.shipping) return; // card orders mail on payment; erased people get no mail
      await this.outbox.send(consultationConfirmation(d), jobIdFor('consultation-confirmation', event.metadata.eventId));
      await this.outbox.send(consultationStaffNotice(d, this.config.staffNotificationEmail), jobIdFor('consultation-staff', event.metadata.eventId));
    } else if (event.type === 'OrderPaid') {
      const history = await this.es.load(orderStream(event.data.order_id));
      const requested = history.find((e) => e.type === 'OrderRequested');
      const d = requested?.data as OrderRequestedData | undefined;
      if (!d?.shipping) {
        this.logger.warn(`no receipt for order ${event.data.order_id}: its shopper is unknown or erased`);
        return;
      }
      await this.outbox.send(paymentReceipt(d, event.data.amount_cents), jobIdFor('payment-receipt', event.metadata.eventId));
    }
  }
}
