import {
  formatPrice,
  MAX_ORDER_TOTAL_CENTS,
  ONLINE_ORDER_LIMIT_CENTS,
  isPayableOrder,
  MAX_QUANTITY_PER_LINE,
  mergeLines,
  onlineOrderLimitMessage,
  orderStatusMessage,
  OrderStatus,
  priceOrder,
  quantityLimitMessage,
  toCents,
} from '@facet/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { Principal } from '../platform/auth/principal';
import { DatabaseService } from '../platform/database/database.service';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { BadInputError, ConflictError, isConflict, NotFoundError } from '../platform/domain/errors';
import { IdempotencyService, IdempotentAttempt } from '../platform/http/idempotency.service';
import { CatalogCache } from '../catalog/queries/catalog-cache';
import { PAYMENT_SETTINGS, PaymentSettings } from '../payments/provider/payment-provider';
import { order, OrderLine, orderStream, orderSubject } from './domain/order';
import { CreateOrderDto } from './http/dto/order.dto';
import { containing, SqlFilter } from '../platform/database/sql-filter';

export interface OrderRow {
  id: string;
  kind: 'consultation' | 'card';
  status: string;
  payment_status: string;
  customer_id: string | null;
  subject_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  address: { address: string; apartment: string; city: string; state: string; zip_code: string; country: string } | null;
  card_name: string | null;
  last_4: string | null;
  items: OrderLine[];
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  version: number;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
  payment_session_id: string | null;
  pay_by: Date | null;
  refunded_cents: number | string;
}

/** "a***@example.com": enough to recognise, not enough to contact. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}***@${domain ?? ''}`;
}

function items(row: OrderRow) {
  return row.items.map((l) => ({
    id: l.product_id,
    product_id: l.product_id,
    name: l.product_name,
    product_name: l.product_name,
    image: l.image,
    quantity: l.quantity,
    price: l.unit_price_cents / 100,
  }));
}

export function toOrderView(row: OrderRow, full: boolean) {
  const created = new Date(row.created_at).toISOString();
  const a = row.address;
  return {
    id: row.id,
    order_id: row.id,
    orderId: row.id,
    kind: row.kind,
    status: row.status,
    payment_status: row.payment_status,
    status_message: orderStatusMessage(row.status, row.delivered_at ? new Date(row.delivered_at).toISOString() : null),
    /** A card order that may still be paid (a new checkout session for the same order and amount). */
    can_pay: isPayableOrder(row),
    pay_by: row.pay_by ? new Date(row.pay_by).toISOString() : null,
    refunded: Number(row.refunded_cents ?? 0) / 100,
    created_at: created,
    date: created,
    items: items(row),
    subtotal: row.subtotal_cents / 100,
    shipping_cost: row.shipping_cents / 100,
    tax: row.tax_cents / 100,
    total: row.total_cents / 100,
    shipping: full
      ? {
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          phone: row.phone,
          address: a?.address ?? null,
          apartment: a?.apartment ?? null,
          city: a?.city ?? null,
          state: a?.state ?? null,
          zip_code: a?.zip_code ?? null,
          country: a?.country ?? null,
        }
      : { first_name: row.first_name, email: maskEmail(row.email) },
    ...(full ? { last_4: row.last_4 } : {}),
  };
}

export function toAdminOrderView(row: OrderRow) {
  return {
    ...toOrderView(row, true),
    customer_id: row.customer_id,
    reference: orderReference(row.id),
    payment_session_id: row.payment_session_id,
    card_name: row.card_name,
    updated_at: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

/** The short reference shoppers see in mails and on the hosted payment page. */
export function orderReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** Card orders above this total are steered to a consultation (env ONLINE_ORDER_LIMIT_DOLLARS, default $50,000). */
export function onlineOrderLimitCents(env: NodeJS.ProcessEnv = process.env): number {
  const dollars = Number(env.ONLINE_ORDER_LIMIT_DOLLARS);
  return env.ONLINE_ORDER_LIMIT_DOLLARS && Number.isFinite(dollars) && dollars > 0 ? Math.round(dollars * 100) : ONLINE_ORDER_LIMIT_CENTS;
}

const SORTS: Record<string, string> = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  total: 'total_cents',
  status: 'status',
  payment_status: 'payment_status',
  reference: 'id',
};

@Injectable()
export class OrdersService {
  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
    private readonly idempotency: IdempotencyService,
    private readonly catalog: CatalogCache,
    @Inject(PAYMENT_SETTINGS) private readonly paymentSettings: PaymentSettings,
  ) {}

  private readonly limitCents = onlineOrderLimitCents();

  /** Prices the order from the catalogue, checks what the shopper saw, and records OrderRequested. */
  async place(dto: CreateOrderDto, principal: Principal | null, idempotencyKey?: string): Promise<{ order_id: string }> {
    const scope = IdempotencyService.callerScope('orders', principal, dto.shipping?.email);
    return this.idempotency.run(scope, idempotencyKey, dto, (attempt) => this.placeNow(dto, principal, attempt));
  }

  /** True when the order named by a key was committed by an earlier attempt (one that crashed before answering). */
  private async committed(orderId: string): Promise<boolean> {
    return (await this.es.store.readStream(orderStream(orderId))).length > 0;
  }

  private async placeNow(dto: CreateOrderDto, principal: Principal | null, attempt: IdempotentAttempt | null): Promise<{ order_id: string }> {
    if (attempt?.resumed && (await this.committed(attempt.id))) return { order_id: attempt.id };
    const status = dto.status ?? (dto.payment_status === 'pending_consultation' ? 'consultation_requested' : 'pending');
    const paymentStatus = dto.payment_status ?? (status === 'consultation_requested' ? 'pending_consultation' : 'unpaid');
    const consultation = status === 'consultation_requested' && paymentStatus === 'pending_consultation';
    const card = status === 'pending' && paymentStatus === 'unpaid';
    if (!consultation && !card) {
      throw new BadInputError(
        'status and payment_status must be consultation_requested with pending_consultation (a consultation request), or pending with unpaid (a card order).',
        'status',
      );
    }
    if (card && (!dto.payment.card_name.trim() || !/^\d{4}$/.test(dto.payment.last_4))) {
      throw new BadInputError('A card order needs the name on the card and its last four digits.', 'payment');
    }
    if (consultation && !dto.shipping.phone?.trim()) throw new BadInputError('Phone number is required', 'shipping.phone');

    // The same product twice is one line; each line has its ceiling (a consultation arranges more).
    const wanted = mergeLines(dto.items, (i) => i.product_id);
    const ids = [...new Set(wanted.map((i) => i.product_id.toLowerCase()))].sort();
    // From the catalogue cache, which every products projection commit (in any process) clears.
    const products = await this.catalog.get(`order-pricing:${ids.join(',')}`, () =>
      this.db.query<{ id: string; name: string; price_cents: number; image: string; in_stock: boolean }>(
        'SELECT id, name, price_cents, image, in_stock FROM products WHERE id = ANY($1::uuid[])',
        [ids],
      ),
    );
    const byId = new Map(products.map((p) => [p.id, p]));
    const lines: OrderLine[] = [];
    const changed: string[] = [];
    for (const item of wanted) {
      const p = byId.get(item.product_id.toLowerCase());
      const label = item.product_name?.trim() || item.product_id;
      if (!p) throw new ConflictError(`${label} is no longer available. Please remove it from your selection.`);
      if (!p.in_stock) throw new ConflictError(`${p.name} is out of stock. Please remove it from your selection.`);
      if (item.quantity > MAX_QUANTITY_PER_LINE) throw new BadInputError(quantityLimitMessage(p.name), 'items');
      if (Math.abs(toCents(item.price) - p.price_cents) > 1) changed.push(`${p.name} is now ${formatPrice(p.price_cents / 100)}`);
      lines.push({ product_id: p.id, product_name: p.name, image: p.image, unit_price_cents: p.price_cents, quantity: item.quantity });
    }
    const totals = priceOrder(lines.map((l) => ({ unitPriceCents: l.unit_price_cents, quantity: l.quantity })));
    if (totals.totalCents > MAX_ORDER_TOTAL_CENTS) {
      throw new BadInputError(
        `An order may total at most ${formatPrice(MAX_ORDER_TOTAL_CENTS / 100)}; this one comes to ${formatPrice(totals.totalCents / 100)}. Please contact us for a larger purchase.`,
        'items',
      );
    }
    const claimed: [string, number | undefined, number][] = [
      ['subtotal', dto.subtotal, totals.subtotalCents],
      ['shipping', dto.shipping_cost, totals.shippingCents],
      ['tax', dto.tax, totals.taxCents],
      ['total', dto.total, totals.totalCents],
    ];
    for (const [name, sent, server] of claimed) {
      if (sent !== undefined && Math.abs(toCents(sent) - server) > 1) changed.push(`the ${name} is now ${formatPrice(server / 100)}`);
    }
    if (changed.length) throw new ConflictError(`Prices have changed: ${changed.join('; ')}. Please review your selection.`);
    if (card && totals.totalCents > this.limitCents) throw new BadInputError(onlineOrderLimitMessage(this.limitCents), 'total');

    // With an Idempotency-Key the order's id comes from the key: its append ('no stream yet') is the key's record.
    const orderId = attempt?.id ?? randomUUID();
    const customerId = principal?.kind === 'customer' ? principal.id : null;
    try {
      await this.requestOrder(orderId, dto, customerId, consultation, status, lines, totals);
    } catch (err) {
      // Another holder of this key (whose lease ran out) appended it first: that is this key's order.
      if (attempt && isConflict(err) && (await this.committed(orderId))) return { order_id: orderId };
      throw err;
    }
    return { order_id: orderId };
  }

  private async requestOrder(
    orderId: string,
    dto: CreateOrderDto,
    customerId: string | null,
    consultation: boolean,
    status: string,
    lines: OrderLine[],
    totals: ReturnType<typeof priceOrder>,
  ): Promise<void> {
    const s = dto.shipping;
    const email = s.email.trim().toLowerCase();
    await this.es.decide(orderStream(orderId), order, {
      type: 'RequestOrder',
      data: {
        order_id: orderId,
        kind: consultation ? 'consultation' : 'card',
        status: status as OrderStatus,
        payment_status: consultation ? 'pending_consultation' : 'unpaid',
        customer_id: customerId,
        subject_id: orderSubject(customerId, email),
        shipping: {
          first_name: s.first_name.trim(),
          last_name: s.last_name.trim(),
          email,
          phone: s.phone?.trim() ?? '',
          address: s.address?.trim() ?? '',
          apartment: s.apartment?.trim() ?? '',
          city: s.city?.trim() ?? '',
          state: s.state?.trim() ?? '',
          zip_code: s.zip_code?.trim() ?? '',
          country: s.country?.trim() || 'US',
        },
        payment: { card_name: dto.payment.card_name.trim(), last_4: dto.payment.last_4 },
        items: lines,
        subtotal_cents: totals.subtotalCents,
        shipping_cents: totals.shippingCents,
        tax_cents: totals.taxCents,
        total_cents: totals.totalCents,
        pay_by: consultation ? null : new Date(Date.now() + this.paymentSettings.unpaidOrderTtlMs).toISOString(),
      },
    }, { newStream: true });
  }

  async row(id: string): Promise<OrderRow | null> {
    return this.db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
  }

  async get(id: string, principal: Principal | null) {
    const row = await this.row(id);
    if (!row) throw new NotFoundError();
    const owner = principal?.kind === 'customer' && row.customer_id === principal.id;
    return toOrderView(row, owner || principal?.kind === 'staff');
  }

  async mine(customerId: string) {
    const rows = await this.db.query<OrderRow>('SELECT * FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 200', [customerId]);
    return rows.map((r) => {
      const v = toOrderView(r, true);
      return {
        orderId: v.id,
        id: v.id,
        reference: orderReference(v.id),
        kind: v.kind,
        date: v.date,
        total: v.total,
        status: v.status,
        payment_status: v.payment_status,
        status_message: v.status_message,
        can_pay: v.can_pay,
        pay_by: v.pay_by,
        items: v.items,
      };
    });
  }

  async list(q: { page: number; limit: number; sort: string; order: 'asc' | 'desc'; q?: string; status?: string; kind?: string; payment_status?: string; from?: string; to?: string }) {
    const filter = new SqlFilter()
      .whereGiven('status = ?', q.status)
      .whereGiven('kind = ?', q.kind)
      .whereGiven('payment_status = ?', q.payment_status)
      .whereGiven('created_at >= ?::timestamptz', q.from)
      .whereGiven('created_at <= ?::timestamptz', q.to);
    const search = q.q?.trim();
    if (search) {
      filter.where(`(id::text ILIKE ? OR lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) LIKE ? OR lower(coalesce(email, '')) LIKE ?)`, containing(search.toLowerCase()));
    }
    const total = Number((await this.db.one<{ n: string }>(`SELECT count(*) AS n FROM orders ${filter.sql}`, filter.params))?.n ?? 0);
    const page = filter.page(q.page, q.limit);
    const rows = await this.db.query<OrderRow>(
      `SELECT * FROM orders ${filter.sql} ORDER BY ${SORTS[q.sort] ?? 'created_at'} ${q.order === 'asc' ? 'ASC' : 'DESC'}, id ${page.sql}`,
      page.params,
    );
    return { items: rows.map(toAdminOrderView), total, page: q.page, limit: q.limit };
  }

  async adminGet(id: string) {
    const row = await this.row(id);
    if (!row) throw new NotFoundError();
    const timeline = await this.db.query(
      'SELECT type, occurred_at, actor, summary FROM order_timeline WHERE order_id = $1 ORDER BY occurred_at, type',
      [id],
    );
    return {
      ...toAdminOrderView(row),
      timeline: timeline.map((t) => ({ type: t.type, occurred_at: new Date(t.occurred_at).toISOString(), actor: t.actor, data: t.summary })),
    };
  }

  async changeStatus(id: string, to: OrderStatus, note: string, principal: Principal) {
    if (!(await this.row(id))) throw new NotFoundError();
    await this.es.decide(orderStream(id), order, { type: 'ChangeStatus', orderId: id, to, note, by: `staff:${principal.id}` });
    return this.adminGet(id);
  }
}
