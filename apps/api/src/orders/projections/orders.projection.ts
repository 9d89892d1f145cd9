import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { ERASED } from '../../platform/privacy/personal-data';
import { assertNever, CUSTOMER_DELETED, CustomerDeleted, OrderEvent, PaymentEvent } from '@facet/contracts';
import { legacyLabelledRowsOf, subjectsErasedBy } from '../../platform/privacy/erasure-match';
import { inRuns, insertRows, Projection, ReadModelProjection } from '../../platform/projections/projection';
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
    return Object.assign(row, ERASED_ORDER_PERSON, { subject_id: ERASED });
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
};

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
  };
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

  applyBatch(tx: Tx, events: RecordedEvent<OrdersProjectionEvent>[]): Promise<void> {
    return inRuns(events, { OrderRequested: (run) => this.insertOrders(tx, run) }, (e) => this.apply(tx, e));
  }

  /**
   * Orders of an account already erased (placed while the erasure ran, so recorded after the purge) keep
   * their row without the person: live, their sealed fields may still have opened in the moment before
   * the key was deleted; a replay opens them as ERASED. Both give the purge's placeholder.
   */
  private async insertOrders(tx: Tx, events: OrderRequestedEvent[]): Promise<void> {
    const rows = events.map(orderRow);
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
        gone.has(r.customer_id as string) ? Object.assign(r, ERASED_ORDER_PERSON, { customer_id: null, subject_id: ERASED }) : r,
      ),
    );
  }

  async apply(tx: Tx, event: RecordedEvent<OrdersProjectionEvent>): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'OrderRequested':
        await this.insertOrders(tx, [event]);
        break;
      case 'OrderStatusChanged': {
        // A move to shipped carries its carrier and tracking number (absent on events before issue 41).
        const shipment = event.data.to === 'shipped' ? event.data.shipment : undefined;
        await tx.query(
          `UPDATE orders SET status = $2, version = $3, updated_at = $4, delivered_at = CASE WHEN $2 = 'delivered' THEN $4::timestamptz ELSE delivered_at END,
             carrier = COALESCE($5, carrier), tracking_number = COALESCE($6, tracking_number),
             shipped_at = CASE WHEN $2 = 'shipped' THEN $4::timestamptz ELSE shipped_at END
           WHERE id = $1`,
          [event.data.order_id, event.data.to, event.revision, at, shipment?.carrier ?? null, shipment?.tracking_number ?? null],
        );
        break;
      }
      case 'OrderPaid':
        await tx.query(
          `UPDATE orders SET status = 'processing', payment_status = 'paid', paid_at = $3, payment_session_id = $4, version = $2, updated_at = $3 WHERE id = $1`,
          [event.data.order_id, event.revision, at, event.data.session_id],
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
        // A note only (it lives in the order's history, the audit stream): the row's version moves.
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
             customer_id = NULL, subject_id = $4
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
