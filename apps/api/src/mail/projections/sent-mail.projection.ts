import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { ERASED } from '../../platform/privacy/personal-data';
import { assertNever, CUSTOMER_DELETED, CustomerDeleted, MailEvent } from '@facet/contracts';
import { legacyLabelledRowsOf, subjectsErasedBy } from '../../platform/privacy/erasure-match';
import { upcastMailSent } from '../mail-events';
import { inRuns, insertRows, Projection, ReadModelProjection } from '../../platform/projections/projection';

/** What the sent-mail read model reads: the mail's event and the customers' erasure. */
type SentMailEvent = MailEvent | CustomerDeleted;

/** A MailSent of any version (upcast on read); the body only for version 1 events, which carry it. */
function mailRow(event: RecordedEvent<MailEvent>): Record<string, unknown> {
  const d = upcastMailSent(event.data);
  return {
    id: d.mail_id,
    kind: d.kind,
    subject_id: d.subject_id,
    to_address: d.to,
    subject: d.subject,
    html: d.body?.html ?? null,
    text: d.body?.text ?? null,
    delivered: d.delivered,
    suppressed: d.suppressed,
    sent_at: event.metadata.occurredAt,
  };
}

/**
 * rm.sent_mail: every mail sent, kept or suppressed (with why), for staff; a deleted customer's mail is purged. The body of mail
 * recorded since MailSent version 2 is read from public.mail_archive by the staff view, not copied here.
 */
@Injectable()
@ReadModelProjection()
export class SentMailProjection implements Projection<SentMailEvent> {
  readonly name = 'sent_mail';
  readonly eventTypes: readonly SentMailEvent['type'][] = ['MailSent', CUSTOMER_DELETED];

  applyBatch(tx: Tx, events: RecordedEvent<SentMailEvent>[]): Promise<void> {
    return inRuns(events, { MailSent: (run) => this.insertMail(tx, run) }, (e) => this.apply(tx, e));
  }

  async apply(tx: Tx, event: RecordedEvent<SentMailEvent>): Promise<void> {
    switch (event.type) {
      case 'MailSent':
        return this.insertMail(tx, [event]);
      case CUSTOMER_DELETED:
        return this.erase(tx, event.data);
      default:
        return assertNever(event);
    }
  }

  private async erase(tx: Tx, deleted: CustomerDeleted['data']): Promise<void> {
    const email = deleted.email ? String(deleted.email).toLowerCase() : null;
    const subjects = subjectsErasedBy(deleted);
    // Mail to the guest under a bare-hash label (an older version's): found by its address.
    const legacy = await legacyLabelledRowsOf(tx, 'sent_mail', { subject: 'subject_id', email: 'to_address' }, deleted);
    await tx.query(
      `DELETE FROM sent_mail WHERE subject_id = ANY($1::text[]) OR ($2::text IS NOT NULL AND lower(to_address) = $2) OR id = ANY($3::text[])`,
      [subjects, email, legacy],
    );
    // Accounts only: a guest subject kept here would name the address to whoever holds the privacy secret,
    // and a replay after the erasure's key is gone no longer reads it (a guest's late mail: insertMail).
    await tx.query(`INSERT INTO sent_mail_erased_subjects (subject_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [
      subjects.filter((s) => s.startsWith('customer:')),
    ]);
  }

  /**
   * Mail of an account already erased (it was in flight during the erasure, so it was recorded after the
   * purge) keeps its row without the person: live, its sealed fields may still have opened in the moment
   * before the key was deleted; a replay opens them as ERASED. Both give the placeholder. Mail to a guest
   * whose key is gone has no row, as the purge leaves it (live its address opens as ERASED once the key is
   * deleted, which is before the CustomerDeleted; a replay finds no guest subject in that event).
   */
  private async insertMail(tx: Tx, events: RecordedEvent<MailEvent>[]): Promise<void> {
    const rows = events.map(mailRow).filter((r) => !(r.to_address === ERASED && String(r.subject_id).startsWith('guest:')));
    const { rows: erased } = await tx.query<{ subject_id: string }>(
      'SELECT subject_id FROM sent_mail_erased_subjects WHERE subject_id = ANY($1::text[])',
      [[...new Set(rows.map((r) => r.subject_id as string))]],
    );
    const gone = new Set(erased.map((r) => r.subject_id));
    await insertRows(
      tx,
      'sent_mail',
      rows.map((r) => (gone.has(r.subject_id as string) ? { ...r, to_address: ERASED, subject: ERASED, html: null, text: null } : r)),
    );
  }
}
