import { randomUUID } from 'crypto';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { foldEvents } from '../../platform/projections/fold';
import { OrderRow, ordersReadModel } from './orders.projection';

type Event = Parameters<typeof ordersReadModel.evolve>[1];

const ORDER = '0b6f3c2e-8a1d-4e5f-9a7b-1c2d3e4f5a6b';
/** What an erasure leaves of the buyer on an order: placeholders, no address, no card digits. */
const ERASED_BUYER = {
  first_name: 'erased',
  last_name: 'erased',
  email: 'erased',
  phone: 'erased',
  address: null,
  card_name: 'erased',
  last_4: null,
  card_last_4: null,
};
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

/** An event as the log hands it to the read model, at second `revision` of the day. */
function recorded(type: string, data: Record<string, unknown>, revision = 0): Event {
  return {
    type,
    data,
    streamId: `order-${String(data.order_id)}`,
    revision,
    position: { commit: BigInt(revision), prepare: BigInt(revision) },
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: at(revision),
      actor: { type: 'anonymous' },
      correlationId: randomUUID(),
      causationId: null,
    },
  } as unknown as RecordedEvent as Event;
}

const placed = (data: Record<string, unknown> = {}, revision = 0) =>
  recorded(
    'OrderRequested',
    {
      order_id: ORDER,
      kind: 'card',
      status: 'pending',
      payment_status: 'unpaid',
      customer_id: 'c-1',
      subject_id: 'customer:c-1',
      items: [{ product_id: 'p1', name: 'Ring', price_cents: 1000, quantity: 1, engraving: 'A & B' }],
      subtotal_cents: 1000,
      shipping_cents: 0,
      tax_cents: 80,
      total_cents: 1080,
      pay_by: at(900),
      shipping: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+1555', address: '1 Way', city: 'London' },
      payment: { card_name: 'Ada L', last_4: '4242' },
      ...data,
    },
    revision,
  );

/** The order's row after the events, folded as the platform folds them. */
function rowAfter(...events: Event[]): OrderRow | null {
  return foldEvents(ordersReadModel, events).get(ORDER) ?? null;
}

describe('rm.orders as a fold', () => {
  it('should write every column of a placed order', () => {
    expect(rowAfter(placed())).toEqual({
      id: ORDER,
      kind: 'card',
      status: 'pending',
      payment_status: 'unpaid',
      customer_id: 'c-1',
      subject_id: 'customer:c-1',
      items: [{ product_id: 'p1', name: 'Ring', price_cents: 1000, quantity: 1, engraving: 'A & B' }],
      subtotal_cents: 1000,
      shipping_cents: 0,
      tax_cents: 80,
      total_cents: 1080,
      version: 0,
      created_at: at(0),
      updated_at: at(0),
      pay_by: at(900),
      paid_at: null,
      delivered_at: null,
      shipped_at: null,
      carrier: null,
      tracking_number: null,
      payment_session_id: null,
      refunded_cents: 0,
      card_last_4: null,
      disputed_at: null,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+1555',
      address: { address: '1 Way', apartment: undefined, city: 'London', state: undefined, zip_code: undefined, country: undefined },
      card_name: 'Ada L',
      last_4: '4242',
    });
  });

  it('should fold two spellings of one order into one row, the first placement winning', () => {
    const rows = foldEvents(ordersReadModel, [placed(), placed({ order_id: `{${ORDER.toUpperCase()}}`, kind: 'consultation' })]);
    expect([...rows.keys()]).toEqual([ORDER]);
    expect(rows.get(ORDER)).toMatchObject({ id: ORDER, kind: 'card' });
    expect(ordersReadModel.keyOf(placed({ order_id: ORDER.replace(/-/g, '') }))).toBe(ORDER);
  });

  it('should keep an id that is no uuid as it is, for PostgreSQL to refuse as before', () => {
    expect(ordersReadModel.keyOf(placed({ order_id: 'not-a-uuid' }))).toBe('not-a-uuid');
  });

  it('should leave no row for updates of an order not placed', () => {
    expect(rowAfter(recorded('OrderPaid', { order_id: ORDER, session_id: 's', card_last_4: '1' }, 1))).toBeNull();
    expect(rowAfter(recorded('PaymentRefunded', { order_id: ORDER, amount_cents: 5 }, 0))).toBeNull();
  });

  it('should follow a card order through checkout, payment, shipping and delivery', () => {
    const row = rowAfter(
      placed(),
      recorded('OrderCheckoutOpened', { order_id: ORDER, session_id: 'cs_1' }, 1),
      recorded('OrderPaid', { order_id: ORDER, session_id: 'cs_1', card_last_4: '4242' }, 2),
      recorded(
        'OrderStatusChanged',
        { order_id: ORDER, from: 'processing', to: 'shipped', shipment: { carrier: 'ups', tracking_number: '1Z9' } },
        3,
      ),
      recorded('OrderStatusChanged', { order_id: ORDER, from: 'shipped', to: 'delivered' }, 4),
    );
    expect(row).toMatchObject({
      status: 'delivered',
      payment_status: 'paid',
      paid_at: at(2),
      payment_session_id: 'cs_1',
      card_last_4: '4242',
      carrier: 'ups',
      tracking_number: '1Z9',
      shipped_at: at(3),
      delivered_at: at(4),
      version: 4,
      updated_at: at(4),
      created_at: at(0),
    });
  });

  it('should keep the carrier and tracking number of an earlier shipment when a later move carries none', () => {
    const row = rowAfter(
      placed(),
      recorded('OrderStatusChanged', { order_id: ORDER, to: 'shipped', shipment: { carrier: 'ups', tracking_number: '1Z9' } }, 1),
      recorded('OrderStatusChanged', { order_id: ORDER, to: 'shipped' }, 2),
      // A shipment on a move to anything but shipped is not read.
      recorded('OrderStatusChanged', { order_id: ORDER, to: 'processing', shipment: { carrier: 'dhl', tracking_number: 'X' } }, 3),
    );
    expect(row).toMatchObject({ status: 'processing', carrier: 'ups', tracking_number: '1Z9', shipped_at: at(2) });
  });

  it('should leave a pending order awaiting payment when a payment fails, and drop only the session that failed', () => {
    const opened = recorded('OrderCheckoutOpened', { order_id: ORDER, session_id: 'cs_2' }, 1);
    const otherFailed = recorded('OrderPaymentFailed', { order_id: ORDER, session_id: 'cs_1', payment_status: 'failed', reason: 'x' }, 2);
    expect(rowAfter(placed(), opened, otherFailed)).toMatchObject({
      status: 'awaiting_payment',
      payment_status: 'failed',
      payment_session_id: 'cs_2',
      version: 2,
    });
    const failed = recorded('OrderPaymentFailed', { order_id: ORDER, session_id: 'cs_2', payment_status: 'expired', reason: 'x' }, 2);
    expect(rowAfter(placed(), opened, failed)).toMatchObject({ payment_status: 'expired', payment_session_id: null });
    // SQL's = on text: no session on the row is no match.
    expect(rowAfter(placed({ status: 'processing' }), failed)).toMatchObject({ status: 'processing', payment_session_id: null });
  });

  it('should expire an order and clear its session', () => {
    const row = rowAfter(
      placed(),
      recorded('OrderCheckoutOpened', { order_id: ORDER, session_id: 'cs_1' }, 1),
      recorded('OrderExpired', { order_id: ORDER }, 2),
    );
    expect(row).toMatchObject({ status: 'expired', payment_status: 'expired', payment_session_id: null, version: 2, updated_at: at(2) });
  });

  it('should keep a paid order paid when a late payment is rejected, and mark an unpaid one refunded', () => {
    const rejected = recorded('OrderPaymentRejected', { order_id: ORDER, session_id: 'cs_9' }, 2);
    const paid = recorded('OrderPaid', { order_id: ORDER, session_id: 'cs_1', card_last_4: null }, 1);
    expect(rowAfter(placed(), paid, rejected)).toMatchObject({ payment_status: 'paid', version: 2 });
    expect(rowAfter(placed(), { ...rejected, revision: 1 })).toMatchObject({ payment_status: 'refunded', version: 1 });
  });

  it('should move only the version and time on a note, a hold confirmed and a hold lapsed', () => {
    const before = rowAfter(placed());
    for (const type of ['OrderNoteAdded', 'ConsultationHoldConfirmed', 'ConsultationHoldLapsed'])
      expect(rowAfter(placed(), recorded(type, { order_id: ORDER, note: 'n', by: 'staff' }, 5))).toEqual({
        ...before,
        version: 5,
        updated_at: at(5),
      });
  });

  it('should mark a refund requested, and add the refunds given back without moving the version', () => {
    const row = rowAfter(
      placed(),
      recorded('OrderRefundRequested', { order_id: ORDER, by: 'staff' }, 1),
      recorded('PaymentRefunded', { order_id: ORDER, amount_cents: 300 }, 0),
      recorded('PaymentRefunded', { order_id: ORDER, amount_cents: 780 }, 1),
    );
    expect(row).toMatchObject({ payment_status: 'refunded', refunded_cents: 1080, version: 1, updated_at: at(1) });
  });

  it('should flag a disputed order from its first dispute on, without moving the version', () => {
    const first = recorded('PaymentDisputed', { order_id: ORDER, dispute_id: 'dp_1', amount_cents: 300 }, 2);
    const second = recorded('PaymentDisputed', { order_id: ORDER, dispute_id: 'dp_2', amount_cents: 300 }, 3);
    expect(rowAfter(placed())).toMatchObject({ disputed_at: null });
    expect(rowAfter(placed(), first, second)).toMatchObject({ disputed_at: at(2), version: 0, updated_at: at(3) });
  });

  it('should add refunds exactly past the safe integers, from the number or the string PostgreSQL gives back', () => {
    const refund = recorded('PaymentRefunded', { order_id: ORDER, amount_cents: Number.MAX_SAFE_INTEGER }, 0);
    const once = rowAfter(placed(), refund);
    expect(once?.refunded_cents).toBe(Number.MAX_SAFE_INTEGER);
    expect(ordersReadModel.evolve(once, refund)?.refunded_cents).toBe('18014398509481982');
    expect(ordersReadModel.evolve({ ...once, refunded_cents: '18014398509481982' }, refund)?.refunded_cents).toBe('27021597764222973');
  });

  it('should refuse a refund that is no whole number of cents, as the bigint parameter was refused', () => {
    expect(() => rowAfter(placed(), recorded('PaymentRefunded', { order_id: ORDER, amount_cents: 1.5 }, 0))).toThrow();
  });

  it('should keep a huge revision as the version, for the integer column to refuse as before', () => {
    expect(rowAfter(placed({}, 2 ** 40))?.version).toBe(2 ** 40);
  });

  it('should carry hostile text to the row as the event holds it (the write refuses a NUL as it always did)', () => {
    const row = rowAfter(
      placed({ shipping: { first_name: 'A\u0000da', last_name: '\ud800', email: 'e\udc00@x.test', phone: null } }),
      recorded('OrderStatusChanged', { order_id: ORDER, to: 'shipped', shipment: { carrier: 'u\u0000', tracking_number: '\udfff' } }, 1),
    );
    expect(row).toMatchObject({
      first_name: 'A\u0000da',
      last_name: '\ud800',
      email: 'e\udc00@x.test',
      carrier: 'u\u0000',
      tracking_number: '\udfff',
    });
  });

  it('should store an odd value in a text column as the parameter stored it (an array as an array literal)', () => {
    const row = rowAfter(placed(), recorded('OrderCheckoutOpened', { order_id: ORDER, session_id: ['odd'] }, 1));
    expect(row?.payment_session_id).toBe('{"odd"}');
    const carried = rowAfter(
      placed(),
      recorded('OrderStatusChanged', { order_id: ORDER, to: 'shipped', shipment: { carrier: 7, tracking_number: { n: 1 } } }, 1),
    );
    expect(carried).toMatchObject({ carrier: '7', tracking_number: '{"n":1}' });
  });

  it('should open an order replayed after its erasure as the purge leaves it: placeholders, engravings, tracking, card', () => {
    const row = rowAfter(
      placed({
        shipping: 'erased',
        payment: 'erased',
        items: [
          { name: 'Ring', engraving: 'A & B' },
          { name: 'Band', engraving: '' },
        ],
      }),
      recorded('OrderPaid', { order_id: ORDER, session_id: 'cs_1', card_last_4: '4242' }, 1),
      recorded('OrderStatusChanged', { order_id: ORDER, to: 'shipped', shipment: { carrier: 'ups', tracking_number: '1Z9' } }, 2),
    );
    expect(row).toMatchObject({
      ...ERASED_BUYER,
      subject_id: 'erased',
      customer_id: 'c-1',
      items: [
        { name: 'Ring', engraving: 'erased' },
        { name: 'Band', engraving: '' },
      ],
      carrier: 'ups',
      tracking_number: 'erased',
    });
  });

  it('should leave the erasure to a named effect and to no row', () => {
    const deleted = recorded('CustomerDeleted', { customer_id: 'c-1', email: 'ada@example.com' });
    expect(ordersReadModel.keyOf(deleted)).toBeNull();
    expect(ordersReadModel.effects?.CustomerDeleted?.name).toBe("erase the customer's orders");
    expect(Object.keys(ordersReadModel.effects ?? {})).toEqual(['CustomerDeleted']);
    expect(foldEvents(ordersReadModel, [placed(), deleted]).get(ORDER)).toEqual(rowAfter(placed()));
  });

  it('should write a new order of an account already erased as the purge leaves it: placeholders, engravings, no account', () => {
    const row = foldEvents(ordersReadModel, [placed()], new Map(), new Set(['c-1'])).get(ORDER);
    expect(row).toMatchObject({
      customer_id: null,
      subject_id: 'erased',
      ...ERASED_BUYER,
      items: [{ product_id: 'p1', name: 'Ring', price_cents: 1000, quantity: 1, engraving: 'erased' }],
      total_cents: 1080,
    });
    // Another account's erasure leaves it as placed; an order already placed stays as it was.
    expect(foldEvents(ordersReadModel, [placed()], new Map(), new Set(['c-2'])).get(ORDER)).toEqual(rowAfter(placed()));
    const before = rowAfter(placed())!;
    expect(ordersReadModel.evolve(before, placed({ customer_id: 'c-1' }), new Set(['c-1']))).toBe(before);
  });

  it('should fold events in their order: a payment after expiry is not an expiry after payment', () => {
    const paid = recorded('OrderPaid', { order_id: ORDER, session_id: 'cs_1', card_last_4: null }, 1);
    const expired = recorded('OrderExpired', { order_id: ORDER }, 2);
    expect(rowAfter(placed(), paid, expired)).toMatchObject({ status: 'expired', payment_status: 'expired' });
    expect(rowAfter(placed(), { ...expired, revision: 1 }, { ...paid, revision: 2 })).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
    });
  });

  it('should be pure: the row it is given stays as it was', () => {
    const row = Object.freeze(rowAfter(placed())!);
    const next = ordersReadModel.evolve(row, recorded('OrderPaid', { order_id: ORDER, session_id: 's', card_last_4: '1' }, 1));
    expect(next).not.toBe(row);
    expect(row.status).toBe('pending');
  });

  it('should read every order event, the refunds and the erasure', () => {
    expect(ordersReadModel.eventTypes).toEqual(
      expect.arrayContaining(['OrderRequested', 'OrderPaid', 'PaymentRefunded', 'CustomerDeleted']),
    );
    expect(ordersReadModel.table).toBe('orders');
    expect(ordersReadModel.afterBulkPass).toBeDefined();
  });
});
