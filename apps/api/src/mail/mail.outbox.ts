import { Injectable } from '@nestjs/common';
import { traceIds, TraceIds } from '../platform/context/request-context';
import { DatabaseService } from '../platform/database/database.service';
import { PersonalData } from '../platform/privacy/personal-data';
import { Queues } from '../platform/queue/queues.service';

/** One e-mail to send. Personal data: sealed under `subjectId` in public.mail_outbox until it is sent. */
export interface OutgoingMail {
  /** What kind of mail this is, e.g. 'consultation-confirmation', 'verify-email'. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The data subject the mail is about (customer:<id> or a guest subject), for erasure. */
  subjectId: string;
  /**
   * The address was typed by whoever made the request, who need not own it (an order, a design request, a
   * contact message): the mail counts against the recipient cap (recipient-cap.ts) and past it is not sent.
   */
  recipientCap?: boolean;
  /**
   * Account secrets written into the mail (a code, a link, a token), exactly as written: the recipient gets them,
   * what the shop keeps (archive, MailSent, staff's view) has them replaced (mail-secrets.ts).
   */
  secrets?: string[];
}

/** What the BullMQ job holds: ids only, never an address, a name or a link. */
export interface MailJob {
  mailId: string;
  kind: string;
  /** The conversation that queued it (correlation and causation ids; no personal data). */
  trace?: TraceIds;
}

export const MAIL_QUEUE = 'mail';

/**
 * Queues mail for the mail worker. Call it from a reactor with a job id derived from the event id
 * (jobIdFor('mail-kind', event.metadata.eventId)), so an event re-seen after a crash sends its mail once.
 * The content goes to public.mail_outbox sealed under the subject's key; Redis sees only the id.
 * Throws while Redis is down: the reactor then keeps its checkpoint and tries again later.
 */
@Injectable()
export class MailOutbox {
  constructor(
    private readonly queues: Queues,
    private readonly db: DatabaseService,
    private readonly privacy: PersonalData,
  ) {}

  async send(mail: OutgoingMail, jobId: string): Promise<void> {
    const { subjectId, ...content } = mail;
    const sealed = await this.privacy.seal(subjectId, content);
    // Not again once archived: the worker archives a mail before recording it and deletes its outbox row
    // after. A reactor that sees its event again later would leave a row no job takes (BullMQ keeps the
    // finished job's id for a day, so the add below is a no-op), holding the content sealed for nothing.
    await this.db.query(
      `INSERT INTO public.mail_outbox (mail_id, subject_id, sealed) SELECT $1, $2, $3
       WHERE NOT EXISTS (SELECT 1 FROM public.mail_archive WHERE mail_id = $1) ON CONFLICT (mail_id) DO NOTHING`,
      [jobId, subjectId, sealed],
    );
    await this.queues.queue<MailJob>(MAIL_QUEUE).add(mail.kind, { mailId: jobId, kind: mail.kind, trace: traceIds() }, { jobId });
  }

  /**
   * The mail to send now, or null when it was sent already or its person was erased meanwhile; `handedOver`
   * when the relay already accepted it (a run that crashed before recording it).
   */
  async read(mailId: string): Promise<(OutgoingMail & { handedOver: boolean }) | null> {
    const row = await this.db.one<{ subject_id: string; sealed: string; sent: boolean }>(
      'SELECT subject_id, sealed, sent_at IS NOT NULL AS sent FROM public.mail_outbox WHERE mail_id = $1',
      [mailId],
    );
    if (!row) return null;
    const content = await this.privacy.open<Omit<OutgoingMail, 'subjectId'> | null>(row.sealed);
    return content ? { ...content, subjectId: row.subject_id, handedOver: row.sent } : null;
  }

  /** The relay accepted the mail: a run after a crash records it without sending it again. */
  async handedOver(mailId: string): Promise<void> {
    await this.db.query('UPDATE public.mail_outbox SET sent_at = now() WHERE mail_id = $1', [mailId]);
  }

  async done(mailId: string): Promise<void> {
    await this.db.query('DELETE FROM public.mail_outbox WHERE mail_id = $1', [mailId]);
  }
}
