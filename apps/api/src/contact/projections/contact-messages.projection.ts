import { assertNever, CUSTOMER_DELETED, type CustomerDeleted } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { Projection, ReadModelProjection } from '../../platform/projections/projection';
import { CONTACT_EVENT_TYPES, ContactEvent } from '../domain/contact-message';
import { erasedAccount, readModelSubjects, subjectsErasedBy, unlabelledRowsOf } from '../../platform/privacy/erasure-match';
import { ERASED, erasedColumn } from '../../platform/privacy/personal-data';

/** rm.contact_messages: the contact form's messages and whether staff handled them. */
@Injectable()
@ReadModelProjection()
export class ContactMessagesProjection implements Projection<ContactEvent | CustomerDeleted> {
  readonly name = 'contact_messages';
  readonly eventTypes = [...CONTACT_EVENT_TYPES, CUSTOMER_DELETED] as const;

  async apply(tx: Tx, event: RecordedEvent<ContactEvent | CustomerDeleted>): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ContactMessageReceived': {
        const d = event.data;
        // Sent while the account was being erased, so recorded after the purge: written as the purge leaves it.
        const gone = await erasedAccount(tx, 'contact_messages_erased_customers', d.customer_id);
        const personal = (v: unknown) => (gone && v != null ? ERASED : v);
        await tx.query(
          `INSERT INTO contact_messages (id, customer_id, subject_ids, name, email, phone, subject, message, handled, version, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9, $10, $10) ON CONFLICT (id) DO NOTHING`,
          [
            d.message_id,
            d.customer_id,
            gone ? [ERASED] : readModelSubjects(d.customer_id, d.email),
            personal(d.name),
            personal(d.email),
            personal(d.phone),
            personal(d.subject),
            personal(d.message),
            event.revision,
            at,
          ],
        );
        break;
      }
      case 'ContactMessageHandled': {
        const d = event.data;
        await tx.query(
          `UPDATE contact_messages SET handled = true, handled_at = $2, handled_by = $3, handled_note = $4, version = $5, updated_at = $2
           WHERE id = $1`,
          [d.message_id, at, JSON.stringify(d.by), d.note, event.revision],
        );
        break;
      }
      case 'ContactMessageNoteAdded': {
        const d = event.data;
        // Staff's notes read as one text, oldest first (each is also in the message's history, the audit stream).
        await tx.query(
          `UPDATE contact_messages SET handled_note = CASE WHEN coalesce(handled_note, '') = '' THEN $2 ELSE handled_note || E'\n\n' || $2 END,
             version = $3, updated_at = $4
           WHERE id = $1`,
          [d.message_id, d.note, event.revision, at],
        );
        break;
      }
      case CUSTOMER_DELETED: {
        const d = event.data;
        // What they sent signed in (any address typed), and what they sent as a guest from their account's
        // e-mail (the subjects the event names: keyed and legacy derivations of the e-mail), found by index.
        // The placeholder, as a replay opens these sealed fields without their key; updated_at stays, since a
        // replay cannot match guest rows by an e-mail that already reads "erased".
        const columns = ['name', 'email', 'phone', 'subject', 'message', 'handled_note'].map((c) => `${c} = ${erasedColumn(c)}`).join(', ');
        await tx.query(
          `UPDATE contact_messages SET ${columns}, subject_ids = ARRAY[$2::text] WHERE subject_ids && $1::text[] OR id = ANY($3::uuid[])`,
          [subjectsErasedBy(d), ERASED, await unlabelledRowsOf(tx, 'contact_messages', 'email', d)],
        );
        if (d.customer_id) {
          await tx.query('INSERT INTO contact_messages_erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', [d.customer_id]);
        }
        break;
      }
      default:
        assertNever(event);
    }
  }
}
