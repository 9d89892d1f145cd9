import { defineEvents, event, type EventOfType, type EventsOf } from './event';

/** The mail's event (issue 42): one MailSent per mail job, on stream mail-<jobId>. */

/** Why a mail was not sent at all: its recipient's cap, or a relay that refused the address for good (5xx). */
export type MailSuppression = 'recipient-cap' | 'refused-by-relay';

/**
 * A mail went out (or, without SMTP, was kept for staff to read, or was held back by the recipient cap).
 * Version 2: what an auditor needs, without the body; the rendered body is in public.mail_archive and
 * `content_sha256` is the SHA-256 of that row's sealed text.
 * Version 3: `suppressed` says why a mail was not sent at all (then `delivered` is false); it is written only
 * on such a mail, so every other MailSent keeps version 2's fields (version 2 reads as 3 unchanged).
 */
export interface MailSentData {
  mail_id: string;
  kind: string;
  template_version: number;
  to: string;
  subject: string;
  subject_id: string;
  content_sha256: string;
  delivered: boolean;
  suppressed?: MailSuppression;
  /** Only on a version 1 event, upcast: the body it carried (null where it had none). Never written now. */
  html?: string | null;
  text?: string | null;
}

/** Version 1 (logs written before the archive): the whole rendered mail in the event. */
export interface MailSentV1Data {
  mail_id: string;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  subject_id: string;
  delivered: boolean;
}

/** Reads a version 1 MailSent as version 2, its body kept (the archive has none for it). */
export function upcastMailSentV1(v1: MailSentV1Data): MailSentData {
  return {
    mail_id: v1.mail_id,
    kind: v1.kind,
    template_version: 1,
    to: v1.to,
    subject: v1.subject,
    subject_id: v1.subject_id,
    content_sha256: '',
    delivered: v1.delivered ?? false,
    html: v1.html ?? null,
    text: v1.text ?? null,
  };
}

export const MAIL_EVENT_SCHEMAS = defineEvents({
  MailSent: event<MailSentData>({ version: 3, upcasters: { 1: upcastMailSentV1 } }),
});

export type MailEvent = EventsOf<typeof MAIL_EVENT_SCHEMAS>;
export type MailSent = EventOfType<MailEvent, 'MailSent'>;
