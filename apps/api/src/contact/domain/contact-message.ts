import {
  assertNever,
  CONTACT_EVENT_SCHEMAS,
  type ContactEvent,
  eventTypes,
  type ContactMessageFields,
  hasVisibleText,
  isValidEmail,
  isValidPhone,
} from '@facet/contracts';
import { Actor } from '../../platform/event-store/event-store';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { guestSubject, registerPersonalFields } from '../../platform/privacy/personal-fields';

export const CONTACT_LIMITS = { name: 120, email: 254, phone: 40, subject: 200, message: 5000 } as const;

// The events' payload types live in libs/contracts (events/contact.ts, issue 42); re-exported for this part.
export type {
  ContactEvent,
  ContactMessageFields,
  ContactMessageHandled,
  ContactMessageNoteAdded,
  ContactMessageReceived,
} from '@facet/contracts';
/** The events of one message's stream: the contact part's events, all of them. */
export type ContactMessageEvent = ContactEvent;

export const CONTACT_EVENT_TYPES = eventTypes(CONTACT_EVENT_SCHEMAS);

/** A signed-in customer's messages belong to them whatever address they typed; a guest's to their e-mail. */
export function contactSubject(d: { customer_id: string | null; email: string | null }): string {
  if (d.customer_id) return `customer:${d.customer_id}`;
  return d.email ? guestSubject(d.email) : 'erased';
}

registerPersonalFields('ContactMessageReceived', { subject: contactSubject, fields: ['name', 'email', 'phone', 'subject', 'message'] });
// The staff's handling note is about the sender: sealed under the same subject.
registerPersonalFields('ContactMessageHandled', { subject: (d: { subject_id?: string }) => d.subject_id ?? 'erased', fields: ['note'] });
registerPersonalFields('ContactMessageNoteAdded', { subject: (d: { subject_id?: string }) => d.subject_id ?? 'erased', fields: ['note'] });

export const contactMessageStream = (id: string) => `contact-message-${id}`;

export interface ContactMessageState {
  status: 'none' | 'open' | 'handled';
  subjectId: string | null;
  /** The last note and its author's id: the same note sent again is not added twice. */
  lastNote?: { note: string; by: string } | null;
}

export type ContactMessageCommand =
  | { type: 'ReceiveContactMessage'; messageId: string; customerId: string | null; fields: ContactMessageFields }
  | { type: 'MarkContactMessageHandled'; messageId: string; by: Actor; note: string | null };

/** The contact form's rules (spec section 5): name, e-mail, subject and message required; phone optional. */
export function checkContactMessage(f: ContactMessageFields): void {
  if (!hasVisibleText(f.name)) throw new BadInputError('Full Name is required.', 'name');
  if (!f.email.trim()) throw new BadInputError('Email is required', 'email');
  if (!isValidEmail(f.email)) throw new BadInputError('Please enter a valid email address', 'email');
  if (f.phone !== null && !isValidPhone(f.phone)) throw new BadInputError('Please enter a valid phone number', 'phone');
  if (!hasVisibleText(f.subject)) throw new BadInputError('Subject is required.', 'subject');
  if (!hasVisibleText(f.message)) throw new BadInputError('Message is required.', 'message');
  for (const key of ['name', 'email', 'phone', 'subject', 'message'] as const) {
    const value = f[key];
    if (value !== null && value.length > CONTACT_LIMITS[key]) {
      throw new BadInputError(`${key} must be at most ${CONTACT_LIMITS[key]} characters.`, key);
    }
  }
}

export const contactMessage = {
  initialState: (): ContactMessageState => ({ status: 'none', subjectId: null }),

  evolve(state: ContactMessageState, event: ContactMessageEvent): ContactMessageState {
    switch (event.type) {
      case 'ContactMessageReceived':
        return { status: 'open', subjectId: contactSubject(event.data) };
      case 'ContactMessageHandled':
        return { ...state, status: 'handled', lastNote: event.data.note ? { note: event.data.note, by: actorKey(event.data.by) } : null };
      case 'ContactMessageNoteAdded':
        return { ...state, lastNote: { note: event.data.note, by: actorKey(event.data.by) } };
      default:
        return assertNever(event);
    }
  },

  decide(command: ContactMessageCommand, state: ContactMessageState): ContactMessageEvent[] {
    switch (command.type) {
      case 'ReceiveContactMessage':
        if (state.status !== 'none') throw new ConflictError('A message with this id already exists.');
        checkContactMessage(command.fields);
        return [
          { type: 'ContactMessageReceived', data: { message_id: command.messageId, customer_id: command.customerId, ...command.fields } },
        ];
      case 'MarkContactMessageHandled':
        if (state.status === 'none') throw new NotFoundError();
        // Marking twice (a double click, a retry) changes nothing; a new note on a handled message is recorded.
        if (state.status === 'handled') {
          const by = actorKey(command.by);
          if (!command.note || (state.lastNote?.note === command.note && state.lastNote.by === by)) return [];
          return [
            {
              type: 'ContactMessageNoteAdded',
              data: { message_id: command.messageId, by: command.by, note: command.note, subject_id: state.subjectId ?? 'erased' },
            },
          ];
        }
        return [
          {
            type: 'ContactMessageHandled',
            data: { message_id: command.messageId, by: command.by, note: command.note, subject_id: state.subjectId ?? 'erased' },
          },
        ];
    }
  },
};

const actorKey = (a: Actor | null | undefined) => `${a?.type ?? ''}:${a?.id ?? ''}`;
