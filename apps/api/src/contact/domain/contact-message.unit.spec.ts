import { fold } from '../../platform/event-store/decider';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { checkContactMessage, contactMessage, ContactMessageFields } from './contact-message';

const fields = (over: Partial<ContactMessageFields> = {}): ContactMessageFields => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: null,
  subject: 'Resizing',
  message: 'Can you resize my ring?',
  ...over,
});
const staff = { type: 'staff' as const, id: 's1' };

function errorOf(fn: () => unknown): any {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
}

describe('contact message decider', () => {
  it('should receive a valid message', () => {
    const events = contactMessage.decide(
      { type: 'ReceiveContactMessage', messageId: 'm1', customerId: null, fields: fields() },
      contactMessage.initialState(),
    );
    expect(events).toEqual([{ type: 'ContactMessageReceived', data: { message_id: 'm1', customer_id: null, ...fields() } }]);
    expect(fold(contactMessage, events)).toEqual({ status: 'open', subjectId: expect.stringMatching(/^guest:[0-9a-f]{40}$/) });
    expect(
      errorOf(() =>
        contactMessage.decide(
          { type: 'ReceiveContactMessage', messageId: 'm1', customerId: null, fields: fields() },
          { status: 'open', subjectId: 'customer:x' },
        ),
      ),
    ).toBeInstanceOf(ConflictError);
  });

  it.each([
    ['a blank name', { name: ' ' }, 'name'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a bad phone', { phone: 'call me' }, 'phone'],
    ['a blank subject', { subject: '' }, 'subject'],
    ['a blank message', { message: '\n' }, 'message'],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }, 'message'],
    ['a subject over 200 characters', { subject: 'x'.repeat(201) }, 'subject'],
  ])('should refuse %s', (_n, over, field) => {
    const err = errorOf(() => checkContactMessage(fields(over)));
    expect(err).toBeInstanceOf(BadInputError);
    expect(err.errors[0].field).toBe(field);
  });

  it('should accept an optional valid phone and bounds exactly at the limit', () => {
    expect(() =>
      checkContactMessage(fields({ phone: '+1 212 555 0199', message: 'x'.repeat(5000), subject: 'y'.repeat(200) })),
    ).not.toThrow();
  });

  it('should mark an open message handled once, and treat a second time as done', () => {
    const events = contactMessage.decide(
      { type: 'MarkContactMessageHandled', messageId: 'm1', by: staff, note: 'Called back' },
      { status: 'open', subjectId: 'customer:x' },
    );
    expect(events).toEqual([
      { type: 'ContactMessageHandled', data: { message_id: 'm1', by: staff, note: 'Called back', subject_id: 'customer:x' } },
    ]);
    expect(
      contactMessage.decide(
        { type: 'MarkContactMessageHandled', messageId: 'm1', by: staff, note: null },
        { status: 'handled', subjectId: 'customer:x' },
      ),
    ).toEqual([]);
    expect(
      errorOf(() =>
        contactMessage.decide({ type: 'MarkContactMessageHandled', messageId: 'm1', by: staff, note: null }, contactMessage.initialState()),
      ),
    ).toBeInstanceOf(NotFoundError);
  });
});
