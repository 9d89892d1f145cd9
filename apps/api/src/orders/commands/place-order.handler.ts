import { hasVisibleText, onlineOrderLimitMessage, OrderStatus } from '@facet/contracts';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { ProductsByIdsQuery } from '../../catalog';
import { LoginThrottle, ThrottlePolicy } from '../../platform/auth/login-throttle.service';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { DatabaseService } from '../../platform/database/database.service';
import { clientKey, clientNetwork } from '../../platform/http/client-address';
import { BadInputError, ConflictError, DomainError, isConflict } from '../../platform/domain/errors';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { IdempotencyService, IdempotentAttempt } from '../../platform/http/idempotency.service';
import { newOrderKind, order, OrderRequestedData, orderStream, orderSubject, requestedStatuses } from '../domain/order';
import { oneOrderPerCheckout, readModelOrNothing, reusableOrder } from './one-order-per-checkout';
import { priceWantedLines, pricesChangedMessage, productIdsOf, withinOnlineLimit } from '../domain/pricing';
import { ORDER_SETTINGS, OrderSettings } from '../order-settings';
import { ReleaseOrderStockCommand, ReserveOrderStockCommand, StockLine } from '../order-stock.port';
import { OrderRequest, PlaceOrderCommand } from './place-order.command';

@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, { order_id: string }> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly idempotency: IdempotencyService,
    private readonly db: DatabaseService,
    @Inject(ORDER_SETTINGS) private readonly settings: OrderSettings,
    private readonly throttle: LoginThrottle,
    @Inject(FACET_CONFIG) config: FacetConfig,
  ) {
    const t = config.orderThrottle;
    this.policy = { perAccount: t.perShopper, perAddress: t.perClient, windowSeconds: t.windowSeconds, maxSeconds: t.windowSeconds * 16 };
  }

  /** Orders per client network and per shopper (ORDER_THROTTLE_*): a full window makes the next twice as long. */
  private readonly policy: ThrottlePolicy;

  async execute({ request, principal, idempotencyKey, ordersWithAccess, clientIp }: PlaceOrderCommand): Promise<{ order_id: string }> {
    const scope = IdempotencyService.callerScope('orders', principal, request.shipping?.email);
    const customerId = principal?.kind === 'customer' ? principal.id : null;
    // Counted before anything is looked at, in one statement (as sign-in's): a burst evaluates at most the limit.
    if (clientIp !== null) {
      const shopper = customerId ? `customer:${customerId}` : `email:${request.shipping.email.trim().toLowerCase()}`;
      await this.throttle.reserve('order', shopper, clientNetwork(clientIp), this.policy, ORDER_THROTTLED);
    }
    const holder = clientIp === null ? null : clientKey(clientIp);
    return this.idempotency.run(scope, idempotencyKey, request, (attempt) =>
      this.place(request, customerId, attempt, ordersWithAccess, holder),
    );
  }

  /** True when the order named by a key was committed by an earlier attempt (one that crashed before answering). */
  private async committed(orderId: string): Promise<boolean> {
    return (await this.es.store.readStream(orderStream(orderId))).length > 0;
  }

  private async place(
    request: OrderRequest,
    customerId: string | null,
    attempt: IdempotentAttempt | null,
    ordersWithAccess: readonly string[],
    holder: string | null,
  ): Promise<{ order_id: string }> {
    if (attempt?.resumed && (await this.committed(attempt.id))) return { order_id: attempt.id };
    const { status, paymentStatus } = requestedStatuses(request.status, request.payment_status);
    const kind = newOrderKind(status, paymentStatus);
    if (!kind) {
      throw new BadInputError(
        'status and payment_status must be consultation_requested with pending_consultation (a consultation request), or pending with unpaid (a card order).',
        'status',
      );
    }
    // The card is typed once, on the provider's payment page: a card order needs no card details here (the
    // card shown with it is the one the provider charged). A client built to the spec may still send them (an
    // invisible name there reads as none, as optional text does everywhere).
    if (kind === 'card') requireDeliveryAddress(request.shipping);
    if (kind === 'consultation' && !request.shipping.phone?.trim()) throw new BadInputError('Phone number is required', 'shipping.phone');

    const catalogue = await this.queries.execute(new ProductsByIdsQuery(productIdsOf(request.items)));
    const { lines, totals, changed, stock } = priceWantedLines(request.items, catalogue, request, kind);
    if (changed.length) throw new ConflictError(pricesChangedMessage(changed));
    const limit = this.settings.onlineOrderLimitCents;
    if (kind === 'card' && !withinOnlineLimit(totals.totalCents, limit)) throw new BadInputError(onlineOrderLimitMessage(limit), 'total');

    // With an Idempotency-Key the order's id comes from the key: its append ('no stream yet') is the key's record.
    const orderId = attempt?.id ?? randomUUID();
    const s = request.shipping;
    const email = s.email.trim().toLowerCase();
    const data: OrderRequestedData = {
      order_id: orderId,
      kind,
      status: status as OrderStatus,
      payment_status: kind === 'consultation' ? 'pending_consultation' : 'unpaid',
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
      payment: { card_name: request.payment.card_name.trim(), last_4: request.payment.last_4 },
      items: lines,
      subtotal_cents: totals.subtotalCents,
      shipping_cents: totals.shippingCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
      pay_by: kind === 'consultation' ? null : new Date(Date.now() + this.settings.unpaidOrderTtlMs).toISOString(),
    };
    if (kind === 'consultation') return this.record(data, stock, attempt, holder);
    // One order per checkout: a new card attempt (another tab, Pay again from the checkout, a double submit)
    // takes the shopper's order still awaiting payment with the same lines, total and address instead of
    // placing another. The shopper's placements take turns, so a burst of them finds the first one's order.
    return oneOrderPerCheckout(this.db, data.subject_id, async () => {
      const reused = await reusableOrder(this.es, this.db, data, ordersWithAccess, this.settings);
      if (reused) return { order_id: reused };
      const placed = await this.record(data, stock, attempt, holder);
      // The next placement of this shopper looks for it in the read model: it is there before the turn passes.
      await this.visible(placed.order_id);
      return placed;
    });
  }

  /** Until the order's row is readable (bounded: a read model far behind only risks a second order, never a wrong one). */
  private async visible(orderId: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const found = await readModelOrNothing(this.db, (tx) => tx.query('SELECT 1 FROM orders WHERE id = $1', [orderId]));
      if (found.length) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  private async record(
    data: OrderRequestedData,
    stock: readonly StockLine[],
    attempt: IdempotentAttempt | null,
    holder: string | null,
  ): Promise<{ order_id: string }> {
    const orderId = data.order_id;
    // Stocked lines hold their units first, on each variant's own stream (409 "Only N left" when short);
    // the order's id names the reservations, so a retried request (same key, same id) holds them once.
    // A process killed between the two is covered by inventory's sweep (reservations of orders never placed).
    if (stock.length) await this.commands.execute(new ReserveOrderStockCommand(orderId, stock, holder));
    // The pay-by time counts from the placement itself, not from the request's arrival: a burst's checkout
    // turns and the reservations before this can take seconds, which the shopper's window must not lose.
    const placed: OrderRequestedData =
      data.pay_by === null ? data : { ...data, pay_by: new Date(Date.now() + this.settings.unpaidOrderTtlMs).toISOString() };
    try {
      await this.es.decide(orderStream(orderId), order, { type: 'RequestOrder', data: placed }, { newStream: true });
    } catch (err) {
      // Another holder of this key (whose lease ran out) appended it first: that is this key's order, and
      // the reservations (named by the same id) are its own.
      if (attempt && isConflict(err) && (await this.committed(orderId))) return { order_id: orderId };
      if (stock.length)
        await this.releaseUnplaced(
          orderId,
          stock.map((l) => l.variantId),
        );
      throw err;
    }
    return { order_id: orderId };
  }

  /** The order was not recorded: its units go back (a failure here is left to inventory's sweep, which retries). */
  private async releaseUnplaced(orderId: string, variantIds: string[]): Promise<void> {
    await this.commands.execute(new ReleaseOrderStockCommand(orderId, variantIds, 'order_not_placed')).catch(() => undefined);
  }
}

/** The 429 of the order throttle (Retry-After says the seconds). */
const ORDER_THROTTLED = (wait: string) =>
  `Too many orders from this connection or for this shopper. Please try again in ${wait}, or contact us if you need help with a larger order.`;

/**
 * A card order is shipped: it needs the address the checkout form requires (street, city, state, ZIP; the
 * country defaults to US). Filled in means a visible character, as in the form. A consultation request
 * needs none (staff call the shopper).
 */
const DELIVERY_FIELDS = [
  ['address', 'Address is required'],
  ['city', 'City is required'],
  ['state', 'State is required'],
  ['zip_code', 'ZIP code is required'],
] as const;

function requireDeliveryAddress(shipping: OrderRequest['shipping']): void {
  const errors = DELIVERY_FIELDS.filter(([key]) => !hasVisibleText(shipping[key] ?? '')).map(([key, message]) => ({
    field: `shipping.${key}`,
    message,
  }));
  if (errors.length) throw new DomainError(400, `A card order is shipped: ${errors.map((e) => e.message).join('; ')}.`, errors);
}
