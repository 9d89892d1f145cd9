import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { SqlFilter } from '../../platform/database/sql-filter';
import { orderSearch } from './order-search';
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

/** Past this many matches a search's total is an estimate ("about"): counting 71,000 of 1M took 150+ ms. */
export const ORDER_COUNT_CAP = 1000;

/** About how many orders an estimate reads: whole pages picked at random (SYSTEM), the same ones each time. */
const SAMPLE_ROWS = 10_000;

/**
 * How many orders match. Without a search or dates the filters are all columns of rm.order_counts (migration
 * 117, kept exact by triggers): its few rows sum in well under a millisecond where count(*) read 1M orders in
 * 100+ ms. Otherwise the count is exact up to ORDER_COUNT_CAP and past it estimated: the share of a sample's
 * rows that match, times all orders, to two significant digits. The planner's own estimate (EXPLAIN) was the
 * default 100 rows for any full name not among its most common values, which rose to the cap's 1,001.
 */
async function countOrders(db: DatabaseService, filter: SqlFilter, counted: boolean): Promise<{ total: number; estimated: boolean }> {
  const summed = async (where: string, params: unknown[]) =>
    Number((await db.one<{ n: string }>(`SELECT coalesce(sum(n), 0) AS n FROM order_counts ${where}`, params))?.n ?? 0);
  if (!counted) return { total: await summed(filter.sql, filter.params), estimated: false };
  const capped = await db.one<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM orders ${filter.sql} LIMIT ${ORDER_COUNT_CAP + 1}) matched`,
    filter.params,
  );
  const exact = Number(capped?.n ?? 0);
  if (exact <= ORDER_COUNT_CAP) return { total: exact, estimated: false };
  const orders = await summed('', []);
  // A number of our own (never the request's), written out without an exponent.
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(orders, 1)).toFixed(6);
  const sample = await db.one<{ matched: string; sampled: string }>(
    `SELECT count(*) FILTER (WHERE ${filter.condition}) AS matched, count(*) AS sampled
       FROM orders TABLESAMPLE SYSTEM (${percent}) REPEATABLE (43)`,
    filter.params,
  );
  const sampled = Number(sample?.sampled ?? 0);
  const estimate = sampled ? (orders * Number(sample?.matched ?? 0)) / sampled : 0;
  return { total: Math.max(ORDER_COUNT_CAP + 1, twoSignificantDigits(estimate)), estimated: true };
}

/** 71,429 as 71,000: an estimate shown no finer than it is. */
function twoSignificantDigits(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
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
      const { sql, values } = orderSearch(search);
      filter.whereEach(sql, values);
    }
    const counted = Boolean(search || q.from || q.to);
    const { total, estimated } = await countOrders(this.db, filter, counted);
    const page = filter.page(q.page, q.limit);
    const column = SORTS[q.sort] ?? 'created_at';
    const orderBy = `${column} ${q.order === 'asc' ? 'ASC' : 'DESC'}, id`;
    let sql: string;
    if (counted && !estimated) {
      // At most ORDER_COUNT_CAP matches: fetched first (through the indexes) and sorted, where the planner would
      // walk orders_created newest first filtering every order on the way (all of them for old orders' matches).
      sql = `WITH matched AS MATERIALIZED (SELECT * FROM orders ${filter.sql}) SELECT * FROM matched ORDER BY ${orderBy} ${page.sql}`;
    } else if (search && column === 'created_at' && !q.from && !q.to) {
      // Over ORDER_COUNT_CAP matches, by date: walk orders_created and keep the matches. With one order in N
      // matching, a first page reads about 25 N orders: 5,700 for a full name at 1M orders (2-4 ms). Left to
      // itself the planner took the default estimate of 100 matches for most full names, fetched all 4,464
      // through the index and sorted them (60-90 ms). OFFSET 0 keeps the search out of the subquery, which then
      // has one way to be read in order fast: that index. Its order is kept: nothing above it sorts, joins or
      // groups. (With dates, the walk would start from the newest order rather than the range's end: the
      // planner decides there.)
      sql = `SELECT * FROM (SELECT * FROM orders ORDER BY ${orderBy} OFFSET 0) newest ${filter.sql} ${page.sql}`;
    } else {
      sql = `SELECT * FROM orders ${filter.sql} ORDER BY ${orderBy} ${page.sql}`;
    }
    const rows = await this.db.query<OrderRow>(sql, page.params);
    return { items: rows.map(toAdminOrderView), total, ...(estimated ? { total_estimated: true } : {}), page: q.page, limit: q.limit };
  }
}
