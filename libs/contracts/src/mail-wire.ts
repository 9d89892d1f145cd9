/** What the console reads about sent mail (types only). */

/** One mail in /api/admin/mail: the job id, never the body; recipient and subject are null once the person was erased. */
export interface SentMailSummary {
  id: string;
  kind: string;
  to: string | null;
  subject: string | null;
  delivered: boolean;
  sent_at: string;
}
