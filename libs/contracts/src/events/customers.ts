import type { Address } from '../account';
import { defineEvents, event, type EventOfType, type EventsOf } from './event';

/** The customers' events (issue 42: every part's events live in this folder, see index.ts). */

/** A customer account was deleted (by its owner or by staff): every part erases what it holds of them. */
export const CUSTOMER_DELETED = 'CustomerDeleted' as const;

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

export const CUSTOMER_EVENT_SCHEMAS = defineEvents({
  CustomerRegistered: event<CustomerRegisteredData>(),
  CustomerVerificationIssued: event<CustomerVerificationIssuedData>(),
  CustomerEmailVerified: event<CustomerEmailVerifiedData>(),
  CustomerPasswordResetRequested: event<CustomerPasswordResetRequestedData>(),
  CustomerPasswordChanged: event<CustomerPasswordChangedData>(),
  CustomerProfileUpdated: event<CustomerProfileUpdatedData>(),
  /**
   * Carries the id and the guest subject (a keyed digest of the e-mail), never the e-mail nor a bare hash of
   * it: read models purge the person's rows, as a customer and as a guest, by them (see CustomerDeletedData).
   */
  [CUSTOMER_DELETED]: event<CustomerDeletedData>(),
});

export type CustomerEvent = EventsOf<typeof CUSTOMER_EVENT_SCHEMAS>;
export type CustomerRegistered = EventOfType<CustomerEvent, 'CustomerRegistered'>;
export type CustomerVerificationIssued = EventOfType<CustomerEvent, 'CustomerVerificationIssued'>;
export type CustomerEmailVerified = EventOfType<CustomerEvent, 'CustomerEmailVerified'>;
export type CustomerPasswordResetRequested = EventOfType<CustomerEvent, 'CustomerPasswordResetRequested'>;
export type CustomerPasswordChanged = EventOfType<CustomerEvent, 'CustomerPasswordChanged'>;
export type CustomerProfileUpdated = EventOfType<CustomerEvent, 'CustomerProfileUpdated'>;
export type CustomerDeleted = EventOfType<CustomerEvent, typeof CUSTOMER_DELETED>;
