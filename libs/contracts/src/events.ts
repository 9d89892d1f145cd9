/**
 * Events one part of the shop publishes and other parts react to: their names and data, in one place, so
 * no part types another's event by hand.
 */

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
