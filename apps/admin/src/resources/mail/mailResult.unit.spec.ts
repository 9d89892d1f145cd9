import { mailResult } from './mailResult';

describe('mailResult', () => {
  it('should say whether a mail was delivered, kept without SMTP, or suppressed and why', () => {
    expect(mailResult({ delivered: true, suppressed: null })).toBe('Delivered');
    expect(mailResult({ delivered: false, suppressed: null })).toBe('Kept (no SMTP)');
    expect(mailResult({ delivered: false, suppressed: 'recipient-cap' })).toBe('Not sent: suppressed (recipient cap)');
    // A summary from an API without the field reads as before.
    expect(mailResult({ delivered: true } as never)).toBe('Delivered');
  });
});
