import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { guestSubject } from '../../platform/privacy/personal-fields';
import { Projection, ReadModelProjection } from '../../platform/projections/projection';
import { ORDER_EVENT_TYPES, OrderRequestedData } from '../domain/order';

/** The accounts part's erasure event: the person leaves every read model. */
export const CUSTOMER_DELETED = 'CustomerDeleted';

/** rm.orders: orders and consultation requests, personal data opened (null once erased). */
@Injectable()
@ReadModelProjection()
export class OrdersProjection implements Projection {
  readonly name = 'orders';
  readonly eventTypes = [...ORDER_EVENT_TYPES, CUSTOMER_DELETED];

  async apply(tx: Tx, event: RecordedEvent): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'OrderRequested': {
        const d = event.data as OrderRequestedData;
        const s = d.shipping ?? null;
        await tx.query(
          `INSERT INTO orders (id, kind, status, payment_status, customer_id, subject_id, first_name, last_name, email, phone, address,
             card_name, last_4, items, subtotal_cents, shipping_cents, tax_cents, total_cents, version, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$20) ON CONFLICT (id) DO NOTHING`,
          [
            d.order_id, d.kind, d.status, d.payment_status, d.customer_id, d.subject_id,
            s?.first_name ?? null, s?.last_name ?? null, s?.email ?? null, s?.phone ?? null,
            s ? JSON.stringify({ address: s.address, apartment: s.apartment, city: s.city, state: s.state, zip_code: s.zip_code, country: s.country }) : null,
            d.payment?.card_name ?? null, d.payment?.last_4 ?? null, JSON.stringify(d.items),
            d.subtotal_cents, d.shipping_cents, d.tax_cents, d.total_cents, event.revision, at,
          ],
        );
        break;
      }
      case 'OrderStatusChanged':
        await tx.query(
          `UPDATE orders SET status = $2, version = $3, updated_at = $4, delivered_at = CASE WHEN $2 = 'delivered' THEN $4::timestamptz ELSE delivered_at END
           WHERE id = $1`,
          [event.data.order_id, event.data.to, event.revision, at],
        );
        break;
      case 'OrderPaid':
        await tx.query(
          `UPDATE orders SET status = 'processing', payment_status = 'paid', paid_at = $3, version = $2, updated_at = $3 WHERE id = $1`,
          [event.data.order_id, event.revision, at],
        );
        break;
      case 'OrderPaymentFailed':
        await tx.query(`UPDATE orders SET payment_status = $2, version = $3, updated_at = $4 WHERE id = $1`, [
          event.data.order_id, event.data.payment_status, event.revision, at,
        ]);
        break;
      case CUSTOMER_DELETED: {
        // The accounts part's event carries customer_id and guest_subject (guestSubject of the e-mail); an e-mail is honoured too.
        const customerId = event.data?.customer_id ?? null;
        const email = event.data?.email ? String(event.data.email).toLowerCase() : null;
        const subjects = [customerId ? `customer:${customerId}` : null, event.data?.guest_subject ?? null, email ? guestSubject(email) : null].filter(Boolean);
        await tx.query(
          `UPDATE orders SET first_name = NULL, last_name = NULL, email = NULL, phone = NULL, address = NULL, card_name = NULL, last_4 = NULL,
             customer_id = NULL, subject_id = 'erased'
           WHERE ($1::text IS NOT NULL AND customer_id = $1) OR subject_id = ANY($2::text[]) OR ($3::text IS NOT NULL AND lower(email) = $3)`,
          [customerId, subjects, email],
        );
        break;
      }
    }
  }
}

const TIMELINE_TYPES = [...ORDER_EVENT_TYPES, 'PaymentSessionOpened', 'PaymentSucceeded', 'PaymentFailed', 'PaymentExpired'] as const;

/** What the console shows of an event: no personal data, money in dollars. */
export function timelineSummary(type: string, d: any): Record<string, unknown> {
  switch (type) {
    case 'OrderRequested':
      return { kind: d.kind, status: d.status, payment_status: d.payment_status, lines: d.items.length, total: d.total_cents / 100 };
    case 'OrderStatusChanged':
      return { from: d.from, to: d.to, note: d.note, by: d.by };
    case 'OrderPaid':
      return { session_id: d.session_id, amount: d.amount_cents / 100, currency: d.currency };
    case 'OrderPaymentFailed':
      return { session_id: d.session_id, payment_status: d.payment_status, reason: d.reason };
    case 'PaymentSessionOpened':
      return { session_id: d.session_id, provider: d.provider, amount: d.amount_cents / 100, expires_at: d.expires_at };
    case 'PaymentSucceeded':
      return { session_id: d.session_id, amount: d.amount_cents / 100, method: d.method };
    case 'PaymentFailed':
      return { session_id: d.session_id, reason: d.reason };
    case 'PaymentExpired':
      return { session_id: d.session_id };
    default:
      return {};
  }
}

/** rm.order_timeline: every event about an order (its own and its payments'), for the console. */
@Injectable()
@ReadModelProjection()
export class OrderTimelineProjection implements Projection {
  readonly name = 'order_timeline';
  readonly eventTypes = TIMELINE_TYPES;

  async apply(tx: Tx, event: RecordedEvent): Promise<void> {
    const orderId = event.data?.order_id;
    if (!orderId) return;
    await tx.query(
      `INSERT INTO order_timeline (order_id, event_id, type, occurred_at, actor, summary) VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT DO NOTHING`,
      [orderId, event.metadata.eventId, event.type, event.metadata.occurredAt, JSON.stringify(event.metadata.actor), JSON.stringify(timelineSummary(event.type, event.data))],
    );
  }
}
