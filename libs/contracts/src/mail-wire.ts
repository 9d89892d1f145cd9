/** What the console reads about sent mail (types only). */

/** One mail in /api/admin/mail: the job id, never the body; recipient and subject are null once the person was erased. */
export interface SentMailSummary {
  id: string;
  kind: string;
  to: string | null;
  subject: string | null;
  /** False when kept without SMTP or suppressed. */
  delivered: boolean;
  /** Why the mail was not sent at all ('recipient-cap', 'refused-by-relay'); null when it was sent or kept. */
  suppressed: string | null;
  sent_at: string;
}
