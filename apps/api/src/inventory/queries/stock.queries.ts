import { StockMovement, StockReservation, variantLabel, VariantStockLevel } from '@facet/contracts';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { VariantAvailability, VariantAvailabilityQuery, ProductsByIdsQuery } from '../../catalog';
import { NotFoundError } from '../../platform/domain/errors';
import { DatabaseService } from '../../platform/database/database.service';
import { orderReference } from '../../orders';
import { listedVariant, NO_STOCK_RECORD, ReservationStatus } from '../domain/variant-stock';

/** A page of rows and how many there are in all. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** A stocked variant's counts as staff read them, with the product it belongs to. */
export type VariantStockView = VariantStockLevel & { product_id: string; product_name: string | null; variant_label: string | null };

@QueryHandler(VariantAvailabilityQuery)
export class VariantAvailabilityHandler implements IQueryHandler<VariantAvailabilityQuery, Record<string, VariantAvailability>> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ variantIds }: VariantAvailabilityQuery): Promise<Record<string, VariantAvailability>> {
    if (variantIds.length === 0) return {};
    const rows = await this.db.query<VariantAvailability & { variant_id: string }>(
      'SELECT variant_id, on_hand, reserved, available FROM variant_stock WHERE variant_id = ANY($1::text[])',
      [variantIds.map((id) => id.toLowerCase())],
    );
    return Object.fromEntries(rows.map(({ variant_id, ...counts }) => [variant_id, counts]));
  }
}

/**
 * The product of a stocked variant that has no stock history yet (given no count when it was listed), so staff
 * can give it its first count in the inventory routes. Read from the catalogue's read model (its variants
 * column); null when no product lists the variant as stocked.
 */
export async function productOfStockedVariant(db: DatabaseService, variantId: string): Promise<string | null> {
  const row = await db.one<{ id: string }>(
    `SELECT id FROM products WHERE variants @> jsonb_build_array(jsonb_build_object('variant_id', $1::text, 'stock_mode', 'stocked')) LIMIT 1`,
    [variantId.toLowerCase()],
  );
  return row?.id ?? null;
}

export class GetVariantStockQuery extends Query<VariantStockView> {
  constructor(readonly variantId: string) {
    super();
  }
}

@QueryHandler(GetVariantStockQuery)
export class GetVariantStockHandler implements IQueryHandler<GetVariantStockQuery, VariantStockView> {
  constructor(
    private readonly db: DatabaseService,
    private readonly queries: QueryBus,
  ) {}

  async execute({ variantId }: GetVariantStockQuery): Promise<VariantStockView> {
    const id = variantId.toLowerCase();
    const stocked = await this.db.one<{ variant_id: string; product_id: string; on_hand: number; reserved: number; available: number }>(
      'SELECT variant_id, product_id, on_hand, reserved, available FROM variant_stock WHERE variant_id = $1',
      [id],
    );
    // A stocked variant never given a count has none of each.
    const productId = stocked ? null : await productOfStockedVariant(this.db, id);
    const row = stocked ?? (productId ? { variant_id: id, product_id: productId, on_hand: 0, reserved: 0, available: 0 } : null);
    if (!row) throw new NotFoundError(NO_STOCK_RECORD);
    // The catalogue names the piece; a variant it no longer lists is a 404 with the reason (its ledger stays readable).
    const [product] = await this.queries.execute(new ProductsByIdsQuery([row.product_id]));
    const variant = listedVariant(
      row.variant_id,
      product as { variants?: { variant_id: string; options: Record<string, string> }[] } | undefined,
    );
    return { ...row, product_name: product?.name ?? null, variant_label: variantLabel(variant.options) };
  }
}

/** A stock_ledger row as the ledger query selects it, with who made the move. */
interface LedgerRow {
  kind: StockMovement['kind'];
  quantity: number;
  reason: string | null;
  order_id: string | null;
  on_hand_after: number;
  reserved_after: number;
  available_after: number;
  at: Date;
  by: string | null;
}

/** A stock_reservations row as the list selects it. */
interface ReservationRow {
  order_id: string;
  variant_id: string;
  product_id: string;
  quantity: number;
  status: StockReservation['status'];
  release_reason: string | null;
  created_at: Date;
  updated_at: Date;
  hold_confirmed_by: string | null;
  hold_confirmed_at: Date | null;
}

export class StockLedgerQuery extends Query<Page<StockMovement>> {
  constructor(
    readonly variantId: string,
    readonly page: number,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(StockLedgerQuery)
export class StockLedgerHandler implements IQueryHandler<StockLedgerQuery, Page<StockMovement>> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ variantId, page, limit }: StockLedgerQuery): Promise<Page<StockMovement>> {
    const id = variantId.toLowerCase();
    const total = await this.db.one<{ n: string }>('SELECT count(*) AS n FROM stock_ledger WHERE variant_id = $1', [id]);
    if (Number(total?.n ?? 0) === 0 && !(await productOfStockedVariant(this.db, id))) throw new NotFoundError(NO_STOCK_RECORD);
    // Staff are named as the console knows them (their name, else e-mail); the shop's own moves as 'system'.
    const rows = await this.db.query<LedgerRow>(
      `SELECT l.kind, l.quantity, l.reason, l.order_id, l.on_hand_after, l.reserved_after, l.available_after, l.at,
              COALESCE(NULLIF(s.name, ''), s.email, l.actor) AS by
       FROM stock_ledger l LEFT JOIN staff_members s ON s.id::text = (CASE WHEN l.actor LIKE 'staff:%' THEN substr(l.actor, 7) ELSE l.actor END)
       WHERE l.variant_id = $1 ORDER BY l.revision DESC LIMIT $2 OFFSET $3`,
      [id, limit, (page - 1) * limit],
    );
    const items = rows.map((r) => ({
      kind: r.kind,
      quantity: r.quantity,
      reason: r.reason,
      by: r.by,
      at: new Date(r.at).toISOString(),
      order_id: r.order_id,
      order_reference: r.order_id ? orderReference(r.order_id) : null,
      on_hand_after: r.on_hand_after,
      reserved_after: r.reserved_after,
      available_after: r.available_after,
    }));
    return { items, total: Number(total?.n ?? 0), page, limit };
  }
}

export interface ReservationFilter {
  variantId?: string;
  orderId?: string;
  status?: ReservationStatus;
  page: number;
  limit: number;
}

export class ListReservationsQuery extends Query<Page<StockReservation>> {
  constructor(readonly filter: ReservationFilter) {
    super();
  }
}

@QueryHandler(ListReservationsQuery)
export class ListReservationsHandler implements IQueryHandler<ListReservationsQuery, Page<StockReservation>> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ filter }: ListReservationsQuery): Promise<Page<StockReservation>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.variantId) add('r.variant_id = ?', filter.variantId.toLowerCase());
    if (filter.orderId) add('r.order_id = ?', filter.orderId.toLowerCase());
    if (filter.status) add('r.status = ?', filter.status);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = await this.db.one<{ n: string }>(`SELECT count(*) AS n FROM stock_reservations r ${clause}`, params);
    // Who confirmed a consultation's hold, as the console knows them (their name, else e-mail).
    const rows = await this.db.query<ReservationRow>(
      `SELECT r.order_id, r.variant_id, r.product_id, r.quantity, r.status, r.release_reason, r.created_at, r.updated_at,
              CASE WHEN r.hold_confirmed_by IS NULL THEN NULL ELSE COALESCE(NULLIF(s.name, ''), s.email, r.hold_confirmed_by) END AS hold_confirmed_by,
              r.hold_confirmed_at
       FROM stock_reservations r
       LEFT JOIN staff_members s ON r.hold_confirmed_by LIKE 'staff:%' AND s.id::text = substr(r.hold_confirmed_by, 7) ${clause}
       ORDER BY r.created_at DESC, r.order_id, r.variant_id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, (filter.page - 1) * filter.limit],
    );
    const items = rows.map((r) => ({
      order_id: r.order_id,
      order_reference: orderReference(r.order_id),
      variant_id: r.variant_id,
      product_id: r.product_id,
      quantity: r.quantity,
      status: r.status,
      release_reason: r.release_reason,
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
      hold_confirmed_by: r.hold_confirmed_by,
      hold_confirmed_at: r.hold_confirmed_at ? new Date(r.hold_confirmed_at).toISOString() : null,
    }));
    return { items, total: Number(total?.n ?? 0), page: filter.page, limit: filter.limit };
  }
}

export const INVENTORY_QUERY_HANDLERS = [VariantAvailabilityHandler, GetVariantStockHandler, StockLedgerHandler, ListReservationsHandler];
