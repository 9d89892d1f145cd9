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

// Placeholder (issue 42) but CustomerDeleted: the names and versions of the customers' events; their payload types move here next.
export type CustomerEvent =
  | EventOf<'CustomerRegistered', unknown>
  | EventOf<'CustomerVerificationIssued', unknown>
  | EventOf<'CustomerEmailVerified', unknown>
  | EventOf<'CustomerPasswordResetRequested', unknown>
  | EventOf<'CustomerPasswordChanged', unknown>
  | EventOf<'CustomerProfileUpdated', unknown>
  | EventOf<typeof CUSTOMER_DELETED, CustomerDeletedData>;

export const CUSTOMER_EVENT_SCHEMAS: SchemaTable<CustomerEvent> = {
  CustomerRegistered: { version: 1 },
  CustomerVerificationIssued: { version: 1 },
  CustomerEmailVerified: { version: 1 },
  CustomerPasswordResetRequested: { version: 1 },
  CustomerPasswordChanged: { version: 1 },
  CustomerProfileUpdated: { version: 1 },
  [CUSTOMER_DELETED]: { version: 1 },
};
