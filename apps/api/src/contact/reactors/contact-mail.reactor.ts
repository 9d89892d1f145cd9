import { Inject, Injectable } from '@nestjs/common';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventReactor, jobIdFor, Reactor } from '../../platform/queue/reactor';
import { ContactMessageReceived, contactSubject } from '../domain/contact-message';
import { MailOutbox, renderBrandedMail, subjectSafe } from '../../mail';

export const CONTACT_ACK_KIND = 'contact-acknowledgement';
export const CONTACT_STAFF_KIND = 'contact-staff-notice';

/** Thanks the sender (we'll get back to you within 24 hours) and tells staff a message is waiting. */
@Injectable()
@EventReactor()
export class ContactMailReactor implements Reactor<ContactMessageReceived> {
  readonly name = 'contact-mail';
  readonly eventTypes = ['ContactMessageReceived'] as const;

  constructor(
    private readonly outbox: MailOutbox,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  async react(event: RecordedEvent<ContactMessageReceived>): Promise<void> {
    const d = event.data;
    // Erased before we got here: there is nobody to write to and nothing to pass on.
    if (!d.email) return;
    // A signed-in customer's message belongs to them, whatever address they typed.
    const subjectId = contactSubject(d);
    const ack = renderBrandedMail({
      greeting: `Dear ${d.name ?? 'customer'},`,
      paragraphs: ['Thank you for contacting Facet Fine Jewelry. We have received your message.', "We'll get back to you within 24 hours."],
      details: [
        ['Subject', d.subject],
        ['Your message', d.message],
      ],
    });
    await this.outbox.send(
      // It repeats the message to the address typed, by anyone: capped per recipient (the form's own
      // throttle counts per sender's address, not per recipient). The staff notice is not capped.
      {
        kind: CONTACT_ACK_KIND,
        to: d.email,
        subject: 'We received your message - Facet Fine Jewelry',
        ...ack,
        subjectId,
        recipientCap: true,
      },
      jobIdFor(CONTACT_ACK_KIND, event.metadata.eventId),
    );
    const notice = renderBrandedMail({
      greeting: 'Hello team,',
      paragraphs: ['A new message arrived through the contact form. Please reply within 24 hours.'],
      details: [
        ['Message id', d.message_id],
        ['Name', d.name],
        ['Email', d.email],
        ['Phone', d.phone],
        ['Subject', d.subject],
        ['Message', d.message],
      ],
    });
    await this.outbox.send(
      {
        kind: CONTACT_STAFF_KIND,
        to: this.config.staffNotificationEmail,
        subject: subjectSafe(`New contact message: ${d.subject ?? ''}`),
        ...notice,
        subjectId,
      },
      jobIdFor(CONTACT_STAFF_KIND, event.metadata.eventId),
    );
  }
}
