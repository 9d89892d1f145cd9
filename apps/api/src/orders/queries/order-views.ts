import { isPayableOrder, orderStatusMessage, trackingUrl } from '@facet/contracts';
import { ERASED } from '../../platform/privacy/personal-data';
import { OrderLine } from '../domain/order';

/** A row of rm.orders. */
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
  /** What the order's payment block said (a client's claim, kept but not shown as the card). */
  last_4: string | null;
  /** The last four digits of the card the provider charged (migration 130): the card shown. */
  card_last_4?: string | null;
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
  /** How it was shipped (issue 41; migration 106): null before. */
  carrier?: string | null;
  tracking_number?: string | null;
  shipped_at?: Date | null;
  /** When a dispute was first opened on the order's payment (issue 51; migration 181): null when none. */
  disputed_at?: Date | null;
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
    variant_id: l.variant_id ?? null,
    variant_options: l.variant_options ?? null,
    engraving: l.engraving ?? '',
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
    status_message: orderStatusMessage(row.status, row.delivered_at ? new Date(row.delivered_at).toISOString() : null, row.payment_status),
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
    // The card shown is the card charged: the paying session's, as the provider reported it (never the form's).
    ...(full ? { last_4: row.card_last_4 ?? null } : {}),
  };
}

export function toAdminOrderView(row: OrderRow) {
  return {
    ...toOrderView(row, true),
    customer_id: row.customer_id,
    reference: orderReference(row.id),
    payment_session_id: row.payment_session_id,
    card_name: row.card_name,
    carrier: row.carrier ?? null,
    tracking_number: row.tracking_number ?? null,
    // An erased person's tracking number reads "erased": no carrier link is made of that.
    tracking_url: row.tracking_number === ERASED ? null : trackingUrl(row.carrier, row.tracking_number),
    shipped_at: row.shipped_at ? new Date(row.shipped_at).toISOString() : null,
    // A dispute opened on the payment (Stripe's charge.dispute.created): staff answer it in the provider's dashboard.
    disputed_at: row.disputed_at ? new Date(row.disputed_at).toISOString() : null,
    updated_at: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

/** The short reference shoppers see in mails and on the hosted payment page. */
export function orderReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** An order in a customer's list of their own orders. */
export function toMyOrderView(row: OrderRow) {
  const v = toOrderView(row, true);
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
}

export type OrderView = ReturnType<typeof toOrderView>;
export type MyOrderView = ReturnType<typeof toMyOrderView>;
export type AdminOrderView = ReturnType<typeof toAdminOrderView>;

export interface AdminOrderList {
  items: AdminOrderView[];
  total: number;
  /** The total is an estimate ("about"): a search matched more than ORDER_COUNT_CAP orders. */
  total_estimated?: boolean;
  page: number;
  limit: number;
}
