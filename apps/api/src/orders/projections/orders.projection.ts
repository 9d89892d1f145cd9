import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { ERASED } from '../../platform/privacy/personal-data';
import { assertNever, CUSTOMER_DELETED, CustomerDeleted, OrderEvent, OrderLineData, PaymentEvent } from '@facet/contracts';
import { legacyLabelledRowsOf, subjectsErasedBy } from '../../platform/privacy/erasure-match';
import { FoldProjection, idsIn, ReadModel, ReadModelProjection } from '../../platform/projections';
import { asTextParameter as text, uuidKey } from '../../platform/projections/row-values';
import { ORDER_EVENT_TYPES } from '../domain/order';

/**
 * What rm.orders reads: the order's events, the payments' refunds (the money given back) and the customers'
 * erasure (the person leaves every read model).
 */
type OrdersProjectionEvent = OrderEvent | Extract<PaymentEvent, { type: 'PaymentRefunded' | 'PaymentDisputed' }> | CustomerDeleted;
type OrderRequestedEvent = RecordedEvent<Extract<OrderEvent, { type: 'OrderRequested' }>>;

/** The rm.orders row of an OrderRequested event. */
function orderRow(event: OrderRequestedEvent): Record<string, unknown> {
  const d = event.data;
  // One object filled in place (not spreads): a replay builds a row per order.
  const row = orderFields(event);
  // Replayed after an erasure, the sealed blocks open as ERASED: the row then reads as the live purge leaves it,
  // subject included (a guest's: once the erasure's key is gone, its CustomerDeleted no longer names it).
  if ((d.shipping as unknown) === ERASED || (d.payment as unknown) === ERASED)
    return Object.assign(row, ERASED_ORDER_PERSON, { subject_id: ERASED, items: erasedLines(row.items) });
  const s = d.shipping ?? null;
  row.first_name = s?.first_name ?? null;
  row.last_name = s?.last_name ?? null;
  row.email = s?.email ?? null;
  row.phone = s?.phone ?? null;
  row.address = s
    ? { address: s.address, apartment: s.apartment, city: s.city, state: s.state, zip_code: s.zip_code, country: s.country }
    : null;
  row.card_name = d.payment?.card_name ?? null;
  row.last_4 = d.payment?.last_4 ?? null;
  return row;
}

/** An erased person's fields in rm.orders, as both the live purge and a replay write them. */
const ERASED_ORDER_PERSON = {
  first_name: ERASED,
  last_name: ERASED,
  email: ERASED,
  phone: ERASED,
  address: null,
  card_name: ERASED,
  last_4: null,
  card_last_4: null,
};

/**
 * An erased person's lines: each engraving reads "erased" ('' and absent ones stay so), as both the live purge
 * (ERASED_LINES_SQL) and a replay write them. Events from before engravings were sealed hold them in clear text:
 * this is what hides those in a replay.
 */
function erasedLines(items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((l: unknown) =>
    l && typeof l === 'object' && typeof (l as OrderLineData).engraving === 'string' && (l as OrderLineData).engraving !== ''
      ? { ...(l as OrderLineData), engraving: ERASED }
      : l,
  );
}

/** erasedLines in SQL, for the purge: `$n` is the placeholder's parameter. */
const erasedLinesSql = (param: string) => `CASE WHEN jsonb_typeof(items) = 'array' THEN (
    SELECT COALESCE(jsonb_agg(CASE WHEN jsonb_typeof(l -> 'engraving') = 'string' AND l ->> 'engraving' <> ''
      THEN jsonb_set(l, '{engraving}', to_jsonb(${param}::text)) ELSE l END ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements(items) WITH ORDINALITY AS e(l, n)) ELSE items END`;

/** The rm.orders columns of an OrderRequested event that are not the person's. */
function orderFields(event: OrderRequestedEvent): Record<string, unknown> {
  const d = event.data;
  const at = event.metadata.occurredAt;
  return {
    id: d.order_id,
    kind: d.kind,
    status: d.status,
    payment_status: d.payment_status,
    customer_id: d.customer_id,
    subject_id: d.subject_id,
    items: d.items,
    subtotal_cents: d.subtotal_cents,
    shipping_cents: d.shipping_cents,
    tax_cents: d.tax_cents,
    total_cents: d.total_cents,
    version: event.revision,
    created_at: at,
    updated_at: at,
    pay_by: d.pay_by ?? null,
    // What the updates set, at the columns' defaults: every new row has the same columns, and all go in one COPY.
    paid_at: null,
    delivered_at: null,
    shipped_at: null,
    carrier: null,
    tracking_number: null,
    payment_session_id: null,
    refunded_cents: 0,
    card_last_4: null,
    disputed_at: null,
  };
}

/** An order's row in rm.orders: every column a projected event writes. */
export type OrderRow = Record<string, unknown>;

/**
 * A bigint column plus an amount, as PostgreSQL adds them: exact, a number while it is one, else its decimal
 * digits. A fraction or a non-number throws, as the bigint parameter was refused.
 */
function addCents(cents: unknown, amount: unknown): number | string {
  const sum = BigInt(cents as string | number) + BigInt(amount as string | number);
  return sum >= BigInt(Number.MIN_SAFE_INTEGER) && sum <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(sum) : sum.toString();
}

/** SQL's = on two text values: a NULL on either side is no match. */
const sameText = (a: unknown, b: unknown) => a != null && b != null && `${a as string}` === `${b as string}`;

/** The accounts among a batch's customers that are already erased (rm.orders_erased_customers). */
type ErasedCustomers = ReadonlySet<string>;

const placer = (event: RecordedEvent<OrdersProjectionEvent>) => (event.type === 'OrderRequested' ? event.data.customer_id : null);

/** One order event's effect on its row (null: no row yet, and an update of none leaves none). */
function evolveOrder(
  row: OrderRow | null,
  event: RecordedEvent<OrdersProjectionEvent>,
  erased: ErasedCustomers = new Set(),
): OrderRow | null {
  if (event.type === 'OrderRequested') {
    // The first of two events placing one order wins, as the insert's ON CONFLICT DO NOTHING did.
    if (row) return row;
    const placed: OrderRow = { ...orderRow(event), id: uuidKey(event.data.order_id) };
    const customer = event.data.customer_id;
    // Placed while the account was being erased, so recorded after the purge: live, its sealed fields may have
    // opened in the moment before the key was deleted; a replay opens them as ERASED but keeps the account. Either
    // way the purge's placeholders, and no account.
    if (typeof customer !== 'string' || !erased.has(customer)) return placed;
    return Object.assign(placed, ERASED_ORDER_PERSON, { customer_id: null, subject_id: ERASED, items: erasedLines(placed.items) });
  }
  if (row === null) return null;
  const at = event.metadata.occurredAt;
  const version = event.revision;
  switch (event.type) {
    case 'OrderStatusChanged': {
      // A move to shipped carries its carrier and tracking number (absent on events before issue 41).
      // Text values as the statement's parameters stored them (text(): an odd value as node-postgres sent it).
      const to = text(event.data.to);
      const shipment = to === 'shipped' ? event.data.shipment : undefined;
      const tracking = text(shipment?.tracking_number);
      return {
        ...row,
        status: to,
        version,
        updated_at: at,
        delivered_at: to === 'delivered' ? at : row.delivered_at,
        shipped_at: to === 'shipped' ? at : row.shipped_at,
        carrier: text(shipment?.carrier) ?? row.carrier,
        // An erased person's row reads "erased" (an event from before tracking numbers were sealed holds it in clear).
        tracking_number: row.subject_id === ERASED && tracking !== null ? ERASED : (tracking ?? row.tracking_number),
      };
    }
    case 'OrderPaid':
      return {
        ...row,
        status: 'processing',
        payment_status: 'paid',
        paid_at: at,
        payment_session_id: text(event.data.session_id),
        // The card shown is the one the provider charged (version 2; none before, or on an order already erased).
        card_last_4: row.subject_id === ERASED ? null : text(event.data.card_last_4),
        version,
        updated_at: at,
      };
    case 'OrderPaymentFailed':
      // A declined or abandoned payment leaves a pending order awaiting payment (see the order decider).
      return {
        ...row,
        payment_status: text(event.data.payment_status),
        status: row.status === 'pending' ? 'awaiting_payment' : row.status,
        payment_session_id: sameText(row.payment_session_id, text(event.data.session_id)) ? null : row.payment_session_id,
        version,
        updated_at: at,
      };
    case 'OrderCheckoutOpened':
      return { ...row, payment_session_id: text(event.data.session_id), version, updated_at: at };
    case 'OrderExpired':
      return { ...row, status: 'expired', payment_status: 'expired', payment_session_id: null, version, updated_at: at };
    case 'OrderPaymentRejected':
      return { ...row, payment_status: row.payment_status === 'paid' ? 'paid' : 'refunded', version, updated_at: at };
    case 'OrderNoteAdded':
    case 'ConsultationHoldConfirmed':
    case 'ConsultationHoldLapsed':
      // A note only, or a consultation's hold confirmed or lapsed (its units: rm.stock_reservations): it lives in
      // the order's history (the audit stream); the row's version moves.
      return { ...row, version, updated_at: at };
    case 'OrderRefundRequested':
      // A paid order cancelled by staff: its payment is being given back (refunded_cents moves with PaymentRefunded).
      return { ...row, payment_status: 'refunded', version, updated_at: at };
    case 'PaymentRefunded':
      // On the payment's stream: the revision is not the order's, so only the money moves.
      return { ...row, refunded_cents: addCents(row.refunded_cents, event.data.amount_cents), updated_at: at };
    case 'PaymentDisputed':
      // The order is flagged for staff from the first dispute on (each is listed among the payment alerts).
      return { ...row, disputed_at: row.disputed_at ?? at, updated_at: at };
    case CUSTOMER_DELETED:
      return row; // keyOf gives it no row: its work is the erasure effect's
    default:
      return assertNever(event);
  }
}

/**
 * rm.orders declared as a fold: each order's row from its events. An order an erased account placed (recorded
 * after the purge) reads as the purge left the others: the erased accounts are the fold's context. An erasure
 * reaches every row of its person: an effect, since those rows are not the event's own.
 */
export const ordersReadModel: ReadModel<OrdersProjectionEvent, OrderRow, ErasedCustomers> = {
  name: 'orders',
  table: 'orders',
  key: 'id',
  eventTypes: [...ORDER_EVENT_TYPES, 'PaymentRefunded', 'PaymentDisputed', CUSTOMER_DELETED],
  keyOf: (event) => (event.type === CUSTOMER_DELETED ? null : uuidKey(event.data.order_id)),
  context: { load: (tx, events) => idsIn(tx, 'orders_erased_customers', 'customer_id', events.map(placer)) },
  evolve: evolveOrder,
  effects: {
    [CUSTOMER_DELETED]: {
      name: "erase the customer's orders",
      async run(tx, event) {
        const deleted = event.data;
        const customerId = deleted.customer_id ?? null;
        const email = deleted.email ? String(deleted.email).toLowerCase() : null;
        const subjects = subjectsErasedBy(deleted);
        const legacy = await legacyLabelledRowsOf(tx, 'orders', { subject: 'subject_id', email: 'email' }, deleted);
        await tx.query(
          `UPDATE orders SET first_name = $4, last_name = $4, email = $4, phone = $4, address = NULL, card_name = $4, last_4 = NULL,
             card_last_4 = NULL, customer_id = NULL, subject_id = $4, items = ${erasedLinesSql('$4')},
             tracking_number = CASE WHEN tracking_number IS NULL THEN NULL ELSE $4 END
           WHERE ($1::text IS NOT NULL AND customer_id = $1) OR subject_id = ANY($2::text[]) OR ($3::text IS NOT NULL AND lower(email) = $3)
             OR id = ANY($5::uuid[])`,
          [customerId, subjects, email, ERASED, legacy],
        );
        if (customerId)
          await tx.query('INSERT INTO orders_erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', [customerId]);
      },
    },
  },
  /** rm.order_counts, counted once after a replay's bulk pass (its triggers, migration 117, come after). */
  async afterBulkPass(tx: Tx): Promise<void> {
    await tx.query(
      `DELETE FROM order_counts;
       INSERT INTO order_counts (status, kind, payment_status, n) SELECT status, kind, payment_status, count(*) FROM orders GROUP BY 1, 2, 3`,
    );
  },
};

/** rm.orders: orders and consultation requests, personal data opened ("erased" once its person is), run by the platform. */
@Injectable()
@ReadModelProjection()
export class OrdersProjection extends FoldProjection<OrdersProjectionEvent> {
  constructor() {
    super(ordersReadModel);
  }
}
