import type { EventActor } from './actor';
import type { EventOf, SchemaTable } from './event';

/** The contact form's events (issue 42): one stream per message (contact-message-<id>). */

/** What the sender typed. Personal fields: sealed under the sender's subject, opened as null or "erased" once erased. */
export interface ContactMessageFields {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
}

export type ContactMessageReceivedData = { message_id: string; customer_id: string | null } & ContactMessageFields;
export interface ContactMessageHandledData {
  message_id: string;
  by: EventActor;
  note: string | null;
  /** The sender's subject, which seals the note; absent on the oldest events (their note reads "erased"). */
  subject_id?: string;
}
/** Staff added a note to a message already handled (marked handled again, with a note). */
export interface ContactMessageNoteAddedData {
  message_id: string;
  by: EventActor;
  note: string;
  /** As ContactMessageHandled's. */
  subject_id?: string;
}

export type ContactMessageReceived = EventOf<'ContactMessageReceived', ContactMessageReceivedData>;
export type ContactMessageHandled = EventOf<'ContactMessageHandled', ContactMessageHandledData>;
export type ContactMessageNoteAdded = EventOf<'ContactMessageNoteAdded', ContactMessageNoteAddedData>;

export type ContactEvent = ContactMessageReceived | ContactMessageHandled | ContactMessageNoteAdded;

export const CONTACT_EVENT_SCHEMAS: SchemaTable<ContactEvent> = {
  ContactMessageReceived: { version: 1 },
  ContactMessageHandled: { version: 1 },
  ContactMessageNoteAdded: { version: 1 },
};
