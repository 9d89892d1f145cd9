import type { Address } from '../account';
import type { EventOf, SchemaTable } from './event';

/** The customers' events (issue 42: every part's events live in this folder, see index.ts). */

/** A customer account was deleted (by its owner or by staff): every part erases what it holds of them. */
export const CUSTOMER_DELETED = 'CustomerDeleted';

export interface CustomerDeletedData {
  customer_id: string;
  deleted_by: 'self' | 'staff';
  /**
   * The guest subject of the account's e-mail (keyed derivation), for what they sent as a guest. Sealed under
   * the erasure's own subject, whose key is deleted once the read models have used it: it then reads "erased".
   */
  guest_subject: string | null;
  /**
   * Events of an earlier version: every derivation of that e-mail's guest subject (keyed and the bare hash).
   * Honoured when read; never written now, and never shown (event-redaction.ts).
   */
  guest_subjects?: string[];
  /** The oldest events named the e-mail itself; honoured when read, never shown. */
  email?: string;
}

/**
 * Events of one customer account (stream customer-<id>). Tokens and codes appear only as sha256 hashes (or
 * keyed digests); the mail reactor derives the secret itself from the nonce and the customer's key.
 */

/** What a customer says of themselves (personal: sealed under the customer's key). */
export interface CustomerProfile {
  first_name: string;
  last_name: string;
  phone: string;
  address: Address;
}

export interface CustomerRegisteredData {
  customer_id: string;
  email: string;
  password_hash: string;
}
export interface CustomerVerificationIssuedData {
  customer_id: string;
  email: string;
  nonce: string;
  token_hash: string;
  code_hash: string;
  expires_at: string;
  origin: string;
}
export interface CustomerEmailVerifiedData {
  customer_id: string;
  token_hash: string;
}
export interface CustomerPasswordResetRequestedData {
  customer_id: string;
  email: string;
  nonce: string;
  token_hash: string;
  expires_at: string;
  origin: string;
}
export interface CustomerPasswordChangedData {
  customer_id: string;
  password_hash: string;
  reset_token_hash: string | null;
}
export type CustomerProfileUpdatedData = { customer_id: string } & CustomerProfile;

export type CustomerRegistered = EventOf<'CustomerRegistered', CustomerRegisteredData>;
export type CustomerVerificationIssued = EventOf<'CustomerVerificationIssued', CustomerVerificationIssuedData>;
export type CustomerEmailVerified = EventOf<'CustomerEmailVerified', CustomerEmailVerifiedData>;
export type CustomerPasswordResetRequested = EventOf<'CustomerPasswordResetRequested', CustomerPasswordResetRequestedData>;
export type CustomerPasswordChanged = EventOf<'CustomerPasswordChanged', CustomerPasswordChangedData>;
export type CustomerProfileUpdated = EventOf<'CustomerProfileUpdated', CustomerProfileUpdatedData>;
/**
 * Carries the id and the guest subject (a keyed digest of the e-mail), never the e-mail nor a bare hash of
 * it: read models purge the person's rows, as a customer and as a guest, by them (see CustomerDeletedData).
 */
export type CustomerDeleted = EventOf<typeof CUSTOMER_DELETED, CustomerDeletedData>;

export type CustomerEvent =
  | CustomerRegistered
  | CustomerVerificationIssued
  | CustomerEmailVerified
  | CustomerPasswordResetRequested
  | CustomerPasswordChanged
  | CustomerProfileUpdated
  | CustomerDeleted;

export const CUSTOMER_EVENT_SCHEMAS: SchemaTable<CustomerEvent> = {
  CustomerRegistered: { version: 1 },
  CustomerVerificationIssued: { version: 1 },
  CustomerEmailVerified: { version: 1 },
  CustomerPasswordResetRequested: { version: 1 },
  CustomerPasswordChanged: { version: 1 },
  CustomerProfileUpdated: { version: 1 },
  [CUSTOMER_DELETED]: { version: 1 },
};
