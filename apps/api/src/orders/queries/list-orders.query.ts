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

/** Past this many matches a search's total is the planner's estimate ("about"): counting 71,000 of 1M took 150+ ms. */
export const ORDER_COUNT_CAP = 1000;

/**
 * How many orders match. Without a search or dates the filters are all columns of rm.order_counts (migration
 * 117, kept exact by triggers): its few rows sum in well under a millisecond where count(*) read 1M orders in
 * 100+ ms. Otherwise the count is exact up to ORDER_COUNT_CAP and past it the planner's row estimate for the
 * filter (EXPLAIN, under a millisecond: a ~20,000-row sample took 66-104 ms of a common name's search).
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
  const plan = await db.one<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM orders ${filter.sql}`,
    filter.params,
  );
  const estimate = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
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
      // LIKE on the id, as ILIKE found: its text is lower-case hex and the pattern is lowered (ILIKE cost a quarter
      // of a common name's count, which filters thousands of orders to find its first 1,001).
      filter.where(
        `(id::text LIKE ? OR lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) LIKE ? OR lower(coalesce(email, '')) LIKE ?)`,
        containing(search.toLowerCase()),
      );
    }
    const { total, estimated } = await countOrders(this.db, filter, Boolean(search || q.from || q.to));
    const page = filter.page(q.page, q.limit);
    // A search or range counted exactly has at most ORDER_COUNT_CAP matches: they are fetched first (the trigram
    // indexes) and sorted, where the planner would walk orders_created newest first filtering every order on the
    // way (5,600 orders read for 25 of 1,339 matches; all of them for matches among old orders only).
    const bounded = Boolean(search || q.from || q.to) && !estimated;
    const source = bounded
      ? `WITH matched AS MATERIALIZED (SELECT * FROM orders ${filter.sql}) SELECT * FROM matched`
      : `SELECT * FROM orders ${filter.sql}`;
    const rows = await this.db.query<OrderRow>(
      `${source} ORDER BY ${SORTS[q.sort] ?? 'created_at'} ${q.order === 'asc' ? 'ASC' : 'DESC'}, id ${page.sql}`,
      page.params,
    );
    return { items: rows.map(toAdminOrderView), total, ...(estimated ? { total_estimated: true } : {}), page: q.page, limit: q.limit };
  }
}
