import { Address, assertNever, CUSTOMER_EVENT_SCHEMAS, type CustomerEvent, eventTypes, type CustomerProfile } from '@facet/contracts';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { guestSubject, registerPersonalFields } from '../../platform/privacy/personal-fields';

/** A customer's address as the spec's User carries it (the wire type the storefront shares). */
export type { Address } from '@facet/contracts';

// The events' payload types live in libs/contracts (events/customers.ts, issue 42); re-exported for this part.
// CustomerDeleted carries the id and the guest subject (a keyed digest of the e-mail), never the e-mail nor a
// bare hash of it: read models purge the person's rows, as a customer and as a guest, by them; the handler
// erases the keys before appending. The guest subject is sealed under the erasure's own subject
// (erasureSubject), whose key is deleted once every read model has passed the event (erasure-key.reactor.ts):
// from then on nobody, not even whoever holds the privacy secret, finds the address's subject in it. Staff and
// exports see neither subject (event-redaction.ts).
export type {
  CustomerDeleted,
  CustomerEmailVerified,
  CustomerEvent,
  CustomerPasswordChanged,
  CustomerPasswordResetRequested,
  CustomerProfileUpdated,
  CustomerRegistered,
  CustomerVerificationIssued,
} from '@facet/contracts';

/** What a customer says of themselves, as CustomerProfileUpdated carries it. */
export type Profile = CustomerProfile;

export const EMPTY_ADDRESS: Address = { street: '', apartment: '', city: '', state: '', zipCode: '', country: 'US' };
export const EMPTY_PROFILE: Profile = { first_name: '', last_name: '', phone: '', address: EMPTY_ADDRESS };

export const CUSTOMER_EVENT_TYPES = eventTypes(CUSTOMER_EVENT_SCHEMAS);

export const customerSubject = (customerId: string) => `customer:${customerId}`;
/** The data subject of one erasure: what its CustomerDeleted names only until the read models have used it. */
export const erasureSubject = (customerId: string) => `erasure:${customerId}`;
const subject = (d: { customer_id: string }) => customerSubject(d.customer_id);
registerPersonalFields('CustomerRegistered', { subject, fields: ['email', 'password_hash'] });
registerPersonalFields('CustomerVerificationIssued', { subject, fields: ['email'] });
registerPersonalFields('CustomerPasswordResetRequested', { subject, fields: ['email'] });
registerPersonalFields('CustomerPasswordChanged', { subject, fields: ['password_hash'] });
registerPersonalFields('CustomerProfileUpdated', { subject, fields: ['first_name', 'last_name', 'phone', 'address'] });
registerPersonalFields('CustomerDeleted', {
  subject: (d: { customer_id: string }) => erasureSubject(d.customer_id),
  fields: ['guest_subject', 'guest_subjects'],
});

export const customerStream = (id: string) => `customer-${id}`;

export const INVALID_VERIFICATION = 'Invalid or expired verification token.';
export const INVALID_RESET = 'This password reset link is invalid, expired or already used. Please request a new one.';

/** A wrong, expired or used token or code: 400, with the same message whatever the reason. */
export class InvalidTokenError extends BadInputError {
  constructor(message: string) {
    super(message, 'token');
  }
}

export type ProfileChanges = Partial<Omit<Profile, 'address'>> & { address?: Partial<Address> };

export interface CustomerState {
  status: 'none' | 'active' | 'deleted';
  email: string | null;
  verified: boolean;
  verification: { token_hash: string; code_hash: string; expires_at: string } | null;
  reset: { token_hash: string; expires_at: string } | null;
  profile: Profile;
}

export type CustomerCommand =
  | { type: 'Register'; customerId: string; email: string; passwordHash: string; verification: VerificationData }
  | { type: 'IssueVerification'; customerId: string; verification: VerificationData }
  | { type: 'VerifyEmail'; customerId: string; secretHashes: string[]; now: string }
  | { type: 'RequestPasswordReset'; customerId: string; reset: ResetData }
  | { type: 'ResetPassword'; customerId: string; tokenHash: string; passwordHash: string; now: string }
  | { type: 'UpdateProfile'; customerId: string; changes: ProfileChanges }
  /** `email` as read before the erasure began: the account's key, and with it the e-mail in the log, is gone by the time this is decided. */
  | { type: 'DeleteCustomer'; customerId: string; by: 'self' | 'staff'; email?: string | null };

export interface VerificationData {
  nonce: string;
  token_hash: string;
  code_hash: string;
  expires_at: string;
  origin: string;
}

export interface ResetData {
  nonce: string;
  token_hash: string;
  expires_at: string;
  origin: string;
}

export const customer = {
  initialState: (): CustomerState => ({
    status: 'none',
    email: null,
    verified: false,
    verification: null,
    reset: null,
    profile: EMPTY_PROFILE,
  }),

  evolve(state: CustomerState, event: CustomerEvent): CustomerState {
    switch (event.type) {
      case 'CustomerRegistered':
        return { ...state, status: 'active', email: event.data.email };
      case 'CustomerVerificationIssued': {
        const { token_hash, code_hash, expires_at } = event.data;
        return { ...state, verification: { token_hash, code_hash, expires_at } };
      }
      case 'CustomerEmailVerified':
        return { ...state, verified: true, verification: null };
      case 'CustomerPasswordResetRequested':
        return { ...state, reset: { token_hash: event.data.token_hash, expires_at: event.data.expires_at } };
      case 'CustomerPasswordChanged':
        return { ...state, reset: null };
      case 'CustomerProfileUpdated': {
        const { customer_id: _id, ...profile } = event.data;
        return { ...state, profile };
      }
      case 'CustomerDeleted':
        return { ...state, status: 'deleted', verification: null, reset: null };
      default:
        return assertNever(event);
    }
  },

  decide(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
    const id = command.customerId;
    if (command.type === 'Register') {
      if (state.status !== 'none') throw new ConflictError('This account already exists.');
      return [
        { type: 'CustomerRegistered', data: { customer_id: id, email: command.email, password_hash: command.passwordHash } },
        { type: 'CustomerVerificationIssued', data: { customer_id: id, email: command.email, ...command.verification } },
      ];
    }
    if (state.status !== 'active') {
      if (command.type === 'VerifyEmail') throw new InvalidTokenError(INVALID_VERIFICATION);
      if (command.type === 'ResetPassword') throw new InvalidTokenError(INVALID_RESET);
      throw new NotFoundError();
    }
    switch (command.type) {
      case 'IssueVerification':
        if (state.verified) return [];
        return [{ type: 'CustomerVerificationIssued', data: { customer_id: id, email: state.email as string, ...command.verification } }];
      case 'VerifyEmail': {
        const v = state.verification;
        // Already verified, never issued, expired, or not the current token/code: the same answer each time.
        if (state.verified || !v || v.expires_at <= command.now) throw new InvalidTokenError(INVALID_VERIFICATION);
        const match = command.secretHashes.find((h) => h === v.token_hash || h === v.code_hash);
        if (!match) throw new InvalidTokenError(INVALID_VERIFICATION);
        return [{ type: 'CustomerEmailVerified', data: { customer_id: id, token_hash: match } }];
      }
      case 'RequestPasswordReset':
        return [{ type: 'CustomerPasswordResetRequested', data: { customer_id: id, email: state.email as string, ...command.reset } }];
      case 'ResetPassword': {
        const r = state.reset;
        if (!r || r.expires_at <= command.now || r.token_hash !== command.tokenHash) throw new InvalidTokenError(INVALID_RESET);
        return [
          {
            type: 'CustomerPasswordChanged',
            data: { customer_id: id, password_hash: command.passwordHash, reset_token_hash: r.token_hash },
          },
        ];
      }
      case 'UpdateProfile': {
        const { address, ...rest } = command.changes;
        const profile: Profile = { ...state.profile, ...rest, address: { ...state.profile.address, ...(address ?? {}) } };
        if (JSON.stringify(profile) === JSON.stringify(state.profile)) return [];
        return [{ type: 'CustomerProfileUpdated', data: { customer_id: id, ...profile } }];
      }
      case 'DeleteCustomer': {
        const email = command.email !== undefined ? command.email : state.email;
        return [
          {
            type: 'CustomerDeleted',
            // Their e-mail's guest subject: a keyed digest (the privacy secret is never in the database), and
            // never the bare hash the oldest guest events were sealed under: the handler erases that key itself.
            data: { customer_id: id, deleted_by: command.by, guest_subject: email ? guestSubject(email) : null },
          },
        ];
      }
    }
  },
};
