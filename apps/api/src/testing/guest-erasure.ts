import { randomUUID } from 'crypto';
import { DatabaseService } from '../platform/database/database.service';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { PersonalData } from '../platform/privacy/personal-data';
import type { TestApp } from './test-app';

/** Makes rows look as a process of the version before migration 099 wrote them: without their subjects. */
export async function unlabelRows(t: TestApp, table: 'contact_messages' | 'custom_designs', ids: string[]): Promise<void> {
  await t.app.get(DatabaseService).query(`UPDATE rm.${table} SET subject_ids = '{}' WHERE id = ANY($1::uuid[])`, [ids]);
}

/**
 * Erases a guest subject as DeleteCustomerHandler does: its key, then a customer's deletion naming it (what
 * purges the rows they sent as a guest; the event names it only until the erasure's own key is deleted).
 */
export async function eraseGuestSubject(t: TestApp, guestSubject: string): Promise<void> {
  const customerId = randomUUID();
  await t.app.get(PersonalData).erase(guestSubject);
  await t.app
    .get(EventSourcing)
    .append(`customer-${customerId}`, [{ type: 'CustomerDeleted', data: { customer_id: customerId, guest_subject: guestSubject } }], 'any');
}
