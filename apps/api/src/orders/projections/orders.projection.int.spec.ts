import { randomUUID } from 'crypto';
import { Pool } from 'pg';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { OrdersProjection } from './orders.projection';

type Event = Parameters<OrdersProjection['apply']>[1];

/** An event as the log hands it to the projection (issue 43: the batch folds the updates between new orders). */
function recorded(type: string, data: Record<string, unknown>, revision: number, second: number): Event {
  return {
    type,
    data,
    streamId: `order-${String(data.order_id)}`,
    revision,
    position: { commit: BigInt(second), prepare: BigInt(second) },
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
      actor: { type: 'anonymous' },
      correlationId: randomUUID(),
      causationId: null,
    },
  } as unknown as RecordedEvent as Event;
}

/**
 * A log's events in order: revisions counted per stream (`streamOf` an order's id; a refund is its payment's
 * first event), and a new card order for buyer `i` named after `name`.
 */
function logOf(streamOf: (orderId: string) => string, name: { first: string; last: string }) {
  let second = 0;
  const revisions = new Map<string, number>();
  const event = (type: string, data: Record<string, unknown>) => {
    const stream = streamOf(String(data.order_id));
    const revision = type === 'PaymentRefunded' ? 0 : (revisions.get(stream) ?? -1) + 1;
    if (type !== 'PaymentRefunded') revisions.set(stream, revision);
    return recorded(type, data, revision, ++second);
  };
  const buyer = (i: number) => `${name.last.toLowerCase()}${i}@example.com`;
  const requested = (id: string, i: number) =>
    event('OrderRequested', {
      order_id: id,
      kind: 'card',
      status: 'pending',
      payment_status: 'unpaid',
      customer_id: null,
      subject_id: `email:${buyer(i)}`,
      items: [{ product_id: 'p1', name: 'Ring', price_cents: 1000, quantity: 1 }],
      subtotal_cents: 1000,
      shipping_cents: 0,
      tax_cents: 80,
      total_cents: 1080,
      shipping: { first_name: name.first, last_name: `${name.last}${i}`, email: buyer(i), phone: '+1555', address: 'x', city: 'y' },
      payment: { card_name: name.first, last_4: '4242' },
    });
  return { event, requested };
}

describe('Orders projection, a batch against one event at a time', () => {
  let db: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: db.url, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  /** The rows of rm.orders after `write`, rolled back. */
  async function rowsAfter(write: (tx: Tx) => Promise<void>): Promise<{ rows: unknown[]; statements: number }> {
    const tx = await pool.connect();
    let statements = 0;
    try {
      await tx.query('BEGIN');
      await tx.query('SET LOCAL search_path = rm, public');
      // The same client, its statements counted (the batch must take fewer).
      const query = tx.query.bind(tx) as (...a: unknown[]) => unknown;
      const counting: Tx = Object.create(tx);
      counting.query = ((...args: unknown[]) => {
        statements++;
        return query(...args);
      }) as Tx['query'];
      await write(counting);
      const { rows } = await tx.query('SELECT * FROM orders ORDER BY id');
      return { rows, statements };
    } finally {
      await tx.query('ROLLBACK');
      tx.release();
    }
  }

  it('should leave the same rows when it folds the updates between new orders into multi-row statements', async () => {
    const ids = Array.from({ length: 6 }, () => randomUUID());
    const [a, b, c, d, e, f] = ids;
    // One stream per order, whatever the spelling of its id.
    const { event, requested } = logOf((id) => id.toLowerCase(), { first: 'Ava', last: 'Buyer' });
    const events: Event[] = [
      ...ids.map(requested),
      event('OrderCheckoutOpened', { order_id: a, session_id: 'sa1' }),
      event('OrderCheckoutOpened', { order_id: b, session_id: 'sb1' }),
      event('OrderCheckoutOpened', { order_id: c, session_id: 'sc1' }),
      event('OrderPaymentFailed', { order_id: a, payment_status: 'failed', session_id: 'sa1' }),
      event('OrderPaymentFailed', { order_id: b, payment_status: 'failed', session_id: 'other' }),
      event('OrderCheckoutOpened', { order_id: a, session_id: 'sa2' }),
      event('OrderPaid', { order_id: a, session_id: 'sa2' }),
      event('OrderPaid', { order_id: b, session_id: 'sb1' }),
      // The same order spelled in capitals: a uuid reads both as one, so they must not share a statement.
      event('OrderStatusChanged', {
        order_id: a.toUpperCase(),
        from: 'processing',
        to: 'shipped',
        shipment: { carrier: 'UPS', tracking_number: 'T1' },
      }),
      event('OrderStatusChanged', {
        order_id: b,
        from: 'processing',
        to: 'shipped',
        shipment: { carrier: 'DHL\ud800', tracking_number: null },
      }),
      event('OrderExpired', { order_id: c }),
      event('OrderStatusChanged', { order_id: a, from: 'shipped', to: 'delivered' }),
      event('OrderRefundRequested', { order_id: a }),
      event('PaymentRefunded', { order_id: a, amount_cents: 500 }),
      event('PaymentRefunded', { order_id: a, amount_cents: 580 }),
      event('PaymentRefunded', { order_id: b, amount_cents: 300 }),
      event('OrderNoteAdded', { order_id: c }),
      event('OrderNoteAdded', { order_id: d }),
      event('OrderPaymentRejected', { order_id: d }),
      event('OrderPaymentRejected', { order_id: e }),
      // Odd values go alone, as apply sends them (an array would become a dimension of an array parameter).
      event('OrderCheckoutOpened', { order_id: f, session_id: ['odd'] }),
      event('OrderCheckoutOpened', { order_id: e, session_id: 'se1' }),
      event('OrderPaid', { order_id: f, session_id: 'sf1' }),
      requested(randomUUID(), 7),
      event('OrderStatusChanged', { order_id: d, from: 'pending', to: 'cancelled' }),
      event('OrderStatusChanged', { order_id: e, from: 'pending', to: 'cancelled' }),
    ];
    const projection = new OrdersProjection();
    const one = await rowsAfter(async (tx) => {
      for (const ev of events) await projection.apply(tx, ev);
    });
    const batch = await rowsAfter((tx) => projection.applyBatch(tx, events));
    expect(one.rows).toHaveLength(7);
    expect(batch.rows).toEqual(one.rows);
    expect(batch.statements).toBeLessThan(one.statements);
    const first = one.rows.find((r) => (r as { id: string }).id === a) as Record<string, unknown>;
    expect(first).toMatchObject({ status: 'delivered', payment_status: 'refunded', carrier: 'UPS', tracking_number: 'T1' });
    expect(Number(first.refunded_cents)).toBe(1080);
  });

  it("should write a new order once with its batch's updates, and leave an order already there as one event at a time does", async () => {
    const [x, y, z, t, u, v, w, d] = Array.from({ length: 8 }, () => randomUUID());
    // Each spelling of an id is a stream of its own.
    const { event, requested } = logOf((id) => id, { first: 'Noor', last: 'New' });
    // Before the batch: x is in the table.
    const earlier = [requested(x, 1), event('OrderCheckoutOpened', { order_id: x, session_id: 'sx1' })];
    const batch = [
      // x again, spelled in capitals (a stream of its own): not inserted, its updates go to x's row.
      requested(x.toUpperCase(), 2),
      event('OrderPaid', { order_id: x.toUpperCase(), session_id: 'sx1' }),
      requested(y, 3),
      requested(z, 4),
      event('OrderCheckoutOpened', { order_id: y, session_id: 'sy1' }),
      event('OrderPaymentFailed', { order_id: y, payment_status: 'failed', session_id: 'sy1' }),
      event('OrderCheckoutOpened', { order_id: y, session_id: 'sy2' }),
      event('OrderPaid', { order_id: y, session_id: 'sy2' }),
      event('OrderStatusChanged', { order_id: y, from: 'processing', to: 'shipped', shipment: { carrier: 'UPS', tracking_number: 'T9' } }),
      event('OrderCheckoutOpened', { order_id: z, session_id: 'sz1' }),
      event('OrderPaymentFailed', { order_id: z, payment_status: 'failed', session_id: 'not-sz1' }),
      event('OrderExpired', { order_id: z }),
      event('OrderNoteAdded', { order_id: z }),
      event('OrderPaymentRejected', { order_id: z }),
      requested(u, 5),
      requested(v, 6),
      requested(w, 7),
      requested(t, 8),
      // Two spellings of one new order in one batch: the first is the row.
      requested(d, 9),
      requested(d.toUpperCase(), 10),
      event('OrderPaid', { order_id: t, session_id: 'st1' }),
      event('OrderPaymentRejected', { order_id: t }),
      event('OrderNoteAdded', { order_id: t }),
      event('OrderPaid', { order_id: u, session_id: 'su1' }),
      event('OrderStatusChanged', {
        order_id: u,
        from: 'processing',
        to: 'shipped',
        shipment: { carrier: 'FedEx', tracking_number: 'T5' },
      }),
      event('OrderStatusChanged', { order_id: u, from: 'shipped', to: 'delivered' }),
      event('OrderRefundRequested', { order_id: u }),
      event('OrderCheckoutOpened', { order_id: v, session_id: 'sv1' }),
      event('OrderPaymentFailed', { order_id: v, payment_status: 'failed', session_id: 'other' }),
      event('OrderStatusChanged', { order_id: v, from: 'awaiting_payment', to: 'delivered' }),
      event('OrderCheckoutOpened', { order_id: w, session_id: 'sw1' }),
      event('OrderPaymentFailed', { order_id: w, payment_status: 'failed', session_id: 'sw1' }),
      // A refund is PostgreSQL's arithmetic: y goes into the table first, and what follows updates it there.
      event('PaymentRefunded', { order_id: y, amount_cents: 100 }),
      event('OrderStatusChanged', { order_id: y, from: 'shipped', to: 'delivered' }),
      event('OrderRefundRequested', { order_id: y }),
      event('OrderStatusChanged', { order_id: x, from: 'processing', to: 'shipped', shipment: { carrier: 'DHL', tracking_number: 'T1' } }),
    ];
    const projection = new OrdersProjection();
    const one = await rowsAfter(async (tx) => {
      for (const ev of [...earlier, ...batch]) await projection.apply(tx, ev);
    });
    const batched = await rowsAfter(async (tx) => {
      for (const ev of earlier) await projection.apply(tx, ev);
      await projection.applyBatch(tx, batch);
    });
    expect(one.rows).toHaveLength(8);
    expect(batched.rows).toEqual(one.rows);
    const row = (id: string) => one.rows.find((r) => (r as { id: string }).id === id) as Record<string, unknown>;
    expect(row(x)).toMatchObject({ status: 'shipped', payment_status: 'paid', carrier: 'DHL', version: 2 });
    expect(row(y)).toMatchObject({ status: 'delivered', payment_status: 'refunded', carrier: 'UPS', tracking_number: 'T9' });
    expect(row(z)).toMatchObject({ status: 'expired', payment_status: 'refunded', payment_session_id: null });
    expect(row(d)).toMatchObject({ last_name: 'New9' });
    expect(row(t)).toMatchObject({ status: 'processing', payment_status: 'paid', version: 3 });
    expect(row(u)).toMatchObject({ status: 'delivered', payment_status: 'refunded', carrier: 'FedEx', tracking_number: 'T5' });
    expect(row(v)).toMatchObject({ status: 'delivered', payment_status: 'failed', payment_session_id: 'sv1' });
    expect(row(v).delivered_at).not.toBeNull();
    expect(row(w)).toMatchObject({ status: 'awaiting_payment', payment_status: 'failed', payment_session_id: null });
    // 2 for the earlier events; the batch: the look-up of new ids and their insert twice (before and after the
    // refund), the refund, and the updates in the table (x: 2 waves; y: 2 after the refund).
    expect(batched.statements).toBeLessThan(one.statements / 2);
  });
});
