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

/** Past this many matches a search's total is estimated from a sample ("about"): counting 71,000 of 1M took 150+ ms. */
export const ORDER_COUNT_CAP = 1000;
/** The share of rm.orders the estimate reads: about 20,000 rows, at least every row of a small table. */
const SAMPLED_ROWS = 20_000;

/**
 * How many orders match. Without a search or dates the filters are all columns of rm.order_counts (migration
 * 117, kept exact by triggers): its few rows sum in well under a millisecond where count(*) read 1M orders in
 * 100+ ms. Otherwise the count is exact up to ORDER_COUNT_CAP and estimated past it from a sample of the table.
 */
async function countOrders(db: DatabaseService, filter: SqlFilter, counted: boolean): Promise<{ total: number; estimated: boolean }> {
  if (!counted) {
    const row = await db.one<{ n: string }>(`SELECT coalesce(sum(n), 0) AS n FROM order_counts ${filter.sql}`, filter.params);
    return { total: Number(row?.n ?? 0), estimated: false };
  }
  const capped = await db.one<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM orders ${filter.sql} LIMIT ${ORDER_COUNT_CAP + 1}) matched`,
    filter.params,
  );
  const exact = Number(capped?.n ?? 0);
  if (exact <= ORDER_COUNT_CAP) return { total: exact, estimated: false };
  const size = await db.one<{ percent: number }>(
    `SELECT least(100, greatest(0.01, 100.0 * ${SAMPLED_ROWS} / greatest(reltuples, 1)))::float8 AS percent FROM pg_class WHERE oid = 'orders'::regclass`,
  );
  const percent = size?.percent ?? 100;
  const sample = await db.one<{ n: string }>(
    `SELECT count(*) AS n FROM orders TABLESAMPLE SYSTEM ($${filter.params.length + 1}) ${filter.sql}`,
    [...filter.params, percent],
  );
  const estimate = Math.round((Number(sample?.n ?? 0) * 100) / percent);
  return { total: Math.max(ORDER_COUNT_CAP + 1, estimate), estimated: true };
}

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
    const { total, estimated } = await countOrders(this.db, filter, Boolean(search || q.from || q.to));
    const page = filter.page(q.page, q.limit);
    const rows = await this.db.query<OrderRow>(
      `SELECT * FROM orders ${filter.sql} ORDER BY ${SORTS[q.sort] ?? 'created_at'} ${q.order === 'asc' ? 'ASC' : 'DESC'}, id ${page.sql}`,
      page.params,
    );
    return { items: rows.map(toAdminOrderView), total, ...(estimated ? { total_estimated: true } : {}), page: q.page, limit: q.limit };
  }
}
