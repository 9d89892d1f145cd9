import { MAIL_EVENT_SCHEMAS, MailSentData, MailSuppression } from '@facet/contracts';
import { registerPersonalFields } from '../platform/privacy/personal-fields';
import { hideMailSecrets } from './mail-secrets';

/** Raise when the rendering of the mail templates (mail-templates.ts) changes what a mail says. */
// 2: design and contact mails moved into the one branded layout (same words, new HTML frame).
export const MAIL_TEMPLATE_VERSION = 2;

export type { MailSent, MailSentData, MailSentV1Data } from '@facet/contracts';
/** The version appended today (its schema table in libs/contracts/src/events/mail.ts says how older ones read). */
export const MAIL_SENT_VERSION = MAIL_EVENT_SCHEMAS.MailSent.version;

/** A MailSent as staff read it: version 3's fields (`suppressed` null when it was sent or kept), plus the body of a version 1 event. */
export type MailSentRead = Omit<MailSentData, 'suppressed' | 'html' | 'text'> & {
  suppressed: MailSuppression | null;
  body: { html: string | null; text: string | null } | null;
};

/**
 * A MailSent as read (already upcast to version 3 by the runner, readRecorded) with any account secret in its
 * subject or body hidden (mail-secrets.ts). The stored event is never rewritten (its hash in the stream's chain
 * must keep verifying); a version 1 event's body comes along from the event itself (its upcast html and text).
 */
export function upcastMailSent(d: MailSentData): MailSentRead {
  const { html, text } = d;
  // The fields but html and text, in their order, then the body: one object (a replay upcasts every mail).
  const read: Record<string, unknown> = {};
  for (const field of Object.keys(d)) {
    if (field === 'html' || field === 'text') continue;
    const value = d[field as keyof MailSentData];
    // An own "__proto__" (JSON can hold one) stays a field, as the spread kept it.
    if (field === '__proto__') Object.defineProperty(read, field, { value, enumerable: true, writable: true, configurable: true });
    else read[field] = value;
  }
  // A mail recorded before secrets were kept out may have its verification code in the subject.
  read.subject = hideMailSecrets(d.kind, d.subject);
  read.suppressed = d.suppressed ?? null;
  read.body =
    html === undefined && text === undefined
      ? null
      : { html: hideMailSecrets(d.kind, html ?? null), text: hideMailSecrets(d.kind, text ?? null) };
  return read as unknown as MailSentRead;
}

export const mailStream = (jobId: string) => `mail-${jobId}`;

// Version 1 events also sealed html and text; sealFields skips fields an event does not have.
registerPersonalFields('MailSent', { subject: (d: MailSentData) => d.subject_id, fields: ['to', 'subject', 'html', 'text'] });
