import { DomainEvent } from '../platform/event-store/decider';
import { registerPersonalFields } from '../platform/privacy/personal-fields';

/** A mail went out (or, without SMTP, was kept for staff to read). One per job, on stream mail-<jobId>. */
export type MailSent = DomainEvent<
  'MailSent',
  { mail_id: string; kind: string; to: string; subject: string; html: string; text: string; subject_id: string; delivered: boolean }
>;

export const mailStream = (jobId: string) => `mail-${jobId}`;

registerPersonalFields('MailSent', { subject: (d: MailSent['data']) => d.subject_id, fields: ['to', 'subject', 'html', 'text'] });
