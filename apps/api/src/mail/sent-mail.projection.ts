import { Injectable } from '@nestjs/common';
import { Tx } from '../platform/database/database';
import { RecordedEvent } from '../platform/event-store/event-store';
import { guestSubject } from '../platform/privacy/personal-fields';
import { Projection, ReadModelProjection } from '../platform/projections/projection';

/** rm.sent_mail: every mail sent or kept, for staff; a deleted customer's mail is purged. */
@Injectable()
@ReadModelProjection()
export class SentMailProjection implements Projection {
  readonly name = 'sent_mail';
  readonly eventTypes = ['MailSent', 'CustomerDeleted'];

  async apply(tx: Tx, event: RecordedEvent): Promise<void> {
    const d = event.data;
    if (event.type === 'MailSent') {
      await tx.query(
        `INSERT INTO sent_mail (id, kind, subject_id, to_address, subject, html, text, delivered, sent_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) ON CONFLICT (id) DO NOTHING`,
        [d.mail_id, d.kind, d.subject_id, d.to, d.subject, d.html, d.text, d.delivered ?? false, event.metadata.occurredAt],
      );
    } else if (event.type === 'CustomerDeleted') {
      // CustomerDeleted carries customer_id and guest_subject (guestSubject of the e-mail); an e-mail is honoured too.
      const email = d?.email ? String(d.email).toLowerCase() : null;
      const subjects = [d?.customer_id ? `customer:${d.customer_id}` : null, d?.guest_subject ?? null, email ? guestSubject(email) : null].filter(Boolean);
      await tx.query(`DELETE FROM sent_mail WHERE subject_id = ANY($1::text[]) OR ($2::text IS NOT NULL AND lower(to_address) = $2)`, [subjects, email]);
    }
  }
}
