import { Tx } from '../database/database';
import { CustomerDeletedData } from '@facet/contracts';
import { guestSubjects } from './privacy-secret';

/**
 * Ids of a read model's rows sent as a guest by the person a CustomerDeleted event erases: rows whose
 * e-mail derives (keyed or legacy) to one of the subjects the event names. Compared here, not in SQL,
 * because the keyed derivation needs the privacy secret.
 */
export async function guestRowsOf(tx: Tx, table: string, emailColumn: string, deleted: CustomerDeletedData): Promise<string[]> {
  const wanted = new Set([deleted.guest_subject, ...(deleted.guest_subjects ?? [])].filter(Boolean) as string[]);
  if (!wanted.size) return [];
  const { rows } = await tx.query<{ id: string; email: string }>(
    `SELECT id, ${emailColumn} AS email FROM ${table} WHERE customer_id IS NULL AND ${emailColumn} IS NOT NULL`,
  );
  return rows.filter((r) => guestSubjects(r.email).some((s) => wanted.has(s))).map((r) => r.id);
}

/** Every data subject a CustomerDeleted event erases: the account's, and the guest subjects of its e-mail. */
export function subjectsErasedBy(deleted: CustomerDeletedData): string[] {
  const email = deleted.email ? String(deleted.email).toLowerCase() : null;
  return [
    deleted.customer_id ? `customer:${deleted.customer_id}` : null,
    deleted.guest_subject ?? null,
    ...(deleted.guest_subjects ?? []),
    ...(email ? guestSubjects(email) : []),
  ].filter((s): s is string => Boolean(s));
}

/**
 * Whether a read model's list of erased accounts (`table`, filled on CustomerDeleted) holds this customer:
 * a record they sent while the erasure ran can reach the projection after the purge.
 */
export async function erasedAccount(tx: Tx, table: string, customerId: string | null | undefined): Promise<boolean> {
  if (!customerId) return false;
  return ((await tx.query(`SELECT 1 FROM ${table} WHERE customer_id = $1`, [customerId])).rowCount ?? 0) > 0;
}
