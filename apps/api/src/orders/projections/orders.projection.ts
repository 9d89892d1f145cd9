import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { ERASED } from '../../platform/privacy/personal-data';
import { assertNever, CUSTOMER_DELETED, CustomerDeleted, OrderEvent, OrderLineData, PaymentEvent } from '@facet/contracts';
import { legacyLabelledRowsOf, subjectsErasedBy } from '../../platform/privacy/erasure-match';
import { insertRows, Projection, reachesPostgresAsIs, ReadModelProjection } from '../../platform/projections/projection';
import { ORDER_EVENT_TYPES } from '../domain/order';

/**
 * What rm.orders reads: the order's events, the payments' refunds (the money given back) and the customers'
 * erasure (the person leaves every read model).
 */
type OrdersProjectionEvent = OrderEvent | Extract<PaymentEvent, { type: 'PaymentRefunded' }> | CustomerDeleted;
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

/**
 * A shipment's tracking number as rm.orders keeps it: "erased" on the row of an erased person (an event from before
 * tracking numbers were sealed holds it in clear text), else the new one or the one it had.
 */
const trackingSql = (row: string, value: string) =>
  `CASE WHEN ${row}subject_id = '${ERASED}' AND ${value} IS NOT NULL THEN '${ERASED}' ELSE COALESCE(${value}, ${row}tracking_number) END`;

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
    // What the updates set, at the columns' defaults: a new row that took its batch's updates (foldIntoRow)
    // has the same columns as the others, and all go in one COPY.
    paid_at: null,
    delivered_at: null,
    shipped_at: null,
    carrier: null,
    tracking_number: null,
    payment_session_id: null,
    refunded_cents: 0,
    card_last_4: null,
  };
}

/** The updates a batch folds: every event the projection reads but a new order and an erasure. */
type FoldedType = Exclude<OrdersProjectionEvent['type'], 'OrderRequested' | typeof CUSTOMER_DELETED>;
interface FoldedUpdate {
  /** The order's id as a uuid reads it (lower case hex digits only): two spellings of one order share a wave. */
  order: string;
  event: RecordedEvent<OrdersProjectionEvent>;
  /** Its parameters in FOLDED_SQL's order, each the same value apply's statement takes. */
  values: unknown[];
}

/**
 * Each update of apply as one statement over arrays (ids distinct: one wave), same expressions per row, each array
 * typed as apply's parameter is (the column it is written to or compared with).
 */
const FOLDED_SQL: Record<FoldedType, string> = {
  OrderStatusChanged: `UPDATE orders o SET status = v.status, version = v.version, updated_at = v.at,
      delivered_at = CASE WHEN v.status = 'delivered' THEN v.at ELSE o.delivered_at END,
      carrier = COALESCE(v.carrier, o.carrier), tracking_number = ${trackingSql('o.', 'v.tracking_number')},
      shipped_at = CASE WHEN v.status = 'shipped' THEN v.at ELSE o.shipped_at END
    FROM unnest($1::uuid[], $2::text[], $3::int4[], $4::timestamptz[], $5::text[], $6::text[]) AS v(id, status, version, at, carrier, tracking_number)
    WHERE o.id = v.id`,
  OrderPaid: `UPDATE orders o SET status = 'processing', payment_status = 'paid', paid_at = v.at, payment_session_id = v.session_id,
      card_last_4 = CASE WHEN o.subject_id = '${ERASED}' THEN NULL ELSE v.card_last_4 END, version = v.version, updated_at = v.at
    FROM unnest($1::uuid[], $2::int4[], $3::timestamptz[], $4::text[], $5::text[]) AS v(id, version, at, session_id, card_last_4)
    WHERE o.id = v.id`,
  OrderPaymentFailed: `UPDATE orders o SET payment_status = v.payment_status,
      status = CASE WHEN o.status = 'pending' THEN 'awaiting_payment' ELSE o.status END,
      payment_session_id = CASE WHEN o.payment_session_id = v.session_id THEN NULL ELSE o.payment_session_id END,
      version = v.version, updated_at = v.at
    FROM unnest($1::uuid[], $2::text[], $3::int4[], $4::timestamptz[], $5::text[]) AS v(id, payment_status, version, at, session_id)
    WHERE o.id = v.id`,
  OrderCheckoutOpened: `UPDATE orders o SET payment_session_id = v.session_id, version = v.version, updated_at = v.at
    FROM unnest($1::uuid[], $2::text[], $3::int4[], $4::timestamptz[]) AS v(id, session_id, version, at) WHERE o.id = v.id`,
  OrderExpired: `UPDATE orders o SET status = 'expired', payment_status = 'expired', payment_session_id = NULL, version = v.version, updated_at = v.at
    FROM unnest($1::uuid[], $2::int4[], $3::timestamptz[]) AS v(id, version, at) WHERE o.id = v.id`,
  OrderPaymentRejected: `UPDATE orders o SET payment_status = CASE WHEN o.payment_status = 'paid' THEN 'paid' ELSE 'refunded' END,
      version = v.version, updated_at = v.at
    FROM unnest($1::uuid[], $2::int4[], $3::timestamptz[]) AS v(id, version, at) WHERE o.id = v.id`,
  OrderNoteAdded: `UPDATE orders o SET version = v.version, updated_at = v.at
    FROM unnest($1::uuid[], $2::int4[], $3::timestamptz[]) AS v(id, version, at) WHERE o.id = v.id`,
  ConsultationHoldConfirmed: `UPDATE orders o SET version = v.version, updated_at = v.at
    FROM unnest($1::uuid[], $2::int4[], $3::timestamptz[]) AS v(id, version, at) WHERE o.id = v.id`,
  ConsultationHoldLapsed: `UPDATE orders o SET version = v.version, updated_at = v.at
    FROM unnest($1::uuid[], $2::int4[], $3::timestamptz[]) AS v(id, version, at) WHERE o.id = v.id`,
  OrderRefundRequested: `UPDATE orders o SET payment_status = 'refunded', version = v.version, updated_at = v.at
    FROM unnest($1::uuid[], $2::int4[], $3::timestamptz[]) AS v(id, version, at) WHERE o.id = v.id`,
  PaymentRefunded: `UPDATE orders o SET refunded_cents = o.refunded_cents + v.amount_cents, updated_at = v.at
    FROM unnest($1::uuid[], $2::int8[], $3::timestamptz[]) AS v(id, amount_cents, at) WHERE o.id = v.id`,
};

/**
 * An update's place in a fold, or null to apply it alone: an erasure, or a value that an array parameter would
 * not send as apply's own parameter does (only strings, numbers and nulls are sent alike; an array inside an array
 * parameter becomes a dimension of it).
 */
function foldable(event: RecordedEvent<OrdersProjectionEvent>): FoldedUpdate | null {
  const at = event.metadata.occurredAt;
  let values: unknown[];
  switch (event.type) {
    case 'OrderRequested':
    case CUSTOMER_DELETED:
      return null;
    case 'OrderStatusChanged': {
      const shipment = event.data.to === 'shipped' ? event.data.shipment : undefined;
      values = [event.data.order_id, event.data.to, event.revision, at, shipment?.carrier ?? null, shipment?.tracking_number ?? null];
      break;
    }
    case 'OrderPaid':
      values = [event.data.order_id, event.revision, at, event.data.session_id, event.data.card_last_4 ?? null];
      break;
    case 'OrderPaymentFailed':
      values = [event.data.order_id, event.data.payment_status, event.revision, at, event.data.session_id];
      break;
    case 'OrderCheckoutOpened':
      values = [event.data.order_id, event.data.session_id, event.revision, at];
      break;
    case 'OrderExpired':
    case 'OrderPaymentRejected':
    case 'OrderNoteAdded':
    case 'ConsultationHoldConfirmed':
    case 'ConsultationHoldLapsed':
    case 'OrderRefundRequested':
      values = [event.data.order_id, event.revision, at];
      break;
    case 'PaymentRefunded':
      values = [event.data.order_id, event.data.amount_cents, at];
      break;
    default:
      return assertNever(event);
  }
  if (!values.every((v) => v === null || v === undefined || typeof v === 'string' || typeof v === 'number')) return null;
  const id: unknown = values[0];
  if (typeof id !== 'string') return null;
  return { order: orderKey(id), event, values };
}

/** The key of an order's id as a uuid reads it (lower-case hex digits only): two spellings of one order are one. */
function orderKey(id: unknown): string {
  return String(id)
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '');
}

/**
 * Makes `update` to a new order's row still waiting to be written, as its statement in apply would make it to the
 * row in the table; false, having changed nothing, when it must go to the table: a refund (bigint arithmetic is
 * PostgreSQL's), or a string PostgreSQL would receive otherwise than JavaScript holds it (a NUL, a lone surrogate).
 */
function foldIntoRow(row: Record<string, unknown>, { event, values }: FoldedUpdate): boolean {
  if (values.some((v) => typeof v === 'string' && !reachesPostgresAsIs(v))) return false;
  const type = event.type as FoldedType;
  switch (type) {
    case 'OrderStatusChanged': {
      const [, to, version, at, carrier, tracking] = values;
      Object.assign(row, { status: to, version, updated_at: at });
      if (to === 'delivered') row.delivered_at = at;
      if (to === 'shipped') row.shipped_at = at;
      row.carrier = carrier ?? row.carrier;
      row.tracking_number = tracking != null && row.subject_id === ERASED ? ERASED : (tracking ?? row.tracking_number);
      return true;
    }
    case 'OrderPaid': {
      const [, version, at, session, card] = values;
      Object.assign(row, {
        status: 'processing',
        payment_status: 'paid',
        paid_at: at,
        payment_session_id: session,
        // The charged card is the person's: an order opened as erased (a replay after the erasure) shows none.
        card_last_4: row.subject_id === ERASED ? null : card,
        version,
        updated_at: at,
      });
      return true;
    }
    case 'OrderPaymentFailed': {
      const [, paymentStatus, version, at, session] = values;
      if (row.status === 'pending') row.status = 'awaiting_payment';
      // SQL's = on text: a NULL on either side is no match.
      // (Both are strings or numbers: foldable lets nothing else through, and the row's came from a fold or is null.)
      const asText = (v: unknown) => `${v as string | number}`;
      if (row.payment_session_id != null && session != null && asText(row.payment_session_id) === asText(session)) {
        row.payment_session_id = null;
      }
      Object.assign(row, { payment_status: paymentStatus, version, updated_at: at });
      return true;
    }
    case 'OrderCheckoutOpened': {
      const [, session, version, at] = values;
      Object.assign(row, { payment_session_id: session, version, updated_at: at });
      return true;
    }
    case 'OrderExpired': {
      const [, version, at] = values;
      Object.assign(row, { status: 'expired', payment_status: 'expired', payment_session_id: null, version, updated_at: at });
      return true;
    }
    case 'OrderPaymentRejected': {
      const [, version, at] = values;
      Object.assign(row, { payment_status: row.payment_status === 'paid' ? 'paid' : 'refunded', version, updated_at: at });
      return true;
    }
    case 'OrderNoteAdded':
    case 'ConsultationHoldConfirmed':
    case 'ConsultationHoldLapsed': {
      const [, version, at] = values;
      Object.assign(row, { version, updated_at: at });
      return true;
    }
    case 'OrderRefundRequested': {
      const [, version, at] = values;
      Object.assign(row, { payment_status: 'refunded', version, updated_at: at });
      return true;
    }
    case 'PaymentRefunded':
      return false;
    default:
      return assertNever(type);
  }
}

/** rm.orders: orders and consultation requests, personal data opened ("erased" once its person is). */
@Injectable()
@ReadModelProjection()
export class OrdersProjection implements Projection<OrdersProjectionEvent> {
  readonly name = 'orders';
  readonly eventTypes: readonly OrdersProjectionEvent['type'][] = [...ORDER_EVENT_TYPES, 'PaymentRefunded', CUSTOMER_DELETED];

  /** Replays and catch-up batches insert runs of new orders in one statement. */
  /** rm.order_counts, counted once after a replay's bulk pass (its triggers, migration 117, come after). */
  async afterBulkPass(tx: Tx): Promise<void> {
    await tx.query(
      `DELETE FROM order_counts;
       INSERT INTO order_counts (status, kind, payment_status, n) SELECT status, kind, payment_status, count(*) FROM orders GROUP BY 1, 2, 3`,
    );
  }

  /**
   * New orders wait until the batch ends, or until something must find them in the table, and then go in one
   * statement; the updates that follow one in the batch (a checkout, a payment, a status change) are made to its
   * waiting row (foldIntoRow), so it is written once, as it ends the batch. The other updates are folded: one
   * multi-row UPDATE per event type and wave, where wave n holds each order's n-th update of the run, so every row
   * still sees its own events in their order (a replay spent 125 of 145 s on one UPDATE per status change). An
   * erasure, or an update whose values the array parameters could carry otherwise, is applied alone.
   */
  async applyBatch(tx: Tx, events: RecordedEvent<OrdersProjectionEvent>[]): Promise<void> {
    /** New orders not yet written, by orderKey, with the updates made to each. */
    const waiting = new Map<string, { row: Record<string, unknown>; updates: FoldedUpdate[] }>();
    let updates: FoldedUpdate[] = [];
    const flush = async () => {
      if (waiting.size) {
        // An order already in the table (its id spelled otherwise by an earlier stream) keeps its row, as the
        // insert's ON CONFLICT DO NOTHING would: the updates made to the waiting row go to the table's instead.
        // Only rows that took updates are looked up; the insert itself skips the others, as it always did.
        const updated = [...waiting.values()].filter((w) => w.updates.length > 0).map((w) => w.row.id);
        const { rows: present } = updated.length
          ? await tx.query<{ id: string }>('SELECT id::text AS id FROM orders WHERE id = ANY($1::uuid[])', [updated])
          : { rows: [] };
        for (const { id } of present) {
          const key = orderKey(id);
          updates.push(...(waiting.get(key)?.updates ?? []));
          waiting.delete(key);
        }
        await this.insertOrders(
          tx,
          [...waiting.values()].map((w) => w.row),
        );
        waiting.clear();
      }
      if (updates.length) await this.applyFolded(tx, updates);
      updates = [];
    };
    for (const event of events) {
      if (event.type === 'OrderRequested') {
        const key = orderKey(event.data.order_id);
        // Two spellings of one new order: the first is inserted and the second not, as in one INSERT.
        if (!waiting.has(key)) waiting.set(key, { row: orderRow(event), updates: [] });
        continue;
      }
      const folded = foldable(event);
      if (!folded) {
        await flush();
        await this.apply(tx, event);
        continue;
      }
      const fresh = waiting.get(folded.order);
      if (fresh && foldIntoRow(fresh.row, folded)) {
        fresh.updates.push(folded);
        continue;
      }
      // An update the row must take in the table: it goes there first.
      if (fresh) await flush();
      updates.push(folded);
    }
    await flush();
  }

  /** Applies the folded updates wave by wave, one statement per type in each (one event alone as apply does). */
  private async applyFolded(tx: Tx, updates: FoldedUpdate[]): Promise<void> {
    const seen = new Map<string, number>();
    const waves: Map<FoldedType, FoldedUpdate[]>[] = [];
    for (const u of updates) {
      const n = seen.get(u.order) ?? 0;
      seen.set(u.order, n + 1);
      const wave = (waves[n] ??= new Map());
      const ofType = wave.get(u.event.type as FoldedType);
      if (ofType) ofType.push(u);
      else wave.set(u.event.type as FoldedType, [u]);
    }
    for (const wave of waves)
      for (const [type, ofType] of wave) {
        if (ofType.length === 1) {
          await this.apply(tx, ofType[0].event);
          continue;
        }
        const columns = ofType[0].values.map((_, c) => ofType.map((u) => u.values[c]));
        await tx.query(FOLDED_SQL[type], columns);
      }
  }

  /**
   * Orders of an account already erased (placed while the erasure ran, so recorded after the purge) keep
   * their row without the person: live, their sealed fields may still have opened in the moment before
   * the key was deleted; a replay opens them as ERASED. Both give the purge's placeholder.
   */
  private async insertOrders(tx: Tx, rows: Record<string, unknown>[]): Promise<void> {
    const ids = [...new Set(rows.map((r) => r.customer_id as string | null).filter((id): id is string => id !== null))];
    const { rows: erased } = ids.length
      ? await tx.query<{ customer_id: string }>('SELECT customer_id FROM orders_erased_customers WHERE customer_id = ANY($1::text[])', [
          ids,
        ])
      : { rows: [] };
    const gone = new Set(erased.map((r) => r.customer_id));
    await insertRows(
      tx,
      'orders',
      rows.map((r) =>
        gone.has(r.customer_id as string)
          ? Object.assign(r, ERASED_ORDER_PERSON, { customer_id: null, subject_id: ERASED, items: erasedLines(r.items) })
          : r,
      ),
    );
  }

  async apply(tx: Tx, event: RecordedEvent<OrdersProjectionEvent>): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'OrderRequested':
        await this.insertOrders(tx, [orderRow(event)]);
        break;
      case 'OrderStatusChanged': {
        // A move to shipped carries its carrier and tracking number (absent on events before issue 41).
        const shipment = event.data.to === 'shipped' ? event.data.shipment : undefined;
        await tx.query(
          `UPDATE orders SET status = $2, version = $3, updated_at = $4, delivered_at = CASE WHEN $2 = 'delivered' THEN $4::timestamptz ELSE delivered_at END,
             carrier = COALESCE($5, carrier), tracking_number = ${trackingSql('', '$6::text')},
             shipped_at = CASE WHEN $2 = 'shipped' THEN $4::timestamptz ELSE shipped_at END
           WHERE id = $1`,
          [event.data.order_id, event.data.to, event.revision, at, shipment?.carrier ?? null, shipment?.tracking_number ?? null],
        );
        break;
      }
      case 'OrderPaid':
        // The card shown is the one the provider charged (version 2; null before, or for an order already erased).
        await tx.query(
          `UPDATE orders SET status = 'processing', payment_status = 'paid', paid_at = $3, payment_session_id = $4,
             card_last_4 = CASE WHEN subject_id = $6 THEN NULL ELSE $5::text END, version = $2, updated_at = $3 WHERE id = $1`,
          [event.data.order_id, event.revision, at, event.data.session_id, event.data.card_last_4 ?? null, ERASED],
        );
        break;
      case 'OrderPaymentFailed':
        // A declined or abandoned payment leaves a pending order awaiting payment (see the order decider).
        await tx.query(
          `UPDATE orders SET payment_status = $2, status = CASE WHEN status = 'pending' THEN 'awaiting_payment' ELSE status END,
             payment_session_id = CASE WHEN payment_session_id = $5 THEN NULL ELSE payment_session_id END, version = $3, updated_at = $4
           WHERE id = $1`,
          [event.data.order_id, event.data.payment_status, event.revision, at, event.data.session_id],
        );
        break;
      case 'OrderCheckoutOpened':
        await tx.query(`UPDATE orders SET payment_session_id = $2, version = $3, updated_at = $4 WHERE id = $1`, [
          event.data.order_id,
          event.data.session_id,
          event.revision,
          at,
        ]);
        break;
      case 'OrderExpired':
        await tx.query(
          `UPDATE orders SET status = 'expired', payment_status = 'expired', payment_session_id = NULL, version = $2, updated_at = $3 WHERE id = $1`,
          [event.data.order_id, event.revision, at],
        );
        break;
      case 'OrderPaymentRejected':
        await tx.query(
          `UPDATE orders SET payment_status = CASE WHEN payment_status = 'paid' THEN 'paid' ELSE 'refunded' END, version = $2, updated_at = $3 WHERE id = $1`,
          [event.data.order_id, event.revision, at],
        );
        break;
      case 'OrderNoteAdded':
      case 'ConsultationHoldConfirmed':
      case 'ConsultationHoldLapsed':
        // A note only, or a consultation's hold confirmed or lapsed (its units: rm.stock_reservations) (it lives in the order's history, the audit stream): the row's version moves.
        await tx.query(`UPDATE orders SET version = $2, updated_at = $3 WHERE id = $1`, [event.data.order_id, event.revision, at]);
        break;
      case 'OrderRefundRequested':
        // A paid order cancelled by staff: its payment is being given back (refunded_cents moves with PaymentRefunded).
        await tx.query(`UPDATE orders SET payment_status = 'refunded', version = $2, updated_at = $3 WHERE id = $1`, [
          event.data.order_id,
          event.revision,
          at,
        ]);
        break;
      case 'PaymentRefunded':
        // On the payment's stream: the revision is not the order's, so only the money moves.
        await tx.query(`UPDATE orders SET refunded_cents = refunded_cents + $2, updated_at = $3 WHERE id = $1`, [
          event.data.order_id,
          event.data.amount_cents,
          at,
        ]);
        break;
      case CUSTOMER_DELETED: {
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
        break;
      }
      default:
        assertNever(event);
    }
  }
}
