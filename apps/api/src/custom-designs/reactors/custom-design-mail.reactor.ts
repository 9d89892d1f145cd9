import { Inject, Injectable } from '@nestjs/common';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventReactor, jobIdFor, Reactor } from '../../platform/queue/reactor';
import { MailOutbox, renderBrandedMail, subjectSafe } from '../../mail';
import { CustomDesignSubmitted, designSubject } from '../domain/custom-design';

export const CUSTOM_DESIGN_ACK_KIND = 'custom-design-acknowledgement';
export const CUSTOM_DESIGN_STAFF_KIND = 'custom-design-staff-notice';

function label(value: string): string {
  return value.replace(/-/g, ' ');
}

/** Tells the shopper their request arrived (review within 24 hours) and tells the atelier there is a new one. */
@Injectable()
@EventReactor()
export class CustomDesignMailReactor implements Reactor<CustomDesignSubmitted> {
  readonly name = 'custom-design-mail';
  readonly eventTypes = ['CustomDesignSubmitted'] as const;

  constructor(
    private readonly outbox: MailOutbox,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  async react(event: RecordedEvent<CustomDesignSubmitted>): Promise<void> {
    const d = event.data;
    const details: [string, string | null][] = [
      ['Request', d.design_id],
      ['Jewelry', label(d.jewelry_type)],
      ['Diamond', `${d.diamond_shape}, ${d.diamond_size === 'discuss' ? 'size to discuss' : `${d.diamond_size} ct`}`],
      ['Metal', `${label(d.metal_type)}, ${d.metal_karat}`],
      ['Preferred contact', d.preferred_contact],
    ];
    // Erased before we got here: nobody to write to, and nothing personal to tell staff.
    if (d.contact_email) {
      const ack = renderBrandedMail({
        greeting: `Dear ${d.contact_name ?? 'customer'},`,
        paragraphs: [
          'Your Vision Has Been Received. Thank you for trusting Facet with your custom design.',
          'Our master craftsmen will review your request and contact you within 24 hours to bring your dream to life.',
        ],
        details,
      });
      await this.outbox.send(
        {
          kind: CUSTOM_DESIGN_ACK_KIND,
          to: d.contact_email,
          subject: 'Your Vision Has Been Received - Facet custom design',
          ...ack,
          subjectId: designSubject(d),
          // The address is typed in the request, by anyone: capped per recipient. The atelier's notice is not.
          recipientCap: true,
        },
        jobIdFor(CUSTOM_DESIGN_ACK_KIND, event.metadata.eventId),
      );
    }
    const notice = renderBrandedMail({
      greeting: 'Hello atelier,',
      paragraphs: ['A new custom design request arrived. Please review it and contact the customer within 24 hours.'],
      details: [
        ...details,
        ['Name', d.contact_name],
        ['Email', d.contact_email],
        ['Phone', d.contact_phone],
        ['Notes', d.design_notes],
        ['Image', d.image ? `${d.image.mime}, ${d.image.size} bytes (see the console)` : 'none'],
        ['Customer account', d.customer_id],
      ],
    });
    await this.outbox.send(
      {
        kind: CUSTOM_DESIGN_STAFF_KIND,
        to: this.config.staffNotificationEmail,
        subject: subjectSafe(`New custom design request: ${label(d.jewelry_type)} from ${d.contact_name ?? 'a customer'}`),
        ...notice,
        subjectId: designSubject({ customer_id: d.customer_id, contact_email: d.contact_email ?? '' }),
      },
      jobIdFor(CUSTOM_DESIGN_STAFF_KIND, event.metadata.eventId),
    );
  }
}
