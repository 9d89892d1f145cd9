import { addToCart } from '../features/cart/cart';
import { cartStore } from '../features/cart/useCart';
import { product } from '../test/fixtures';
import { lastOrder, takeOutPaidOrder, withoutOrderedLines } from './payAgain';

/** Issue 41, item 1: a paid order's pieces leave the bag, and only they. */
describe('a paid order leaves the bag', () => {
  const ring = product({ name: 'Ring', price: 2600 });
  const studs = product({ name: 'Studs', price: 300 });
  const chain = product({ name: 'Chain', price: 900 });
  const line = (p: { id: string }, quantity: number, variant_id: string | null = null, engraving = '') => ({
    id: p.id,
    product_id: p.id,
    quantity,
    variant_id,
    engraving,
  });

  beforeEach(() => {
    localStorage.clear();
    cartStore.set([]);
  });

  it('takes each line’s quantity off the same piece, variant and engraving, and keeps what was added since', () => {
    let bag = addToCart([], ring, 1, { variantId: 'v-6', variantLabel: 'Size 6', engraving: 'Always' });
    bag = addToCart(bag, studs, 3);
    bag = addToCart(bag, chain, 1);
    bag = addToCart(bag, ring, 1, { variantId: 'v-7', variantLabel: 'Size 7', engraving: '' });
    // The order: the size 6 ring engraved, two of the studs (the bag line without a variant ordered the default one).
    const left = withoutOrderedLines(bag, [line(ring, 1, 'v-6', 'Always'), line(studs, 2, 'v-default')]);
    expect(left.map((i) => [i.name, i.variantId, i.quantity])).toEqual([
      ['Studs', null, 1],
      ['Chain', null, 1],
      ['Ring', 'v-7', 1],
    ]);
    // Another engraving is another line: untouched.
    expect(withoutOrderedLines(bag, [line(ring, 1, 'v-6', 'Forever')])).toEqual(bag);
  });

  it('takes the order out once: a reload of the success page leaves pieces added again alone', () => {
    cartStore.set(addToCart(addToCart([], ring, 2), chain, 1));
    lastOrder.remember('order-1');
    const order = { id: 'order-1', items: [line(ring, 2, 'v-default')] };
    takeOutPaidOrder(order);
    expect(cartStore.get().map((i) => [i.name, i.quantity])).toEqual([['Chain', 1]]);
    expect(lastOrder.read()).toBeNull();
    cartStore.set((items) => addToCart(items, ring, 1));
    takeOutPaidOrder(order);
    expect(cartStore.get().map((i) => [i.name, i.quantity])).toEqual([
      ['Chain', 1],
      ['Ring', 1],
    ]);
  });
});
