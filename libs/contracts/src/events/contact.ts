import type { EventActor } from './actor';
import { defineEvents, event, type EventOfType, type EventsOf } from './event';

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

export const CONTACT_EVENT_SCHEMAS = defineEvents({
  ContactMessageReceived: event<ContactMessageReceivedData>(),
  ContactMessageHandled: event<ContactMessageHandledData>(),
  ContactMessageNoteAdded: event<ContactMessageNoteAddedData>(),
});

export type ContactEvent = EventsOf<typeof CONTACT_EVENT_SCHEMAS>;
export type ContactMessageReceived = EventOfType<ContactEvent, 'ContactMessageReceived'>;
export type ContactMessageHandled = EventOfType<ContactEvent, 'ContactMessageHandled'>;
export type ContactMessageNoteAdded = EventOfType<ContactEvent, 'ContactMessageNoteAdded'>;
