import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  carrierById,
  isPayableOrder,
  OrderPage,
  OrderTimelineEntry,
  orderStatusLabel,
  orderStatusMessage,
  paymentStatusLabel,
  trackingUrl,
} from '@facet/contracts';
import { Principal } from '../../platform/auth/principal';
import { DatabaseService } from '../../platform/database/database.service';
import { NotFoundError } from '../../platform/domain/errors';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { ERASED } from '../../platform/privacy/personal-data';
import { OrderEvent, orderStream } from '../domain/order';
import { isValidOrderLinkToken } from '../order-link';
import { OrderRow, orderReference } from './order-views';

/**
 * The shopper's page of one order (issue 41). Shown to its signed-in customer, to whoever holds the signed
 * link of its mails (`token`), and to the browser that placed it (its order-access cookie: `cookieOrders`);
 * anyone else gets 404, as for an order that does not exist.
 */
export class GetOrderPageQuery extends Query<OrderPage> {
  constructor(
    readonly id: string,
    readonly principal: Principal | null,
    readonly token: unknown,
    readonly cookieOrders: readonly string[],
  ) {
    super();
  }
}

export interface OrderPageRow extends OrderRow {
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: Date | null;
}

/**
 * Whether the caller may see the order's page: its customer, its mail's signed link, or the browser that placed it.
 * Never once its person is erased (the row's subject reads "erased"): the link in a mail they received, valid for
 * 180 days, and the placing browser's cookie then open nothing, as for an order that does not exist.
 */
export function mayReadOrderPage(
  row: Pick<OrderRow, 'id' | 'customer_id' | 'subject_id'>,
  q: Pick<GetOrderPageQuery, 'principal' | 'token' | 'cookieOrders'>,
): boolean {
  if (row.subject_id === ERASED) return false;
  if (q.principal?.kind === 'customer' && row.customer_id === q.principal.id) return true;
  if (isValidOrderLinkToken(row.id, q.token)) return true;
  return q.cookieOrders.includes(row.id.toLowerCase());
}

/** The order's life as its shopper reads it: each status reached, with the notes staff chose to share (never the others). */
export function customerTimeline(events: { type: string; data: unknown; metadata: { occurredAt: string } }[]): OrderTimelineEntry[] {
  const out: OrderTimelineEntry[] = [];
  const shared = (d: { shared?: boolean; note?: string | null }) =>
    d.shared === true && typeof d.note === 'string' && d.note !== ERASED ? d.note : '';
  for (const e of events as (OrderEvent & { metadata: { occurredAt: string } })[]) {
    const at = e.metadata.occurredAt;
    switch (e.type) {
      case 'OrderRequested':
        out.push({
          at,
          status: e.data.status,
          label: e.data.kind === 'consultation' ? 'Consultation requested' : 'Order placed',
          note: '',
        });
        break;
      case 'OrderStatusChanged':
        out.push({ at, status: e.data.to, label: orderStatusLabel(e.data.to), note: shared(e.data) });
        break;
      case 'OrderNoteAdded': {
        const note = shared(e.data);
        if (note) out.push({ at, status: e.data.status, label: 'A note from our atelier', note });
        break;
      }
      case 'OrderPaid':
        out.push({ at, status: 'processing', label: 'Payment received', note: '' });
        break;
      case 'OrderPaymentFailed':
        out.push({
          at,
          status: 'awaiting_payment',
          label:
            e.data.payment_status === 'cancelled'
              ? 'Payment cancelled by the shopper'
              : e.data.payment_status === 'expired'
                ? 'Payment not completed'
                : 'Payment did not go through',
          note: '',
        });
        break;
      case 'OrderExpired':
        out.push({ at, status: 'expired', label: 'Expired unpaid', note: '' });
        break;
      case 'OrderRefundRequested':
        out.push({ at, status: 'refunded', label: 'Refund on its way', note: '' });
        break;
      default:
        break;
    }
  }
  return out;
}

const present = (v: string | null | undefined) => (v && v !== ERASED ? v : '');

export function toOrderPage(row: OrderPageRow, timeline: OrderTimelineEntry[]): OrderPage {
  const a = row.address;
  const name = [present(row.first_name), present(row.last_name)].filter(Boolean).join(' ');
  const carrier = carrierById(row.carrier);
  return {
    id: row.id,
    reference: orderReference(row.id),
    kind: row.kind,
    status: row.status,
    status_label: orderStatusLabel(row.status),
    status_message: orderStatusMessage(row.status, row.delivered_at ? new Date(row.delivered_at).toISOString() : null, row.payment_status),
    payment_status: row.payment_status,
    payment_label: paymentStatusLabel(row.payment_status),
    can_pay: isPayableOrder(row),
    // Held until its pay-by time, the end of its payment session (payments never lets a session outlast it).
    held_until: row.kind === 'card' && isPayableOrder(row) && row.pay_by ? new Date(row.pay_by).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    items: row.items.map((l) => ({
      id: l.product_id,
      name: l.product_name,
      image: l.image,
      quantity: l.quantity,
      price: l.unit_price_cents / 100,
      variant_options: l.variant_options ?? null,
      engraving: l.engraving ?? '',
    })),
    subtotal: row.subtotal_cents / 100,
    shipping_cost: row.shipping_cents / 100,
    tax: row.tax_cents / 100,
    total: row.total_cents / 100,
    refunded: Number(row.refunded_cents ?? 0) / 100,
    ship_to: a
      ? {
          name,
          lines: [
            a.address,
            a.apartment,
            [a.city, [a.state, a.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
            a.country,
          ].filter((l): l is string => Boolean(l)),
        }
      : null,
    card_last_4: present(row.card_last_4) || null,
    shipment:
      row.carrier && row.tracking_number && row.tracking_number !== ERASED
        ? {
            carrier: row.carrier,
            carrier_name: carrier?.name ?? row.carrier,
            tracking_number: row.tracking_number,
            tracking_url: trackingUrl(row.carrier, row.tracking_number),
            shipped_at: row.shipped_at ? new Date(row.shipped_at).toISOString() : null,
            delivered_at: row.status === 'delivered' && row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
          }
        : null,
    timeline,
  };
}

@QueryHandler(GetOrderPageQuery)
export class GetOrderPageHandler implements IQueryHandler<GetOrderPageQuery, OrderPage> {
  constructor(
    private readonly db: DatabaseService,
    private readonly es: EventSourcing,
  ) {}

  async execute(q: GetOrderPageQuery): Promise<OrderPage> {
    const row = await this.db.one<OrderPageRow>('SELECT * FROM orders WHERE id = $1', [q.id]);
    if (!row || !mayReadOrderPage(row, q)) throw new NotFoundError();
    return toOrderPage(row, customerTimeline(await this.es.load(orderStream(row.id))));
  }
}
