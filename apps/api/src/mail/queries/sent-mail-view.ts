import type { SentMailSummary } from '@facet/contracts';
import { hideMailSecrets } from '../mail-secrets';

/** One mail in the console's list (the job id, never the body): the wire type the console shares. */
export type { SentMailSummary } from '@facet/contracts';

export interface SentMailView extends SentMailSummary {
  html: string | null;
  text: string | null;
}

/** A row of rm.sent_mail. */
export interface SentMailRow {
  id: string;
  kind: string;
  to_address: string | null;
  subject: string | null;
  delivered: boolean;
  suppressed: string | null;
  sent_at: Date | string;
  html?: string | null;
  text?: string | null;
}

export const toSummary = (r: SentMailRow): SentMailSummary => ({
  id: r.id,
  kind: r.kind,
  to: r.to_address,
  subject: hideMailSecrets(r.kind, r.subject),
  delivered: r.delivered,
  suppressed: r.suppressed ?? null,
  sent_at: new Date(r.sent_at).toISOString(),
});
