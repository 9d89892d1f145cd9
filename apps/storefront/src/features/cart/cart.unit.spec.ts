import { product } from '../../test/fixtures';
import {
  addToCart,
  amountToFreeShipping,
  cartCount,
  cartSummary,
  cartLineKey,
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
        variantId: null,
        variantLabel: '',
        engraving: '',
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

  describe('variants and engraving (issue 40)', () => {
    const size = (v: string, engraving = '') => ({ variantId: `var-${v}`, variantLabel: `Size ${v}`, engraving });

    it('keeps the same product in two sizes, or with two engravings, as separate lines', () => {
      let items = addToCart([], ring, 1, size('6'));
      items = addToCart(items, ring, 1, size('7'));
      items = addToCart(items, ring, 1, size('7', 'A & B'));
      items = addToCart(items, ring, 2, size('6'));
      expect(items.map((i) => [i.variantLabel, i.engraving, i.quantity])).toEqual([
        ['Size 6', '', 3],
        ['Size 7', '', 1],
        ['Size 7', 'A & B', 1],
      ]);
      expect(new Set(items.map(cartLineKey)).size).toBe(3);
      expect(cartCount(items)).toBe(5);
    });

    it('changes and removes one line by its key, leaving the other size alone', () => {
      const items = addToCart(addToCart([], ring, 1, size('6')), ring, 1, size('7'));
      const [six, seven] = items.map(cartLineKey);
      expect(setCartQuantity(items, seven, 4).map((i) => i.quantity)).toEqual([1, 4]);
      expect(removeFromCart(items, six).map((i) => i.variantLabel)).toEqual(['Size 7']);
      // The product id alone names no variant line.
      expect(removeFromCart(items, ring.id)).toHaveLength(2);
    });

    it('keys a line that carries an engraving looking like another key apart from it', () => {
      const a = addToCart([], ring, 1, { variantId: 'x', variantLabel: '', engraving: '","' });
      const b = addToCart(a, ring, 1, { variantId: 'x","', variantLabel: '', engraving: '' });
      expect(b).toHaveLength(2);
    });

    it('loads a cart stored before variants: lines without a variant, merged by product as before', () => {
      const stored = [
        { id: ring.id, name: 'Ring', price: 1250.5, originalPrice: 1500, image: '/r.svg', category: 'women-rings', quantity: 2 },
        { id: ring.id, name: 'Ring', price: 1250.5, originalPrice: 1500, image: '/r.svg', category: 'women-rings', quantity: 1 },
        { id: studs.id, name: 'Studs', price: 300, quantity: 1 },
      ];
      const items = sanitizeCart(stored);
      expect(items).toEqual([
        expect.objectContaining({ id: ring.id, quantity: 2, variantId: null, variantLabel: '', engraving: '' }),
        expect.objectContaining({ id: studs.id, quantity: 1, variantId: null, variantLabel: '', engraving: '' }),
      ]);
      // An old line takes more of the same piece chosen without a variant, as before.
      expect(addToCart(items, ring, 1).map((i) => i.quantity)).toEqual([3, 1]);
    });

    it('round-trips variant lines through storage and repairs malformed choices', () => {
      const items = addToCart(addToCart([], ring, 1, size('6', 'Always')), ring, 1, size('7'));
      expect(sanitizeCart(JSON.parse(JSON.stringify(items)))).toEqual(items);
      const odd = sanitizeCart([
        { ...items[0], variantId: 42, variantLabel: 'Size 6', engraving: { x: 1 } },
        { ...items[1], variantId: '', variantLabel: 'Size 7' },
      ]);
      expect(odd.map((i) => [i.variantId, i.variantLabel, i.engraving])).toEqual([[null, '', '']]);
    });
  });
});
