import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { containing, SqlFilter } from '../../platform/database/sql-filter';
import { AdminOrderList, OrderRow, toAdminOrderView } from './order-views';

export interface OrderListFilter {
  page: number;
  limit: number;
  sort: string;
  order: 'asc' | 'desc';
  q?: string;
  status?: string;
  kind?: string;
  payment_status?: string;
  from?: string;
  to?: string;
}

/** Orders and consultation requests for the console, filtered, sorted and paged. */
export class ListOrdersQuery extends Query<AdminOrderList> {
  constructor(readonly filter: OrderListFilter) {
    super();
  }
}

/** Sorts map to fixed SQL; nothing from the request is spliced into the query text. */
const SORTS: Record<string, string> = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  total: 'total_cents',
  status: 'status',
  payment_status: 'payment_status',
  reference: 'id',
};

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, AdminOrderList> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ filter: q }: ListOrdersQuery): Promise<AdminOrderList> {
    const filter = new SqlFilter()
      .whereGiven('status = ?', q.status)
      .whereGiven('kind = ?', q.kind)
      .whereGiven('payment_status = ?', q.payment_status)
      .whereGiven('created_at >= ?::timestamptz', q.from)
      .whereGiven('created_at <= ?::timestamptz', q.to);
    const search = q.q?.trim();
    if (search) {
      filter.where(
        `(id::text ILIKE ? OR lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) LIKE ? OR lower(coalesce(email, '')) LIKE ?)`,
        containing(search.toLowerCase()),
      );
    }
    const total = Number((await this.db.one<{ n: string }>(`SELECT count(*) AS n FROM orders ${filter.sql}`, filter.params))?.n ?? 0);
    const page = filter.page(q.page, q.limit);
    const rows = await this.db.query<OrderRow>(
      `SELECT * FROM orders ${filter.sql} ORDER BY ${SORTS[q.sort] ?? 'created_at'} ${q.order === 'asc' ? 'ASC' : 'DESC'}, id ${page.sql}`,
      page.params,
    );
    return { items: rows.map(toAdminOrderView), total, page: q.page, limit: q.limit };
  }
}
