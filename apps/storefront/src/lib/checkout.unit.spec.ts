import { ApiError } from '../api/client';
import { addToCart } from '../features/cart/cart';
import { product } from '../test/fixtures';
import {
  buildCardOrder,
  cardDetailsComplete,
  EMPTY_CHECKOUT,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  judgePayment,
  oneLineAddress,
  orderLines,
  stockRefusal,
  validateCheckout,
  type CheckoutForm,
} from './checkout';

const filled: CheckoutForm = {
  ...EMPTY_CHECKOUT,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  address: '12 Bond Street',
  city: 'New York',
  state: 'NY',
  zipCode: '10012',
};

describe('checkout rules', () => {
  it('requires every field but phone and apartment, and no card: the card is typed once, on the payment page', () => {
    const errors = validateCheckout(EMPTY_CHECKOUT);
    expect(Object.keys(errors).sort()).toEqual(['address', 'city', 'email', 'firstName', 'lastName', 'state', 'zipCode'].sort());
    expect(Object.keys(EMPTY_CHECKOUT).filter((k) => /card|expiry|cvv/i.test(k))).toEqual([]);
    expect(validateCheckout(filled)).toEqual({});
    expect(validateCheckout({ ...filled, state: 'WA' }).state).toBeDefined();
    expect(validateCheckout({ ...filled, email: 'ada@' }).email).toBe('Please enter a valid email address');
    expect(validateCheckout({ ...filled, phone: '12' }).phone).toBe('Please enter a valid phone number');
  });

  it('counts fields of zero-width, filler or braille-blank characters as empty, and refuses list-like addresses', () => {
    const invisible = { firstName: '\u200b', lastName: '\u00ad', address: '\u2060', city: '\u3164', zipCode: '\u0301' };
    expect(validateCheckout({ ...filled, ...invisible })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      address: 'Address is required',
      city: 'City is required',
      zipCode: 'ZIP code is required',
    });
    expect(validateCheckout({ ...filled, email: 'ada;victim@example.com' }).email).toBe('Please enter a valid email address');
    expect(cardDetailsComplete({ name: '\ufeff\u200b', number: '4242', expiry: '12/30', cvv: '123' })).toBe(false);
  });

  it('formats the card number in fours (19 max), expiry MM/YY (5 max) and CVV (4 max)', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42a42')).toBe('4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/309')).toBe('12/30');
    expect(formatCvv('12345')).toBe('1234');
  });

  it('builds a pending, unpaid card order that carries no card (the card shown is the one the provider charged)', () => {
    const order = buildCardOrder(addToCart([], product(), 2), filled);
    expect(order.status).toBe('pending');
    expect(order.payment_status).toBe('unpaid');
    expect(order.payment).toEqual({ card_name: '', last_4: '' });
    expect(order.shipping).toMatchObject({ state: 'NY', zip_code: '10012', country: 'US' });
    expect(order.items[0].quantity).toBe(2);
  });

  it('writes the address on one line', () => {
    expect(oneLineAddress({ ...filled, apartment: 'Apt 4' })).toBe('12 Bond Street, Apt 4, New York, NY 10012, US');
  });

  it('judges the payment status: paid, expired, declined, pending then timeout after 5', () => {
    expect(judgePayment({ payment_status: 'paid', status: 'complete' }, 1)).toBe('success');
    expect(judgePayment({ payment_status: 'unpaid', status: 'expired' }, 2)).toBe('expired');
    expect(judgePayment({ payment_status: 'unpaid', status: 'complete' }, 1)).toBe('declined');
    expect(judgePayment({ payment_status: 'unpaid', status: 'open' }, 4)).toBe('pending');
    expect(judgePayment({ payment_status: 'unpaid', status: 'open' }, 5)).toBe('timeout');
  });

  it('needs all four card fields on the secure payment page', () => {
    expect(cardDetailsComplete({ name: 'Ada', number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' })).toBe(true);
    expect(cardDetailsComplete({ name: ' ', number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' })).toBe(false);
    expect(cardDetailsComplete({ name: 'Ada', number: '4242', expiry: '', cvv: '123' })).toBe(false);
  });

  it('sends variant_id and engraving only on lines that chose them (the spec shape otherwise)', () => {
    const ring = product({ name: 'Ring', price: 2600 });
    const studs = product({ name: 'Studs', price: 300 });
    let items = addToCart([], ring, 1, { variantId: 'v-6-5', variantLabel: 'Size 6.5', engraving: 'A & B' });
    items = addToCart(items, ring, 2, { variantId: 'v-7', variantLabel: 'Size 7', engraving: '' });
    items = addToCart(items, studs, 1);
    const lines = orderLines(items);
    expect(lines[0]).toEqual({
      product_id: ring.id,
      product_name: 'Ring',
      price: 2600,
      quantity: 1,
      image: ring.image,
      variant_id: 'v-6-5',
      engraving: 'A & B',
    });
    expect(lines[1]).toEqual({ product_id: ring.id, product_name: 'Ring', price: 2600, quantity: 2, image: ring.image, variant_id: 'v-7' });
    expect(lines[2]).toEqual({ product_id: studs.id, product_name: 'Studs', price: 300, quantity: 1, image: studs.image });
    expect(buildCardOrder(items, filled).items).toEqual(lines);
  });

  it('shows a 409 (too few left) in the form, and nothing else', () => {
    expect(stockRefusal(new ApiError('Only 1 left of Solitaire Ring (Size 6.5).', 409, 'http'))).toBe(
      'Only 1 left of Solitaire Ring (Size 6.5).',
    );
    expect(stockRefusal(new ApiError('Server error. Please try again later.', 500, 'http'))).toBeNull();
    expect(stockRefusal(new Error('Only 1 left'))).toBeNull();
  });
});
