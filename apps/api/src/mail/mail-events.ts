import { DomainEvent } from '../platform/event-store/decider';
import { RecordedEvent } from '../platform/event-store/event-store';
import { registerPersonalFields } from '../platform/privacy/personal-fields';
import { hideMailSecrets } from './mail-secrets';
import type { MailSuppression } from './recipient-cap';

/** Raise when the rendering of the mail templates (mail-templates.ts) changes what a mail says. */
// 2: design and contact mails moved into the one branded layout (same words, new HTML frame).
export const MAIL_TEMPLATE_VERSION = 2;

/**
 * A mail went out (or, without SMTP, was kept for staff to read, or was held back by the recipient cap).
 * One per job, on stream mail-<jobId>.
 * Schema version 2: what an auditor needs, without the body; the rendered body is in public.mail_archive
 * (mail-archive.ts) and `content_sha256` is the SHA-256 of that row's sealed text.
 * Schema version 3: `suppressed` says why a mail was not sent at all (then `delivered` is false); it is
 * written only on such a mail, so every other MailSent keeps version 2's fields.
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
}
export type MailSent = DomainEvent<'MailSent', MailSentData>;
export const MAIL_SENT_VERSION = 3;

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

/** A MailSent as read from the log, of any version: version 3's fields (`suppressed` null when it was sent or kept), plus the body of a version 1 event. */
export type MailSentRead = Omit<MailSentData, 'suppressed'> & {
  suppressed: MailSuppression | null;
  body: { html: string | null; text: string | null } | null;
};

/**
 * Upcaster: reads a MailSent of any version as version 3, with any account secret in its subject or body hidden
 * (mail-secrets.ts). The stored event is never rewritten (its hash
 * in the stream's chain must keep verifying); a version 1 event's body comes along from the event itself.
 */
export function upcastMailSent(event: Pick<RecordedEvent, 'data' | 'metadata'>): MailSentRead {
  const d = event.data ?? {};
  if ((event.metadata?.schemaVersion ?? 1) < 2) {
    const v1 = d as MailSentV1Data;
    return {
      mail_id: v1.mail_id,
      kind: v1.kind,
      template_version: 1,
      to: v1.to,
      subject: hideMailSecrets(v1.kind, v1.subject),
      subject_id: v1.subject_id,
      content_sha256: '',
      delivered: v1.delivered ?? false,
      suppressed: null,
      body: { html: hideMailSecrets(v1.kind, v1.html ?? null), text: hideMailSecrets(v1.kind, v1.text ?? null) },
    };
  }
  const v = d as MailSentData;
  // A mail recorded before secrets were kept out may have its verification code in the subject.
  return { ...v, subject: hideMailSecrets(v.kind, v.subject), suppressed: v.suppressed ?? null, body: null };
}

export const mailStream = (jobId: string) => `mail-${jobId}`;

// Version 1 events also sealed html and text; sealFields skips fields an event does not have.
registerPersonalFields('MailSent', { subject: (d: MailSentData) => d.subject_id, fields: ['to', 'subject', 'html', 'text'] });
