import fc from 'fast-check';
import { MAX_STOCK_UNITS } from '@facet/contracts';
import { fold } from '../../platform/event-store/decider';
import { BadInputError, ConflictError, DomainError, NotFoundError } from '../../platform/domain/errors';
import {
  available,
  listedVariant,
  RELEASE_REASONS,
  StockEvent,
  variantStock,
  VariantStockCommand,
  VariantStockState,
} from './variant-stock';

const V = 'v1';
const P = 'p1';
const stocked = (n: number): StockEvent[] => [
  { type: 'StockAdjusted', data: { variant_id: V, product_id: P, delta: n, reason: 'initial stock', by: 'staff:1' } },
];
const run = (history: StockEvent[], command: VariantStockCommand) => variantStock.decide(command, fold(variantStock, history));
const reserve = (orderId: string, quantity = 1): VariantStockCommand => ({
  type: 'Reserve',
  variantId: V,
  productId: P,
  orderId,
  quantity,
  item: 'Estate Ring (Size 6)',
});
/** Decides and keeps the events, as the store would. */
function apply(history: StockEvent[], command: VariantStockCommand): StockEvent[] {
  return [...history, ...run(history, command)];
}

describe('variant stock decider', () => {
  it('should reserve while units are available and then refuse with "Only N left" or "sold out"', () => {
    let h = apply(stocked(3), reserve('o1', 2));
    expect(() => run(h, reserve('o2', 2))).toThrow(new ConflictError('Only 1 left of Estate Ring (Size 6).'));
    h = apply(h, reserve('o2', 1));
    expect(() => run(h, reserve('o3', 1))).toThrow(new ConflictError('Estate Ring (Size 6) is sold out.'));
    expect(fold(variantStock, h)).toMatchObject({ onHand: 3, reserved: 3 });
  });

  it('should call a variant with no stock history sold out', () => {
    expect(() => run([], reserve('o1'))).toThrow(new ConflictError('Estate Ring (Size 6) is sold out.'));
  });

  it('should hold one reservation per order however often it is asked, and re-reserve only after order_not_placed', () => {
    const h = apply(stocked(5), reserve('o1', 2));
    expect(run(h, reserve('o1', 2))).toEqual([]);
    const released = apply(h, { type: 'Release', variantId: V, orderId: 'o1', reason: 'order_not_placed' });
    expect(run(released, reserve('o1', 2))).toEqual([expect.objectContaining({ type: 'StockReserved' })]);
    const cancelled = apply(h, { type: 'Release', variantId: V, orderId: 'o1', reason: 'cancelled' });
    expect(run(cancelled, reserve('o1', 2))).toEqual([]);
  });

  it('should release and confirm only an open reservation, once', () => {
    const h = apply(stocked(2), reserve('o1'));
    const confirmed = apply(h, { type: 'Confirm', variantId: V, orderId: 'o1' });
    expect(fold(variantStock, confirmed)).toMatchObject({ onHand: 1, reserved: 0 });
    expect(run(confirmed, { type: 'Confirm', variantId: V, orderId: 'o1' })).toEqual([]);
    expect(run(confirmed, { type: 'Release', variantId: V, orderId: 'o1', reason: 'expired' })).toEqual([]);
    expect(run(h, { type: 'Release', variantId: V, orderId: 'unknown', reason: 'expired' })).toEqual([]);
  });

  it('should refuse adjustments below the units reserved or past the bounds, and odd numbers', () => {
    const h = apply(stocked(3), reserve('o1', 2));
    const adjust = (over: Partial<Extract<VariantStockCommand, { type: 'Adjust' }>>) =>
      run(h, { type: 'Adjust', variantId: V, reason: 'count', by: 'staff:1', ...over });
    expect(() => adjust({ delta: -2 })).toThrow(ConflictError);
    expect(() => adjust({ setTo: 1 })).toThrow(ConflictError);
    expect(adjust({ setTo: 2 })).toEqual([expect.objectContaining({ data: expect.objectContaining({ delta: -1 }) })]);
    expect(adjust({ setTo: 3 })).toEqual([]);
    for (const bad of [0, 1.5, NaN, Infinity, MAX_STOCK_UNITS + 1, -MAX_STOCK_UNITS - 1, 2 ** 53]) {
      expect(() => adjust({ delta: bad })).toThrow(BadInputError);
    }
    expect(() => adjust({ delta: MAX_STOCK_UNITS })).toThrow(ConflictError);
    expect(() => adjust({ setTo: -1 })).toThrow(BadInputError);
    expect(() => adjust({ delta: 1, setTo: 1 })).toThrow(BadInputError);
    expect(() => adjust({})).toThrow(BadInputError);
    expect(() => run([], { type: 'Adjust', variantId: V, delta: 1, reason: 'x', by: 's' })).toThrow(NotFoundError);
    for (const reqQ of [0, -1, 1.5, 1001]) expect(() => run(h, reserve('o9', reqQ))).toThrow(BadInputError);
  });

  it('should refuse reasons that are blank, too long or not storable', () => {
    const h = stocked(1);
    for (const reason of ['', '   ', '\u200b', 'x'.repeat(201), '💎'.repeat(101), 'a\u0000b', 'a\ud800b', '\udc00']) {
      expect(() => run(h, { type: 'Adjust', variantId: V, delta: 1, reason, by: 's' })).toThrow(BadInputError);
    }
    expect(run(h, { type: 'Adjust', variantId: V, delta: 1, reason: '💎'.repeat(100), by: 's' })).toHaveLength(1);
  });

  it('should set the first stock as "initial stock" (0 included) and later counts to the value sent', () => {
    expect(run([], { type: 'SetInitialStock', variantId: V, productId: P, quantity: 0, by: 's' })).toEqual([
      { type: 'StockAdjusted', data: { variant_id: V, product_id: P, delta: 0, reason: 'initial stock', by: 's' } },
    ]);
    const h = apply(stocked(4), reserve('o1', 3));
    expect(run(h, { type: 'SetInitialStock', variantId: V, productId: P, quantity: 4, by: 's' })).toEqual([]);
    expect(() => run(h, { type: 'SetInitialStock', variantId: V, productId: P, quantity: 2, by: 's' })).toThrow(ConflictError);
  });

  it('should return paid units of an order at most once each', () => {
    let h = apply(apply(stocked(2), reserve('o1', 2)), { type: 'Confirm', variantId: V, orderId: 'o1' });
    h = apply(h, { type: 'Return', variantId: V, orderId: 'o1', quantity: 1, reason: 'resized', by: 's' });
    expect(() => run(h, { type: 'Return', variantId: V, orderId: 'o1', quantity: 2, reason: 'r', by: 's' })).toThrow(ConflictError);
    h = apply(h, { type: 'ReturnOrder', variantId: V, orderId: 'o1', reason: 'order cancelled after payment', by: 'system' });
    expect(fold(variantStock, h)).toMatchObject({ onHand: 2, reserved: 0 });
    expect(run(h, { type: 'ReturnOrder', variantId: V, orderId: 'o1', reason: 'again', by: 'system' })).toEqual([]);
    expect(() => run(h, { type: 'Return', variantId: V, orderId: 'o2', quantity: 1, reason: 'r', by: 's' })).toThrow(ConflictError);
  });

  it("should return a restocking refund's units once per refund id, never more than the order's paid units left (issue 51)", () => {
    const back = (refundId: string, quantity: number, orderId = 'o1'): VariantStockCommand => ({
      type: 'ReturnRefunded',
      variantId: V,
      orderId,
      refundId,
      quantity,
      by: 'staff:1',
    });
    let h = apply(stocked(5), reserve('o1', 3));
    expect(run(h, back('re_1', 1))).toEqual([]); // not paid yet: nothing sold to come back
    h = apply(h, { type: 'Confirm', variantId: V, orderId: 'o1' });
    const first = run(h, back('re_1', 1));
    expect(first).toEqual([
      {
        type: 'StockReturned',
        data: {
          variant_id: V,
          product_id: P,
          order_id: 'o1',
          quantity: 1,
          reason: 'came back with a staff refund',
          by: 'staff:1',
          refund_id: 're_1',
        },
      },
    ]);
    h = [...h, ...first];
    expect(fold(variantStock, h)).toMatchObject({ onHand: 3, refundsReturned: ['re_1'] });
    // The same refund again (a replay, a redelivery) returns nothing more.
    expect(run(h, back('re_1', 1))).toEqual([]);
    // Another refund: at most the 2 paid units not yet returned; a staff return by hand counts too.
    h = apply(h, { type: 'Return', variantId: V, orderId: 'o1', quantity: 1, reason: 'resized', by: 's' });
    expect(run(h, back('re_2', 5))[0].data).toMatchObject({ quantity: 1, refund_id: 're_2' });
    h = apply(h, back('re_2', 5));
    expect(run(h, back('re_3', 1))).toEqual([]);
    // An order that bought none of it, a variant never stocked, a cancel after: nothing more.
    expect(run(h, back('re_4', 1, 'o2'))).toEqual([]);
    expect(run([], back('re_5', 1))).toEqual([]);
    expect(run(h, { type: 'ReturnOrder', variantId: V, orderId: 'o1', reason: 'cancelled', by: 'system' })).toEqual([]);
    expect(fold(variantStock, h)).toMatchObject({ onHand: 5 });
    // Returns recorded before refunds named theirs still fold.
    const older = apply(apply(apply(stocked(2), reserve('o1', 1)), { type: 'Confirm', variantId: V, orderId: 'o1' }), {
      type: 'Return',
      variantId: V,
      orderId: 'o1',
      quantity: 1,
      reason: 'r',
      by: 's',
    });
    expect(fold(variantStock, older)).toMatchObject({ onHand: 2, refundsReturned: [] });
  });

  it('should return the units of a keyed return (a receipt of a return) once, however often it is sent', () => {
    let h = apply(apply(stocked(2), reserve('o1', 2)), { type: 'Confirm', variantId: V, orderId: 'o1' });
    const receipt = {
      type: 'Return' as const,
      variantId: V,
      orderId: 'o1',
      quantity: 1,
      reason: 'return received',
      by: 's',
      key: 'return:r1:0',
    };
    h = apply(h, receipt);
    expect(h[h.length - 1].data).toMatchObject({ key: 'return:r1:0', quantity: 1 });
    expect(run(h, receipt)).toEqual([]);
    expect(fold(variantStock, h)).toMatchObject({ onHand: 1 });
    expect(run(h, { ...receipt, key: 'return:r2:0' })).toHaveLength(1);
  });
});

/** Random interleavings of orders, cancels, expiries, payments, returns and restocks (decider level). */
const orderIds = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6'];
const commandArb: fc.Arbitrary<VariantStockCommand> = fc.oneof(
  fc.record({
    type: fc.constant('Reserve' as const),
    variantId: fc.constant(V),
    productId: fc.constant(P),
    orderId: fc.constantFrom(...orderIds),
    quantity: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: -2, max: 1200 })),
    item: fc.constant('Ring'),
  }),
  fc.record({
    type: fc.constant('Release' as const),
    variantId: fc.constant(V),
    orderId: fc.constantFrom(...orderIds),
    reason: fc.constantFrom(...RELEASE_REASONS),
  }),
  fc.record({ type: fc.constant('Confirm' as const), variantId: fc.constant(V), orderId: fc.constantFrom(...orderIds) }),
  fc.record({
    type: fc.constant('Adjust' as const),
    variantId: fc.constant(V),
    delta: fc.integer({ min: -6, max: 6 }),
    reason: fc.constant('count'),
    by: fc.constant('s'),
  }),
  fc.record({
    type: fc.constant('Adjust' as const),
    variantId: fc.constant(V),
    setTo: fc.integer({ min: -1, max: 8 }),
    reason: fc.constant('count'),
    by: fc.constant('s'),
  }),
  fc.record({
    type: fc.constant('Return' as const),
    variantId: fc.constant(V),
    orderId: fc.option(fc.constantFrom(...orderIds), { nil: null }),
    quantity: fc.integer({ min: 0, max: 3 }),
    reason: fc.constant('returned'),
    by: fc.constant('s'),
  }),
  fc.record({
    type: fc.constant('ReturnOrder' as const),
    variantId: fc.constant(V),
    orderId: fc.constantFrom(...orderIds),
    reason: fc.constant('cancelled'),
    by: fc.constant('s'),
  }),
  fc.record({
    type: fc.constant('ReturnRefunded' as const),
    variantId: fc.constant(V),
    orderId: fc.constantFrom(...orderIds),
    refundId: fc.constantFrom('re_1', 're_2', 're_3'),
    quantity: fc.integer({ min: 1, max: 4 }),
    by: fc.constant('s'),
  }),
  fc.record({
    type: fc.constant('SetInitialStock' as const),
    variantId: fc.constant(V),
    productId: fc.constant(P),
    quantity: fc.integer({ min: 0, max: 8 }),
    by: fc.constant('s'),
  }),
);

/** What must hold after any history (null when it does): 0 <= available <= on hand, reserved = the open reservations' units. */
function brokenInvariant(s: VariantStockState): string | null {
  const open = Object.values(s.reservations)
    .filter((r) => r.status === 'open')
    .reduce((n, r) => n + r.quantity, 0);
  if (s.reserved !== open) return `reserved ${s.reserved} but open reservations hold ${open}`;
  if (s.onHand < s.reserved) return `on hand ${s.onHand} below reserved ${s.reserved}`;
  if (s.onHand > MAX_STOCK_UNITS) return `on hand ${s.onHand} above the most a variant holds`;
  const a = available(s);
  if (a !== s.onHand - s.reserved || a < 0 || a > s.onHand) return `available ${a} with on hand ${s.onHand}, reserved ${s.reserved}`;
  // Never more of an order's units back than it bought (returns by hand, cancels and refunds together).
  const over = Object.entries(s.reservations).find(([, r]) => r.returned > r.quantity);
  if (over) return `order ${over[0]} got ${over[1].returned} units back of the ${over[1].quantity} it bought`;
  return null;
}

describe('variant stock under random interleavings', () => {
  it('should never leave available below zero or above on hand, whatever is refused', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 60 }), (commands) => {
        let state = variantStock.initialState();
        let paidUnits = 0;
        let added = 0;
        for (const command of commands) {
          try {
            const events = variantStock.decide(command, state);
            state = events.reduce(variantStock.evolve, state);
            for (const e of events) {
              if (e.type === 'ReservationConfirmed') paidUnits += e.data.quantity;
              if (e.type === 'StockAdjusted') added += e.data.delta;
              if (e.type === 'StockReturned') added += e.data.quantity;
            }
          } catch (err) {
            // Refusals are the rules speaking (4xx), never anything else.
            if (!(err instanceof DomainError)) throw err;
          }
          const broken = brokenInvariant(state);
          if (broken) throw new Error(`${broken} after ${JSON.stringify(command)}`);
          // Units on hand are exactly those added less those paid for.
          if (state.onHand !== added - paidUnits) throw new Error(`on hand ${state.onHand}, expected ${added - paidUnits}`);
        }
      }),
      { numRuns: 3000, seed: 20261127 },
    );
  });
});

describe('listedVariant (the staff stock route answers only variants the catalogue lists)', () => {
  const six = { variant_id: 'v-6', options: { size: '6' } };
  it('should give the variant its product lists', () => {
    expect(listedVariant('v-6', { variants: [six] })).toBe(six);
  });
  it('should answer 404 with the reason for a variant removed from its product, or of a deleted product', () => {
    expect(() => listedVariant('v-7', { variants: [six] })).toThrow(NotFoundError);
    expect(() => listedVariant('v-7', { variants: [six] })).toThrow(/no longer listed/);
    expect(() => listedVariant('v-6', undefined)).toThrow(/no longer listed/);
  });
});
