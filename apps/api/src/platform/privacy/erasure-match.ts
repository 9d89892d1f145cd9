import { Tx } from '../database/database';
import { CustomerDeletedData } from '@facet/contracts';
import { guestSubject, guestSubjects } from './privacy-secret';
import { ERASED } from './sealed-values';

/**
 * The subjects a read-model row of personal data belongs to, as its event was sealed: the customer's when
 * signed in, else both derivations of the guest's e-mail (erasures recorded before the keyed one name the
 * bare hash). An erasure finds the rows by them, through an index. [ERASED] when the e-mail already reads
 * so (a replay after the erasure), as the erasure itself leaves the column.
 */
export function readModelSubjects(customerId: string | null | undefined, email: unknown): string[] {
  if (customerId) return [`customer:${customerId}`];
  return typeof email === 'string' && email !== ERASED ? guestSubjects(email) : [ERASED];
}

/**
 * Ids of a read model's rows without subjects that a CustomerDeleted erases. Only a process of the version
 * before subjects were kept writes such rows (a rolling upgrade: it goes on projecting after migration 099
 * emptied the table); their subjects are derived here from the row, as that version did for every guest row.
 * A partial index finds them; there are normally none.
 */
export async function unlabelledRowsOf(tx: Tx, table: string, emailColumn: string, deleted: CustomerDeletedData): Promise<string[]> {
  const wanted = new Set(subjectsErasedBy(deleted));
  const { rows } = await tx.query<{ id: string; customer_id: string | null; email: unknown }>(
    `SELECT id, customer_id, ${emailColumn} AS email FROM ${table} WHERE subject_ids = '{}'`,
  );
  return rows.filter((r) => readModelSubjects(r.customer_id, r.email).some((s) => wanted.has(s))).map((r) => r.id);
}

/**
 * Ids of a read model's rows labelled with a bare-hash guest subject (`email:...`, what a version before the
 * keyed derivation labelled guest orders and mail with) whose address the CustomerDeleted erases. Events no
 * longer name that subject (anyone holding an address could match it), so the row's own address is keyed
 * and compared with the event's guest subject. A partial index finds such rows (migration 101); a shop that
 * never ran that version has none.
 */
export async function legacyLabelledRowsOf(
  tx: Tx,
  table: string,
  columns: { subject: string; email: string },
  deleted: CustomerDeletedData,
): Promise<string[]> {
  const keyed = new Set(subjectsErasedBy(deleted).filter((s) => s.startsWith('guest:')));
  if (keyed.size === 0) return [];
  const { rows } = await tx.query<{ id: string; email: unknown }>(
    `SELECT id::text AS id, ${columns.email} AS email FROM ${table} WHERE ${columns.subject} LIKE 'email:%'`,
  );
  return rows.filter((r) => typeof r.email === 'string' && keyed.has(guestSubject(r.email))).map((r) => r.id);
}

/**
 * Every data subject a CustomerDeleted event erases: the account's, and the guest subjects of its e-mail.
 * Its guest subjects read ERASED once the erasure's own key is gone (a replay after it): the guest's rows
 * then already open as erased from their own events, so only the account's subject is left to match.
 */
export function subjectsErasedBy(deleted: CustomerDeletedData): string[] {
  const email = typeof deleted.email === 'string' && deleted.email !== ERASED ? deleted.email.toLowerCase() : null;
  return [
    deleted.customer_id ? `customer:${deleted.customer_id}` : null,
    deleted.guest_subject,
    ...(Array.isArray(deleted.guest_subjects) ? deleted.guest_subjects : []),
    ...(email ? guestSubjects(email) : []),
  ].filter((s): s is string => typeof s === 'string' && s !== '' && s !== ERASED);
}
