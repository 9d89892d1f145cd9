import { createHash } from 'crypto';
import { fold } from '../../platform/event-store/decider';
import { guestSubject, legacyGuestSubject } from '../../platform/privacy/personal-fields';
import { customer, CustomerCommand, CustomerEvent, InvalidTokenError } from './customer';
import { CODE_ALPHABET, deriveCode, deriveToken, sha256 } from './customer-secrets';
import { isCommonPassword, passwordProblem } from '../../platform/auth/password-policy';

const id = '11111111-1111-4111-8111-111111111111';
const verification = {
  nonce: 'n1',
  token_hash: sha256('tok'),
  code_hash: sha256('CODE2345'),
  expires_at: '2030-01-01T00:00:00.000Z',
  origin: 'http://x',
};
const registered = customer.decide(
  { type: 'Register', customerId: id, email: 'a@example.com', passwordHash: 'h', verification },
  customer.initialState(),
);
const run = (events: CustomerEvent[], command: CustomerCommand) => customer.decide(command, fold(customer, events));

describe('Customer decider', () => {
  it('should register with a verification issued, carrying hashes only', () => {
    expect(registered.map((e) => e.type)).toEqual(['CustomerRegistered', 'CustomerVerificationIssued']);
    expect(JSON.stringify(registered)).not.toMatch(/"tok"|CODE2345/);
  });

  it('should verify once, before expiry, with the token or the code', () => {
    const now = '2029-01-01T00:00:00.000Z';
    for (const hash of [sha256('tok'), sha256('CODE2345')]) {
      const verified = run(registered, { type: 'VerifyEmail', customerId: id, secretHashes: [hash], now });
      expect(verified).toEqual([{ type: 'CustomerEmailVerified', data: { customer_id: id, token_hash: hash } }]);
      expect(() => run([...registered, ...verified], { type: 'VerifyEmail', customerId: id, secretHashes: [hash], now })).toThrow(
        InvalidTokenError,
      );
    }
    expect(() =>
      run(registered, { type: 'VerifyEmail', customerId: id, secretHashes: [sha256('tok')], now: '2030-01-01T00:00:00.000Z' }),
    ).toThrow('Invalid or expired verification token.');
    expect(() => run(registered, { type: 'VerifyEmail', customerId: id, secretHashes: [sha256('nope')], now })).toThrow(InvalidTokenError);
  });

  it('should merge profile changes and skip an update that changes nothing', () => {
    const changed = run(registered, { type: 'UpdateProfile', customerId: id, changes: { first_name: 'Ada', address: { city: 'London' } } });
    expect(changed[0].data).toMatchObject({ first_name: 'Ada', last_name: '', address: { city: 'London', country: 'US' } });
    expect(run([...registered, ...changed], { type: 'UpdateProfile', customerId: id, changes: { first_name: 'Ada' } })).toEqual([]);
  });

  it('should name the e-mail in CustomerDeleted only by its keyed guest subject, never by the address or a bare hash of it', () => {
    const [deleted] = run(registered, { type: 'DeleteCustomer', customerId: id, by: 'staff' });
    expect(deleted.data).toEqual({ customer_id: id, deleted_by: 'staff', guest_subject: guestSubject('a@example.com') });
    const bare = createHash('sha256').update('a@example.com').digest('hex');
    const text = JSON.stringify(deleted).toLowerCase();
    for (const needle of ['a@example.com', bare, bare.slice(0, 40), legacyGuestSubject('a@example.com')])
      expect(text).not.toContain(needle);
  });

  it('should refuse everything but a finished erasure after deletion', () => {
    const deleted = [...registered, ...run(registered, { type: 'DeleteCustomer', customerId: id, by: 'self' })];
    expect(() => run(deleted, { type: 'UpdateProfile', customerId: id, changes: {} })).toThrow('Resource not found');
    expect(() => run(deleted, { type: 'ResetPassword', customerId: id, tokenHash: 'x', passwordHash: 'y', now: '2029-01-01' })).toThrow(
      InvalidTokenError,
    );
  });
});

describe('Customer secrets', () => {
  it('should derive the same token and an unambiguous 8-character code from a key and nonce', () => {
    const key = Buffer.alloc(32, 7);
    expect(deriveToken(key, 'verify', 'n')).toBe(deriveToken(key, 'verify', 'n'));
    expect(deriveToken(key, 'verify', 'n')).not.toBe(deriveToken(key, 'reset', 'n'));
    for (let i = 0; i < 200; i++) {
      const code = deriveCode(key, `n${i}`);
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    }
  });
});

describe('Password policy', () => {
  it('should need the spec rule and refuse common passwords case-insensitively', () => {
    expect(passwordProblem('Brilliant-Cut-1985!')).toBeNull();
    expect(passwordProblem('brilliant-cut-1985')).toMatch(/requirements not met/);
    expect(passwordProblem('PaSsWoRd1!')).toMatch(/too common/);
    expect(isCommonPassword('QWERTY123!')).toBe(true);
    expect(passwordProblem('A1!' + 'a'.repeat(130))).toMatch(/at most 128/);
  });
});
