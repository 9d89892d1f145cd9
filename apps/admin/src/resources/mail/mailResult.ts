import type { SentMailSummary } from '@facet/contracts';

/** What became of a mail, in words: delivered, kept without SMTP, or not sent and why (the recipient cap). */
export function mailResult(mail: Pick<SentMailSummary, 'delivered' | 'suppressed'>): string {
  if (mail.suppressed) return `Not sent: suppressed (${mail.suppressed.replace(/-/g, ' ')})`;
  return mail.delivered ? 'Delivered' : 'Kept (no SMTP)';
}
