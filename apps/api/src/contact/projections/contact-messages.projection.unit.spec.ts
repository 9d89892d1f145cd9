import type { ContactEvent, CustomerDeleted } from '@facet/contracts';
import { ERASED } from '../../platform/privacy/personal-data';
import { effectStatements, readModelSpec, recorded } from '../../testing/read-model-spec';
import { contactMessagesReadModel } from './contact-messages.projection';

const messages = readModelSpec(contactMessagesReadModel);
const ID = '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901';
const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-05T16:00:00.000Z';
const event = (type: ContactEvent['type'], data: Record<string, unknown>, revision = 1, occurredAt = LATER) =>
  recorded<ContactEvent>({ type, data: { message_id: ID, ...data } as never }, { revision, occurredAt });
const fields = { name: 'Ada', email: 'ada@example.com', phone: null, subject: 'Ring resizing', message: 'Can you?' };
const received = (over: Record<string, unknown> = {}) => event('ContactMessageReceived', { customer_id: 'c-1', ...fields, ...over }, 0, AT);

describe('rm.contact_messages as a fold', () => {
  it('should store a received message, unhandled, labelled with its subject', () => {
    messages.given(received()).thenRow(ID, {
      id: ID,
      customer_id: 'c-1',
      subject_ids: ['customer:c-1'],
      ...fields,
      handled: false,
      handled_at: null,
      handled_by: null,
      handled_note: null,
      version: 0,
      created_at: AT,
      updated_at: AT,
    });
    messages.given(received(), received({ message: 'again' })).thenRowMatches(ID, { message: 'Can you?' });
  });

  it('should write a message from an account already erased under the placeholder', () => {
    messages
      .givenRows([], new Set(['c-1']))
      .given(received())
      .thenRowMatches(ID, { subject_ids: [ERASED], name: ERASED, email: ERASED, phone: null, subject: ERASED, message: ERASED });
  });

  it('should mark a message handled and join the notes oldest first', () => {
    const by = { type: 'staff', id: 's-1' };
    messages
      .given(received(), event('ContactMessageHandled', { by, note: 'Called back' }))
      .thenRowMatches(ID, { handled: true, handled_at: LATER, handled_by: by, handled_note: 'Called back', version: 1, updated_at: LATER });
    messages
      .given(received(), event('ContactMessageNoteAdded', { note: 'first' }, 1), event('ContactMessageNoteAdded', { note: 'second' }, 2))
      .thenRowMatches(ID, { handled_note: 'first\n\nsecond', version: 2 });
    messages.given(event('ContactMessageNoteAdded', { note: 'x' })).thenNoRow(ID);
  });

  it('should keep hostile text as PostgreSQL receives it (NUL for it to refuse, a lone surrogate as U+FFFD)', () => {
    messages.given(received({ name: 'a\u0000b', message: 'x\udc00' })).thenRowMatches(ID, { name: 'a\u0000b', message: 'x\ufffd' });
  });

  it("should erase a deleted customer's messages by subject and remember the account, as an effect", async () => {
    const deleted = recorded<CustomerDeleted>({ type: 'CustomerDeleted', data: { customer_id: 'c-1' } as CustomerDeleted['data'] });
    expect(contactMessagesReadModel.keyOf(deleted)).toBeNull();
    const sent = await effectStatements(messages.effectOf(deleted)!, deleted);
    expect(sent.map((s) => s.sql.split(' ').slice(0, 3).join(' '))).toEqual([
      'SELECT id, customer_id,',
      'UPDATE contact_messages SET',
      'INSERT INTO contact_messages_erased_customers',
    ]);
    expect(sent[1].params).toEqual([['customer:c-1'], ERASED, []]);
    expect(sent[2].params).toEqual(['c-1']);
  });
});
