import { addToCart } from '../features/cart/cart';
import { product } from '../test/fixtures';
import { buildConsultationOrder, clearFieldError, CONSULTATION_FAILED, validateConsultation } from './consultation';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+1 (212) 555-0147' };

describe('consultation request validation', () => {
  it('accepts a complete form', () => {
    expect(validateConsultation(valid)).toEqual({});
  });

  it('requires every field, with the spec messages', () => {
    expect(validateConsultation({ firstName: ' ', lastName: '', email: '', phone: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
  });

  it('checks the e-mail against the simple pattern', () => {
    expect(validateConsultation({ ...valid, email: 'ada@example' }).email).toBe('Please enter a valid email address');
    expect(validateConsultation({ ...valid, email: 'ada @example.com' }).email).toBe('Please enter a valid email address');
  });

  it('refuses an address a mailer reads as a list or a name, with the spec message', () => {
    for (const email of ['a;b@x.test', 'a,b@x.test', '<a@x.test>', 'a:b@x.test', '"a b"@x.test', 'a..b@x.test', 'a@-x.test']) {
      expect(validateConsultation({ ...valid, email }).email).toBe('Please enter a valid email address');
    }
  });

  it('counts names of invisible characters as missing, and keeps names with joiners', () => {
    expect(validateConsultation({ ...valid, firstName: '\u200b\u200b', lastName: '\u3164 \u2800' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(validateConsultation({ ...valid, firstName: '\u0645\u06cc\u200c\u0646\u0627', lastName: '\u{1f469}\u200d\u{1f4bb}' })).toEqual(
      {},
    );
  });

  it('accepts an optional plus then at least 10 digits, spaces, dashes or parentheses', () => {
    expect(validateConsultation({ ...valid, phone: '2125550147' }).phone).toBeUndefined();
    expect(validateConsultation({ ...valid, phone: '+44 20 7946 0958' }).phone).toBeUndefined();
    expect(validateConsultation({ ...valid, phone: '555-0147' }).phone).toBe('Please enter a valid phone number');
    expect(validateConsultation({ ...valid, phone: 'call me maybe' }).phone).toBe('Please enter a valid phone number');
  });

  it("clears a field's error when it is edited", () => {
    const errors = { firstName: 'First name is required', email: 'Email is required' };
    expect(clearFieldError(errors, 'email')).toEqual({ firstName: 'First name is required' });
    expect(clearFieldError(errors, 'phone')).toBe(errors);
  });

  it('has the failure alert text', () => {
    expect(CONSULTATION_FAILED).toBe('Failed to submit your request. Please try again or contact us directly.');
  });
});

describe('consultation order payload', () => {
  it('carries the lines, the contact, empty payment, totals and the consultation statuses', () => {
    const ring = product({ name: 'Ring', price: 450, image: '/images/products/ring-1.svg' });
    const items = addToCart([], ring, 2);
    expect(buildConsultationOrder(items, { ...valid, firstName: ' Ada ' })).toEqual({
      items: [{ product_id: ring.id, product_name: 'Ring', price: 450, quantity: 2, image: '/images/products/ring-1.svg' }],
      shipping: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: '+1 (212) 555-0147',
        address: '',
        apartment: '',
        city: '',
        state: '',
        zip_code: '',
        country: 'US',
      },
      payment: { card_name: '', last_4: '' },
      subtotal: 900,
      shipping_cost: 0,
      tax: 72,
      total: 972,
      status: 'consultation_requested',
      payment_status: 'pending_consultation',
    });
  });
});
