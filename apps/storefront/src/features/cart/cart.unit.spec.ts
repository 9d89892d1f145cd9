import { product } from '../../test/fixtures';
import {
  addToCart,
  amountToFreeShipping,
  cartCount,
  cartSummary,
  cartTotal,
  removeFromCart,
  sanitizeCart,
  setCartQuantity,
  type CartItem,
} from './cart';

describe('the selection (cart)', () => {
  const ring = product({ name: 'Ring', price: 1250.5, original_price: 1500, category: 'women-rings' });
  const studs = product({ name: 'Studs', price: 300 });

  it('appends a new line with the product fields copied', () => {
    const items = addToCart([], ring);
    expect(items).toEqual([
      {
        id: ring.id,
        name: 'Ring',
        price: 1250.5,
        originalPrice: 1500,
        image: ring.image,
        category: 'women-rings',
        quantity: 1,
      },
    ]);
  });

  it('raises the quantity of a line already present by the amount added', () => {
    let items = addToCart([], ring, 2);
    items = addToCart(items, studs);
    items = addToCart(items, ring, 3);
    expect(items.map((i) => [i.name, i.quantity])).toEqual([
      ['Ring', 5],
      ['Studs', 1],
    ]);
  });

  it('does not mutate the list it was given', () => {
    const before: CartItem[] = addToCart([], ring);
    const frozen = Object.freeze([...before]);
    addToCart(frozen, ring);
    expect(frozen[0].quantity).toBe(1);
  });

  it('removes a line whose quantity is set to 0 or less', () => {
    const items = addToCart(addToCart([], ring), studs);
    expect(setCartQuantity(items, ring.id, 0).map((i) => i.name)).toEqual(['Studs']);
    expect(setCartQuantity(items, ring.id, -2).map((i) => i.name)).toEqual(['Studs']);
    expect(setCartQuantity(items, ring.id, 4)[0].quantity).toBe(4);
  });

  it('removes a line and can be cleared', () => {
    const items = addToCart(addToCart([], ring), studs);
    expect(removeFromCart(items, studs.id).map((i) => i.name)).toEqual(['Ring']);
  });

  it('totals price x quantity to the cent and counts quantities', () => {
    const items = addToCart(addToCart([], ring, 2), studs, 3);
    expect(cartTotal(items)).toBe(3401);
    expect(cartCount(items)).toBe(5);
    expect(cartTotal([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });

  it('sums awkward decimals without floating-point drift', () => {
    const a = product({ price: 0.1 });
    const b = product({ price: 0.2 });
    expect(cartTotal(addToCart(addToCart([], a), b))).toBe(0.3);
  });

  describe('consultation summary', () => {
    it('charges $25 shipping up to $500 and 8% tax', () => {
      const items = addToCart([], studs); // $300
      expect(cartSummary(items)).toEqual({ subtotal: 300, shipping: 25, tax: 24, total: 349 });
    });

    it('ships free only when the subtotal is over $500', () => {
      expect(cartSummary(addToCart([], product({ price: 500 }))).shipping).toBe(25);
      expect(cartSummary(addToCart([], product({ price: 500.01 }))).shipping).toBe(0);
    });

    it('says how much more makes shipping free', () => {
      expect(amountToFreeShipping(300)).toBe(200.01);
      expect(amountToFreeShipping(500)).toBe(0.01);
      expect(amountToFreeShipping(501)).toBe(0);
    });
  });

  it('keeps only well-formed lines from storage', () => {
    expect(sanitizeCart('nonsense')).toEqual([]);
    const good = addToCart([], ring)[0];
    expect(sanitizeCart([good, { ...good }, { id: 'x', price: 'free', quantity: 1 }, { id: 'y', price: 1, quantity: 0 }, null])).toEqual([
      good,
    ]);
  });
});
