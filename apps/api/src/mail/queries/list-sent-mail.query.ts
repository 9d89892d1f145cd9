import { Query } from '@nestjs/cqrs';
import { SentMailSummary } from './sent-mail-view';

export interface SentMailList {
  items: SentMailSummary[];
  total: number;
  page: number;
  limit: number;
}

/** Mail sent (or kept without SMTP, or suppressed), filtered by kind and a search over recipient and subject, paged. */
export class ListSentMailQuery extends Query<SentMailList> {
  constructor(
    readonly filter: { kind?: string; q?: string; sort: 'sent_at' | 'kind'; order: 'asc' | 'desc'; page: number; limit: number },
  ) {
    super();
  }
}
