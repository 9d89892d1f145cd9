import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { containing, selectPage, SqlFilter } from '../../platform/database/sql-filter';
import { ListSentMailQuery, SentMailList } from './list-sent-mail.query';
import { SentMailRow, toSummary } from './sent-mail-view';

@QueryHandler(ListSentMailQuery)
export class ListSentMailHandler implements IQueryHandler<ListSentMailQuery, SentMailList> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ filter: f }: ListSentMailQuery): Promise<SentMailList> {
    const filter = new SqlFilter().whereGiven('kind = ?', f.kind);
    const search = f.q?.trim().toLowerCase();
    if (search) filter.where(`(lower(coalesce(to_address, '')) LIKE ? OR lower(coalesce(subject, '')) LIKE ?)`, containing(search));
    const orderBy = `${f.sort === 'kind' ? 'kind' : 'sent_at'} ${f.order === 'asc' ? 'ASC' : 'DESC'}, id`;
    const { rows, total } = await selectPage<SentMailRow>(
      this.db,
      { columns: 'id, kind, to_address, subject, delivered, suppressed, sent_at', from: 'sent_mail', orderBy },
      filter,
      f.page,
      f.limit,
    );
    return { items: rows.map(toSummary), total, page: f.page, limit: f.limit };
  }
}
