import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { containing, SqlFilter } from '../../platform/database/sql-filter';
import { ListSentMailQuery, SentMailList } from './list-sent-mail.query';
import { SentMailRow, toSummary } from './sent-mail-view';

@QueryHandler(ListSentMailQuery)
export class ListSentMailHandler implements IQueryHandler<ListSentMailQuery, SentMailList> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ filter: f }: ListSentMailQuery): Promise<SentMailList> {
    const filter = new SqlFilter().whereGiven('kind = ?', f.kind);
    const search = f.q?.trim().toLowerCase();
    if (search) filter.where(`(lower(coalesce(to_address, '')) LIKE ? OR lower(coalesce(subject, '')) LIKE ?)`, containing(search));
    const total = Number((await this.db.one<{ n: string }>(`SELECT count(*) AS n FROM sent_mail ${filter.sql}`, filter.params))?.n ?? 0);
    const paging = filter.page(f.page, f.limit);
    const rows = await this.db.query<SentMailRow>(
      `SELECT id, kind, to_address, subject, delivered, sent_at FROM sent_mail ${filter.sql}
       ORDER BY ${f.sort === 'kind' ? 'kind' : 'sent_at'} ${f.order === 'asc' ? 'ASC' : 'DESC'}, id ${paging.sql}`,
      paging.params,
    );
    return { items: rows.map(toSummary), total, page: f.page, limit: f.limit };
  }
}
