import { assertNever, CUSTOMER_DELETED, type CustomerDeleted } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { FoldProjection, idsIn, keyFrom, ReadModel, ReadModelProjection, requiredKeyFrom } from '../../platform/projections';
import { CONTACT_EVENT_TYPES, ContactEvent } from '../domain/contact-message';
import { readModelSubjects, subjectsErasedBy, unlabelledRowsOf } from '../../platform/privacy/erasure-match';
import { ERASED, erasedColumn } from '../../platform/privacy/personal-data';

type ContactMessagesEvent = ContactEvent | CustomerDeleted;

/** A row of rm.contact_messages. */
export interface ContactMessageRow extends Record<string, unknown> {
  id: string;
  customer_id: string | null;
  subject_ids: string[];
  name: unknown;
  email: unknown;
  phone: unknown;
  subject: unknown;
  message: unknown;
  handled: boolean;
  handled_at: string | null;
  handled_by: unknown;
  handled_note: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The accounts among a batch's senders that are already erased (rm.contact_messages_erased_customers). */
type ErasedCustomers = ReadonlySet<string>;

/** A note as the statement's text parameter received it (a number as its digits); null stays null. */
const noteText = (note: unknown): string | null => keyFrom(note);

/** rm.contact_messages: the contact form's messages and whether staff handled them. */
export const contactMessagesReadModel: ReadModel<ContactMessagesEvent, ContactMessageRow, ErasedCustomers> = {
  name: 'contact_messages',
  table: 'contact_messages',
  key: 'id',
  eventTypes: [...CONTACT_EVENT_TYPES, CUSTOMER_DELETED],
  keyOf(event) {
    if (event.type === CUSTOMER_DELETED) return null;
    if (event.type === 'ContactMessageReceived') return requiredKeyFrom(event.data.message_id, 'message id');
    return keyFrom(event.data.message_id);
  },
  context: {
    load: (tx, events) =>
      idsIn(
        tx,
        'contact_messages_erased_customers',
        'customer_id',
        events.map((e) => (e.type === 'ContactMessageReceived' ? e.data.customer_id : null)),
      ),
  },
  evolve(row, event, erased = new Set()) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ContactMessageReceived': {
        if (row) return row; // recorded twice: the first stays
        const d = event.data;
        // Sent while the account was being erased, so recorded after the purge: written as the purge leaves it.
        const gone = !!d.customer_id && erased.has(keyFrom(d.customer_id)!);
        const personal = (v: unknown) => (gone && v != null ? ERASED : v);
        return {
          id: d.message_id,
          customer_id: d.customer_id,
          subject_ids: gone ? [ERASED] : readModelSubjects(d.customer_id, d.email),
          name: personal(d.name),
          email: personal(d.email),
          phone: personal(d.phone),
          subject: personal(d.subject),
          message: personal(d.message),
          handled: false,
          handled_at: null,
          handled_by: null,
          handled_note: null,
          version: event.revision,
          created_at: at,
          updated_at: at,
        };
      }
      case 'ContactMessageHandled': {
        const d = event.data;
        return (
          row && {
            ...row,
            handled: true,
            handled_at: at,
            handled_by: d.by,
            handled_note: noteText(d.note),
            version: event.revision,
            updated_at: at,
          }
        );
      }
      case 'ContactMessageNoteAdded': {
        if (!row) return null;
        // Staff's notes read as one text, oldest first (each is also in the message's history, the audit stream).
        // As SQL's || does: a missing note leaves no text at all.
        const note = noteText(event.data.note);
        const before = row.handled_note ?? '';
        const handledNote = note === null ? null : before === '' ? note : `${before}\n\n${note}`;
        return { ...row, handled_note: handledNote, version: event.revision, updated_at: at };
      }
      case CUSTOMER_DELETED:
        return row; // all in the effect
      default:
        return assertNever(event);
    }
  },
  effects: {
    [CUSTOMER_DELETED]: {
      name: "erase the deleted customer's messages, signed in or sent from their e-mail as a guest, and remember the account",
      async run(tx, event) {
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
      },
    },
  },
};

/** The Nest provider the module lists: the read model, run by the platform. */
@Injectable()
@ReadModelProjection()
export class ContactMessagesProjection extends FoldProjection<ContactMessagesEvent> {
  constructor() {
    super(contactMessagesReadModel);
  }
}
