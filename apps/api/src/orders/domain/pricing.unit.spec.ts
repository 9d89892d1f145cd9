import { MAX_ORDER_TOTAL_CENTS, MAX_QUANTITY_PER_LINE, priceOrder } from '@facet/contracts';
import { BadInputError, ConflictError } from '../../platform/domain/errors';
import { newOrderKind, requestedStatuses } from './order';
import {
  agreesWithServer,
  CataloguePrice,
  checkOrderTotal,
  claimedTotalChanges,
  priceWantedLines,
  productIdsOf,
  WantedLine,
} from './pricing';

const RING_ID = '6f1c2a9e-0000-4000-8000-000000000001';
const PENDANT_ID = '6f1c2a9e-0000-4000-8000-000000000002';
const ring: CataloguePrice = { id: RING_ID, name: 'Ring', price_cents: 120_000, image: '/r.svg', in_stock: true };
const pendant: CataloguePrice = { id: PENDANT_ID, name: 'Pendant', price_cents: 45_050, image: '/p.svg', in_stock: true };
const want = (p: CataloguePrice, quantity = 1, price = p.price_cents / 100): WantedLine => ({
  product_id: p.id,
  product_name: p.name,
  price,
  quantity,
});

/** Hostile numbers a caller could put where a price, quantity or total goes. */
const HOSTILE = [NaN, Infinity, -Infinity, -1, -0.01, 2 ** 53 + 2, Number.MAX_VALUE, MAX_ORDER_TOTAL_CENTS + 1];

describe('order pricing (pure)', () => {
  it('should price from the catalogue, merging the same product twice (any case) into one line', () => {
    const { lines, totals, changed } = priceWantedLines(
      [want(ring), { ...want(ring), product_id: RING_ID.toUpperCase() }, want(pendant, 2)],
      [ring, pendant],
    );
    // Products without variants in the answer take their one default variant, whose id is the product's.
    const plain = { variant_options: {}, engraving: '' };
    expect(lines).toEqual([
      { product_id: RING_ID, product_name: 'Ring', image: '/r.svg', unit_price_cents: 120_000, quantity: 2, variant_id: RING_ID, ...plain },
      {
        product_id: PENDANT_ID,
        product_name: 'Pendant',
        image: '/p.svg',
        unit_price_cents: 45_050,
        quantity: 2,
        variant_id: PENDANT_ID,
        ...plain,
      },
    ]);
    expect(totals).toEqual(
      priceOrder([
        { unitPriceCents: 120_000, quantity: 2 },
        { unitPriceCents: 45_050, quantity: 2 },
      ]),
    );
    expect(changed).toEqual([]);
  });

  it('should ask the catalogue for each product once, lower case and sorted', () => {
    expect(productIdsOf([want(pendant), { ...want(ring), product_id: RING_ID.toUpperCase() }, want(ring)])).toEqual(
      [RING_ID, PENDANT_ID].sort(),
    );
  });

  it('should refuse a product the catalogue no longer has, or has out of stock (409)', () => {
    expect(() => priceWantedLines([want(ring)], [])).toThrow(
      new ConflictError('Ring is no longer available. Please remove it from your selection.'),
    );
    expect(() => priceWantedLines([{ ...want(ring), product_name: ' ' }], [])).toThrow(`${RING_ID} is no longer available`);
    expect(() => priceWantedLines([want(ring)], [{ ...ring, in_stock: false }])).toThrow(
      new ConflictError('Ring is out of stock. Please remove it from your selection.'),
    );
  });

  it('should keep each line under its ceiling after merging, and refuse quantities that are not whole and positive (400)', () => {
    expect(() => priceWantedLines([want(ring, MAX_QUANTITY_PER_LINE), want(ring, 1)], [ring])).toThrow(BadInputError);
    for (const quantity of [0, -1, 1.5, NaN, Infinity, -Infinity]) {
      expect(() => priceWantedLines([want(ring, quantity)], [ring])).toThrow(BadInputError);
    }
  });

  it('should tell a consultation request whose merged lines pass the ceiling the limit, and a card order to request a consultation', () => {
    const twice = [want(ring, MAX_QUANTITY_PER_LINE), want(ring, 1)];
    expect(() => priceWantedLines(twice, [ring], {}, 'consultation')).toThrow(
      'A consultation request can include at most 10 of Ring. For more, request 10 and tell our specialist how many you would like when they contact you.',
    );
    expect(() => priceWantedLines(twice, [ring], {}, 'card')).toThrow(
      'You can order at most 10 of Ring. For more, please request a consultation.',
    );
  });

  it('should list a unit price the shopper saw differently, within a cent tolerance', () => {
    expect(priceWantedLines([want(ring, 1, 1200.01)], [ring]).changed).toEqual([]);
    expect(priceWantedLines([want(ring, 1, 1199.5)], [ring]).changed).toEqual(['Ring is now $1,200']);
  });

  it('should never take a hostile claimed price or total for the server price', () => {
    for (const n of HOSTILE) {
      expect(agreesWithServer(n, 120_000)).toBe(false);
      expect(priceWantedLines([want(ring, 1, n)], [ring]).changed).toEqual(['Ring is now $1,200']);
      const totals = priceOrder([{ unitPriceCents: 45_050, quantity: 1 }]); // every total above zero
      expect(claimedTotalChanges({ subtotal: n, shipping_cost: n, tax: n, total: n }, totals)).toHaveLength(4);
    }
  });

  it('should name each claimed total that differs, and ignore those not sent', () => {
    const totals = priceOrder([{ unitPriceCents: 120_000, quantity: 1 }]);
    expect(claimedTotalChanges({}, totals)).toEqual([]);
    expect(claimedTotalChanges({ subtotal: 1200, shipping_cost: 0, tax: 96, total: 1296 }, totals)).toEqual([]);
    expect(claimedTotalChanges({ subtotal: 1200, shipping_cost: 25, tax: 1, total: 1296 }, totals)).toEqual([
      'the shipping is now $0',
      'the tax is now $96',
    ]);
  });

  it('should refuse a total above the ledger cap or not an exact whole number of cents (hostile catalogue prices too)', () => {
    expect(() => checkOrderTotal(MAX_ORDER_TOTAL_CENTS)).not.toThrow();
    for (const n of [...HOSTILE, 0.5]) expect(() => checkOrderTotal(n)).toThrow(BadInputError);
    for (const price_cents of [NaN, Infinity, 2 ** 53, MAX_ORDER_TOTAL_CENTS]) {
      expect(() => priceWantedLines([want(ring, 1, 1)], [{ ...ring, price_cents }])).toThrow(BadInputError);
    }
  });
});

describe('new order statuses (pure)', () => {
  it('should default each status from the other', () => {
    expect(requestedStatuses()).toEqual({ status: 'pending', paymentStatus: 'unpaid' });
    expect(requestedStatuses(undefined, 'pending_consultation')).toEqual({
      status: 'consultation_requested',
      paymentStatus: 'pending_consultation',
    });
    expect(requestedStatuses('consultation_requested')).toEqual({
      status: 'consultation_requested',
      paymentStatus: 'pending_consultation',
    });
    expect(requestedStatuses('pending', 'paid')).toEqual({ status: 'pending', paymentStatus: 'paid' });
  });

  it('should know only the two kinds of new order', () => {
    expect(newOrderKind('consultation_requested', 'pending_consultation')).toBe('consultation');
    expect(newOrderKind('pending', 'unpaid')).toBe('card');
    for (const [s, p] of [
      ['pending', 'paid'],
      ['processing', 'unpaid'],
      ['consultation_requested', 'unpaid'],
      ['', ''],
      ['pending\u0000', 'unpaid'],
    ]) {
      expect(newOrderKind(s, p)).toBeNull();
    }
  });
});

describe('order pricing with variants and engraving', () => {
  const SIZER = '6f1c2a9e-0000-4000-8000-0000000000a0';
  const SIX = '6f1c2a9e-0000-4000-8000-0000000000a6';
  const ESTATE = '6f1c2a9e-0000-4000-8000-0000000000e1';
  const sized: CataloguePrice = {
    ...ring,
    engraving: { max_length: 12 },
    variants: [
      {
        variant_id: SIZER,
        options: { size: 'Not sure (free ring sizer)' },
        price_cents: null,
        stock_mode: 'made_to_order',
        is_default: true,
      },
      { variant_id: SIX, options: { size: '6' }, price_cents: 125_000, stock_mode: 'stocked', is_default: false },
    ],
  };
  const estate: CataloguePrice = {
    ...pendant,
    variants: [{ variant_id: ESTATE, options: {}, price_cents: null, stock_mode: 'stocked', is_default: true }],
  };

  it('should take the default variant when the line names none (the spec shape), and the named one at its own price', () => {
    const { lines, stock } = priceWantedLines([want(sized), { ...want(sized, 2, 1250), variant_id: SIX.toUpperCase() }], [sized]);
    expect(lines).toEqual([
      expect.objectContaining({
        variant_id: SIZER,
        variant_options: { size: 'Not sure (free ring sizer)' },
        unit_price_cents: 120_000,
        engraving: '',
      }),
      expect.objectContaining({ variant_id: SIX, variant_options: { size: '6' }, unit_price_cents: 125_000, quantity: 2 }),
    ]);
    // Only the stocked variant holds units, named for a shopper's refusal.
    expect(stock).toEqual([{ variantId: SIX, productId: RING_ID, quantity: 2, item: 'Ring (Size 6)' }]);
  });

  it('should say a variant price changed in its own words', () => {
    const { changed } = priceWantedLines([{ ...want(sized), variant_id: SIX }], [sized]);
    expect(changed).toEqual(['Ring (Size 6) is now $1,250']);
  });

  it('should refuse a variant of another product with a 400', () => {
    expect(() => priceWantedLines([{ ...want(sized), variant_id: ESTATE }], [sized, estate])).toThrow(BadInputError);
    expect(() => priceWantedLines([{ ...want(sized), variant_id: ESTATE }], [sized, estate])).toThrow(
      `variant_id ${ESTATE} is not a variant of Ring`,
    );
  });

  it("should keep engravings apart, merge the same one, add the variant's units together, and check the product's rule", () => {
    // The pendant offers no engraving.
    expect(() => priceWantedLines([{ ...want(estate), engraving: 'A & B' }], [estate])).toThrow('Pendant: This piece cannot be engraved.');
    const engraved = priceWantedLines(
      [
        { ...want(sized), engraving: 'A & B' },
        { ...want(sized), engraving: 'a & b' },
        { ...want(sized), engraving: 'A & B' },
      ],
      [sized],
    );
    expect(engraved.lines.map((l) => [l.engraving, l.quantity])).toEqual([
      ['A & B', 2],
      ['a & b', 1],
    ]);
    for (const bad of ['x'.repeat(13), 'love 💍', ' lead', 'two  spaces', 'a\u0000b']) {
      expect(() => priceWantedLines([{ ...want(sized), engraving: bad }], [sized])).toThrow(BadInputError);
    }
    expect(priceWantedLines([{ ...want(sized), engraving: 'Forever ♥ 1985'.slice(0, 12) }], [sized]).lines[0].engraving).toBe(
      'Forever ♥ 19',
    );
  });

  it('should hold one stock line per stocked variant across its lines', () => {
    const { stock } = priceWantedLines(
      [
        { ...want(sized, 1, 1250), variant_id: SIX, engraving: 'A' },
        { ...want(sized, 2, 1250), variant_id: SIX, engraving: 'B' },
      ],
      [sized],
    );
    expect(stock).toEqual([{ variantId: SIX, productId: RING_ID, quantity: 3, item: 'Ring (Size 6)' }]);
  });
});
