import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { ERASED } from '../../platform/privacy/personal-data';
import { assertNever, CUSTOMER_DELETED, CustomerDeleted, MailEvent } from '@facet/contracts';
import { legacyLabelledRowsOf, subjectsErasedBy } from '../../platform/privacy/erasure-match';
import { upcastMailSent } from '../mail-events';
import { FoldProjection, idsIn, ReadModel, ReadModelProjection, requiredKeyFrom } from '../../platform/projections';

/** What the sent-mail read model reads: the mail's event and the customers' erasure. */
type SentMailEvent = MailEvent | CustomerDeleted;

/** A row of rm.sent_mail. */
export interface SentMailRow extends Record<string, unknown> {
  id: string;
  kind: string;
  subject_id: string;
  to_address: unknown;
  subject: unknown;
  html: string | null;
  text: string | null;
  delivered: boolean;
  suppressed: string | null;
  sent_at: string;
}

/** The subjects among a batch's mail whose accounts are already erased (rm.sent_mail_erased_subjects). */
type ErasedSubjects = ReadonlySet<string>;

/** A MailSent of any version (upcast on read); the body only for version 1 events, which carry it. */
function mailRow(event: RecordedEvent<MailEvent>): SentMailRow {
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
export const sentMailReadModel: ReadModel<SentMailEvent, SentMailRow, ErasedSubjects> = {
  name: 'sent_mail',
  table: 'sent_mail',
  key: 'id',
  eventTypes: ['MailSent', CUSTOMER_DELETED],
  keyOf: (event) => (event.type === 'MailSent' ? requiredKeyFrom(upcastMailSent(event.data).mail_id, 'mail id') : null),
  context: {
    load: (tx, events) =>
      idsIn(
        tx,
        'sent_mail_erased_subjects',
        'subject_id',
        events.map((e) => (e.type === 'MailSent' ? upcastMailSent(e.data).subject_id : null)),
      ),
  },
  /**
   * Mail of an account already erased (it was in flight during the erasure, so it was recorded after the
   * purge) keeps its row without the person: live, its sealed fields may still have opened in the moment
   * before the key was deleted; a replay opens them as ERASED. Both give the placeholder. Mail to a guest
   * whose key is gone has no row, as the purge leaves it (live its address opens as ERASED once the key is
   * deleted, which is before the CustomerDeleted; a replay finds no guest subject in that event).
   */
  evolve(row, event, erased = new Set()) {
    switch (event.type) {
      case 'MailSent': {
        if (row) return row; // recorded twice: the first stays
        const mail = mailRow(event);
        if (mail.to_address === ERASED && String(mail.subject_id).startsWith('guest:')) return null;
        return erased.has(mail.subject_id) ? { ...mail, to_address: ERASED, subject: ERASED, html: null, text: null } : mail;
      }
      case CUSTOMER_DELETED:
        return row; // all in the effect
      default:
        return assertNever(event);
    }
  },
  effects: {
    [CUSTOMER_DELETED]: {
      name: "purge the deleted customer's mail, and remember the account as erased",
      async run(tx, event) {
        const deleted = event.data;
        const email = deleted.email ? String(deleted.email).toLowerCase() : null;
        const subjects = subjectsErasedBy(deleted);
        // Mail to the guest under a bare-hash label (an older version's): found by its address.
        const legacy = await legacyLabelledRowsOf(tx, 'sent_mail', { subject: 'subject_id', email: 'to_address' }, deleted);
        await tx.query(
          `DELETE FROM sent_mail WHERE subject_id = ANY($1::text[]) OR ($2::text IS NOT NULL AND lower(to_address) = $2) OR id = ANY($3::text[])`,
          [subjects, email, legacy],
        );
        // Accounts only: a guest subject kept here would name the address to whoever holds the privacy secret,
        // and a replay after the erasure's key is gone no longer reads it (a guest's late mail: evolve).
        await tx.query(`INSERT INTO sent_mail_erased_subjects (subject_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [
          subjects.filter((s) => s.startsWith('customer:')),
        ]);
      },
    },
  },
};

/** The Nest provider the module lists: the read model, run by the platform. */
@Injectable()
@ReadModelProjection()
export class SentMailProjection extends FoldProjection<SentMailEvent> {
  constructor() {
    super(sentMailReadModel);
  }
}
