import { orderedUnitsByVariant } from './ordered-units.query';

describe('the units an order bought, by variant (what a restocking refund may put back, issue 51)', () => {
  it('adds up the lines of one variant, and counts none for lines placed before variants', () => {
    const line = { product_id: 'p1', product_name: 'Ring', image: '', unit_price_cents: 100 };
    const units = orderedUnitsByVariant({
      items: [
        { ...line, quantity: 2, variant_id: 'v6' },
        { ...line, quantity: 1, variant_id: 'v6', engraving: 'Ada' },
        { ...line, quantity: 1, variant_id: 'v7' },
        { ...line, quantity: 3 },
        { ...line, quantity: 1, variant_id: '' },
      ],
    });
    expect({ ...units }).toEqual({ v6: 3, v7: 1 });
    // A variant id that names a member of Object.prototype is no line of the order.
    expect(Object.prototype.hasOwnProperty.call(units, 'toString')).toBe(false);
  });
});
