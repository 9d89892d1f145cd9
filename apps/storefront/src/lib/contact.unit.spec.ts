import { ApiError } from '../api/client';
import { contactFailureToast, contactSuccessToast, validateContact } from './contact';

describe('contact form', () => {
  it('requires name, email, subject and message; phone is optional', () => {
    expect(Object.keys(validateContact({ name: '', email: '', phone: '', subject: '', message: '' }))).toEqual([
      'name',
      'email',
      'subject',
      'message',
    ]);
    expect(validateContact({ name: 'A', email: 'a@b.co', phone: '', subject: 'Hi', message: 'Hello' })).toEqual({});
  });

  it('counts invisible text as missing and refuses list-like addresses', () => {
    expect(validateContact({ name: '\u200b', email: 'a,b@x.test', phone: '', subject: '\u3164', message: ' \u2800 \u200d ' })).toEqual({
      name: 'Full name is required',
      email: 'Please enter a valid email address',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(
      validateContact({ name: 'Zo\u00eb', email: "o'neil+x@mail.example.ie", phone: '', subject: '\u{1f48e}', message: 'Hi' }),
    ).toEqual({});
  });

  it('refuses a letter under more than four marks and a phone of other whitespace, as the API does', () => {
    const zalgo = 'Z' + '\u0301'.repeat(40);
    expect(validateContact({ name: zalgo, email: 'a@b.co', phone: '+1 555\u3000123 4567', subject: zalgo, message: zalgo })).toEqual({
      name: 'Full name has a letter with too many marks on it',
      phone: 'Please enter a valid phone number',
      subject: 'Subject has a letter with too many marks on it',
      message: 'Message has a letter with too many marks on it',
    });
    expect(validateContact({ name: 'Nguy\u1ec5n', email: 'a@b.co', phone: '+1 (555) 123-4567', subject: 'Hi', message: 'Hello' })).toEqual(
      {},
    );
  });

  it('says the server message on success, else the 24-hour promise', () => {
    expect(contactSuccessToast('Thanks!')).toMatchObject({ title: 'Message sent successfully!', description: 'Thanks!' });
    expect(contactSuccessToast()).toMatchObject({ description: "We'll get back to you within 24 hours." });
  });

  it('names the phone number when the network failed', () => {
    const toast = contactFailureToast(new ApiError('x', 0, 'network'), '+1 (212) 555-0147');
    expect(toast).toEqual({
      title: 'Failed to send message',
      description: 'Please try again later or call us directly at +1 (212) 555-0147.',
      variant: 'destructive',
    });
  });

  it('uses the server message on a refusal, else the generic text', () => {
    expect(contactFailureToast(undefined, 'p', 'Mailbox full').description).toBe('Mailbox full');
    expect(contactFailureToast(new ApiError('Server error. Please try again later.', 500, 'http'), 'p').description).toBe(
      'Please try again later or call us directly.',
    );
    expect(contactFailureToast(new ApiError('Bad', 400, 'http', { detail: 'email must be an email' }), 'p').description).toBe(
      'email must be an email',
    );
  });
});
