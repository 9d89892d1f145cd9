import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OrderEvent, ReturnEvent } from '@facet/contracts';
import { MailOutbox } from '../../mail';
import { orderLinkToken, orderPageLink, orderStream } from '../../orders';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { EventReactor, jobIdFor, Reactor } from '../../platform/queue/reactor';
import { RETURN_EVENT_TYPES } from '../domain/order-returns';
import { returnStepMail } from './return-mails';

/**
 * Every step of a return is mailed to its shopper (the order's address), with the order page's signed link. The
 * job id carries the event id, so a step seen twice queues its mail once; an erased shopper gets no mail.
 */
@Injectable()
@EventReactor()
export class ReturnMailReactor implements Reactor<ReturnEvent> {
  readonly name = 'return-mail';
  readonly eventTypes = RETURN_EVENT_TYPES;
  private readonly logger = new Logger('ReturnMail');

  constructor(
    private readonly outbox: MailOutbox,
    private readonly es: EventSourcing,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  async react(event: RecordedEvent<ReturnEvent>): Promise<void> {
    const orderId = event.data.order_id;
    const requested = (await this.es.load<OrderEvent>(orderStream(orderId))).find((e) => e.type === 'OrderRequested');
    const shipping = requested?.type === 'OrderRequested' ? requested.data.shipping : undefined;
    if (requested?.type !== 'OrderRequested' || !shipping?.email || shipping.email === 'erased') {
      this.logger.warn(`no ${event.type} mail for order ${orderId}: its shopper is unknown or erased`);
      return;
    }
    const issuedAt = new Date(event.metadata.occurredAt);
    const link = { url: orderPageLink(this.config.publicOrigin, orderId, issuedAt), token: orderLinkToken(orderId, issuedAt) };
    const to = { email: shipping.email, firstName: shipping.first_name, subjectId: requested.data.subject_id, orderId };
    const mail = returnStepMail(event, to, link);
    await this.outbox.send(mail, jobIdFor(mail.kind, event.metadata.eventId));
  }
}
