import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { OrderEvent, OrderReturns, RETURN_POLICY, ReturnAction, ReturnEvent, ReturnView } from '@facet/contracts';
import { ProductsByIdsQuery } from '../../catalog';
import { ReserveExchangeUnitCommand, ReturnStockCommand } from '../../inventory';
import { mayReadOrderPage, order, orderStream } from '../../orders';
import { StaffRefundCommand } from '../../payments';
import { Principal } from '../../platform/auth/principal';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { DatabaseService } from '../../platform/database/database.service';
import { containing, selectPage, sortedBy, SqlFilter } from '../../platform/database/sql-filter';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { IdempotencyService } from '../../platform/http/idempotency.service';
import {
  lineRefusal,
  OrderFacts,
  orderReturns,
  orderReturnsStream,
  returnableUntil,
  ReturnCommand,
  returnLinesCents,
  unitsInReturns,
} from '../domain/order-returns';
import { ReturnRow } from '../projections/returns.projection';
import { toReturnView } from '../queries/return-views';

/** Who asks about an order's returns: a signed-in customer, the mail's link token, the browser's order-access cookie. */
export interface OrderCaller {
  principal: Principal | null;
  token: unknown;
  cookieOrders: readonly string[];
}

export interface StaffAction {
  action: ReturnAction;
  note?: string;
  restocking_fee?: number;
  exchange_variant_id?: string;
}

export interface ReturnListFilter {
  page: number;
  limit: number;
  sort: 'requested_at' | 'updated_at' | 'status';
  order: 'asc' | 'desc';
  status?: string;
  order_id?: string;
  q?: string;
}

const COLUMNS = `id, order_id, subject_id, status, reason, lines, note, refund_cents, restocking_fee_cents, refund_id, exchange_variant_id, history,
  requested_at, updated_at`;

/**
 * The returns of orders (issue 51): the shopper asks, staff approve or refuse, mark received (the units go back
 * to stock, keyed by the return), then refund (the payments part's staff refund, once however many press it) or
 * exchange (another size of the same piece, its unit reserved under the return's id). Every step is decided on
 * the order's returns stream at the revision read.
 */
@Injectable()
export class ReturnsService {
  private readonly logger = new Logger('Returns');

  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly idempotency: IdempotencyService,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  /** The order as a return reads it, or 404 when the caller may not see it (as for an order that does not exist). */
  private async orderFor(orderId: string, caller: OrderCaller | null): Promise<OrderFacts> {
    if (caller) {
      const row = await this.db.one<{ id: string; customer_id: string | null; subject_id: string }>(
        'SELECT id, customer_id, subject_id FROM orders WHERE id = $1',
        [orderId],
      );
      if (!row || !mayReadOrderPage(row, caller)) throw new NotFoundError();
    }
    const history = await this.es.load<OrderEvent>(orderStream(orderId));
    const requested = history.find((e) => e.type === 'OrderRequested');
    if (requested?.type !== 'OrderRequested') throw new NotFoundError();
    const state = fold(order, history);
    const delivered = [...history].reverse().find((e) => e.type === 'OrderStatusChanged' && e.data.to === 'delivered');
    return {
      orderId,
      status: state.status ?? 'pending',
      deliveredAt: delivered ? new Date(delivered.metadata.occurredAt).toISOString() : null,
      subjectId: requested.data.subject_id,
      lines: requested.data.items.map((l, line) => ({
        line,
        productId: l.product_id,
        variantId: l.variant_id ?? null,
        productName: l.product_name,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
        // An engraving erased with its person was still engraved.
        engraved: typeof l.engraving === 'string' && l.engraving !== '',
      })),
    };
  }

  private decide(orderId: string, command: ReturnCommand) {
    return this.es.decideLatest(orderReturnsStream(orderId), orderReturns, command, { waitForProjections: true });
  }

  private async state(orderId: string) {
    return fold(orderReturns, await this.es.load<ReturnEvent>(orderReturnsStream(orderId)));
  }

  private async row(id: string): Promise<ReturnRow | null> {
    return this.db.one<ReturnRow>(`SELECT ${COLUMNS} FROM returns WHERE id = $1`, [id]);
  }

  private async view(id: string): Promise<ReturnView> {
    const row = await this.row(id);
    if (!row) throw new NotFoundError();
    return toReturnView(row);
  }

  /** POST /api/orders/{id}/returns. A retried request with the same Idempotency-Key records one return. */
  async request(
    orderId: string,
    body: { lines: { line: number; quantity: number }[]; reason: string },
    caller: OrderCaller,
    idempotencyKey: string | undefined,
  ): Promise<ReturnView> {
    if (idempotencyKey !== undefined && (idempotencyKey.length > 200 || !/^[\x21-\x7e]+$/.test(idempotencyKey)))
      throw new BadInputError('Idempotency-Key must be 1 to 200 visible ASCII characters.', 'Idempotency-Key');
    const facts = await this.orderFor(orderId, caller);
    const returnId = idempotencyKey ? IdempotencyService.derivedId(`return:${orderId}`, idempotencyKey) : randomUUID();
    const by = caller.principal?.kind === 'customer' ? `customer:${caller.principal.id}` : 'order-access';
    await this.decide(orderId, {
      type: 'RequestReturn',
      returnId,
      order: facts,
      lines: body.lines.map((l) => ({ line: l.line, quantity: l.quantity })),
      reason: body.reason,
      by,
      now: new Date(),
      windowDays: this.config.returnWindowDays,
    });
    return this.view(returnId);
  }

  /** GET /api/orders/{id}/returns: what may still be asked back, why not, and every return with its steps. */
  async forShopper(orderId: string, caller: OrderCaller): Promise<OrderReturns> {
    const facts = await this.orderFor(orderId, caller);
    const state = await this.state(orderId);
    const rows = await this.db.query<ReturnRow>(`SELECT ${COLUMNS} FROM returns WHERE order_id = $1 ORDER BY requested_at, id`, [orderId]);
    const now = new Date();
    const windowDays = this.config.returnWindowDays;
    return {
      window_days: windowDays,
      returnable_until: facts.deliveredAt ? returnableUntil(facts.deliveredAt, windowDays).toISOString() : null,
      lines: facts.lines.map((l) => {
        const refusal = lineRefusal(facts, l, now, windowDays);
        const left = Math.max(0, l.quantity - unitsInReturns(state, l.line));
        return {
          line: l.line,
          product_name: l.productName,
          quantity: l.quantity,
          returnable_quantity: refusal ? 0 : left,
          refusal: refusal ?? (left === 0 ? { code: 'in_return', message: 'Every unit of this line is already in a return.' } : null),
        };
      }),
      returns: rows.map(toReturnView),
      policy: RETURN_POLICY,
    };
  }

  /** GET /api/admin/returns: filtered by status, order and text (reason, piece, ids), newest first. */
  async list(f: ReturnListFilter) {
    const filter = new SqlFilter().whereGiven('status = ?', f.status).whereGiven('order_id = ?::uuid', f.order_id);
    const q = f.q?.trim();
    if (q) filter.where(`(id::text ILIKE ? OR order_id::text ILIKE ? OR reason ILIKE ? OR lines::text ILIKE ?)`, containing(q));
    const { rows, total } = await selectPage<ReturnRow>(
      this.db,
      { columns: COLUMNS, from: 'returns', orderBy: `${sortedBy(f.sort, f.order)}, id` },
      filter,
      f.page,
      f.limit,
    );
    return { items: rows.map(toReturnView), total, page: f.page, limit: f.limit };
  }

  get(id: string): Promise<ReturnView> {
    return this.view(id);
  }

  /** PUT /api/admin/returns/{id}: one staff step. */
  async act(id: string, a: StaffAction, staff: Principal): Promise<ReturnView> {
    const found = await this.row(id);
    if (!found) throw new NotFoundError();
    const orderId = found.order_id;
    const by = `staff:${staff.id}`;
    const step = { returnId: id, orderId, by };
    switch (a.action) {
      case 'approve':
      case 'refuse': {
        const { subjectId } = await this.orderFor(orderId, null);
        const note = a.note?.trim() ?? '';
        await this.decide(orderId, { type: a.action === 'approve' ? 'ApproveReturn' : 'RefuseReturn', ...step, subjectId, note });
        break;
      }
      case 'receive':
        await this.receive(orderId, id, by);
        break;
      case 'refund':
        await this.refund(orderId, id, a.restocking_fee ?? 0, staff);
        break;
      case 'exchange':
        await this.exchange(orderId, id, a.exchange_variant_id, by);
        break;
    }
    return this.view(id);
  }

  /** The pieces came back: each stocked line's units return to its variant (keyed by the return: once), then the step. */
  private async receive(orderId: string, id: string, by: string) {
    const r = (await this.state(orderId)).returns[id];
    if (!r) throw new NotFoundError();
    if (r.status === 'approved') {
      for (const l of r.lines) {
        if (!l.variant_id) continue; // a line of an order placed before variants: no stock to return to
        try {
          await this.commands.execute(
            new ReturnStockCommand(l.variant_id, orderId, l.quantity, 'return received', by, `return:${id}:${l.line}`),
          );
        } catch (err) {
          // A made-to-order variant has no stock; a line whose units the order never held (unstocked when sold) neither.
          if (!(err instanceof NotFoundError) && !(err instanceof ConflictError)) throw err;
          this.logger.log(`return ${id} line ${l.line}: no units back to stock (${err.message})`);
        }
      }
    }
    await this.decide(orderId, { type: 'ReceiveReturn', ...base(id, orderId, by) });
  }

  /**
   * The refund: the returned lines' price less the restocking fee, through the payments part's staff refund. The
   * refund itself runs under one idempotency key per return, so ten staff pressing at once refund once; the step
   * is then appended at the revision read (the others find it refunded).
   */
  private async refund(orderId: string, id: string, fee: number, staff: Principal) {
    const by = `staff:${staff.id}`;
    const state = await this.state(orderId);
    const r = state.returns[id];
    if (!r) throw new NotFoundError();
    if (r.status === 'refunded') return;
    // The decider's checks first (received, the fee), before any money moves.
    orderReturns.decide({ type: 'RefundReturn', ...base(id, orderId, by), refundId: 'check', restockingFeeCents: fee }, state);
    const amount = returnLinesCents(r) - fee;
    let refundId = 'none';
    if (amount > 0) {
      const refund = await this.idempotency.run(`return-refund:${id}`, 'refund', { amount, fee }, () =>
        this.commands.execute(new StaffRefundCommand(orderId, amount, `Return ${id.slice(0, 8).toUpperCase()}`, false, staff.id)),
      );
      refundId = refund.refund_id;
    }
    await this.decide(orderId, { type: 'RefundReturn', ...base(id, orderId, by), refundId, restockingFeeCents: fee });
  }

  /** Another size of the same piece: its unit reserved under the return's id (refused when sold out), then the step. */
  private async exchange(orderId: string, id: string, variantId: string | undefined, by: string) {
    if (!variantId) throw new BadInputError('exchange_variant_id must name the size sent instead', 'exchange_variant_id');
    const state = await this.state(orderId);
    const r = state.returns[id];
    if (!r) throw new NotFoundError();
    if (r.status === 'exchanged' && r.exchangeVariantId === variantId) return;
    orderReturns.decide({ type: 'ExchangeReturn', ...base(id, orderId, by), variantId }, state);
    const line = r.lines[0];
    const [product] = await this.queries.execute(new ProductsByIdsQuery([line.product_id.toLowerCase()]));
    const variant = product?.variants.find((v) => v.variant_id === variantId);
    if (!product || !variant) throw new BadInputError('exchange_variant_id is not a size of the same piece', 'exchange_variant_id');
    if (variant.stock_mode === 'stocked') {
      const label = Object.values(variant.options).join(' / ');
      await this.commands.execute(
        new ReserveExchangeUnitCommand(id, variantId, product.id, label ? `${product.name} (${label})` : product.name),
      );
    }
    await this.decide(orderId, { type: 'ExchangeReturn', ...base(id, orderId, by), variantId });
  }
}

const base = (returnId: string, orderId: string, by: string) => ({ returnId, orderId, by });
