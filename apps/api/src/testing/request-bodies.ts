import { priceOrderInDollars } from '@facet/contracts';
import { randomUUID } from 'crypto';

/**
 * Polite request bodies for the hostile-input specs, each with `over` laid on top: a spec changes the one
 * field it attacks and leaves every other field valid, so a 400 names that field.
 */
type Over = Record<string, unknown>;

export const contactBody = (over: Over = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Ring resizing',
  message: 'Could you resize my ring?',
  ...over,
});

export const shippingBody = (over: Over = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 (555) 010-2000',
  address: '12 Analytical Way',
  city: 'New York',
  state: 'NY',
  zip_code: '10001',
  country: 'US',
  ...over,
});

/** One piece of `product`: a consultation request, or a card order when the payment has its last four digits. */
export function orderBody(
  product: { id: string; name: string; price: number; image: string },
  ship: Over = {},
  payment = { card_name: '', last_4: '' },
) {
  const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
  const card = payment.last_4 !== '';
  return {
    items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1, image: product.image }],
    shipping: shippingBody(ship),
    payment,
    subtotal: totals.subtotal,
    shipping_cost: totals.shipping,
    tax: totals.tax,
    total: totals.total,
    status: card ? 'pending' : 'consultation_requested',
    payment_status: card ? 'unpaid' : 'pending_consultation',
  };
}

export const designBody = (over: Over = {}) => ({
  category: 'women',
  jewelry_type: 'women-rings',
  diamond_shape: 'oval',
  diamond_size: '1-1.5',
  metal_type: 'rose-gold',
  metal_karat: '14K',
  design_image: null,
  design_notes: null,
  contact_name: 'Ada Lovelace',
  contact_email: 'ada@example.com',
  contact_phone: null,
  preferred_contact: 'email',
  ...over,
});

export const staffMemberBody = (over: Over = {}) => ({
  email: `clara-${randomUUID().slice(0, 8)}@facet.test`,
  name: 'Clara Clerk',
  role: 'staff',
  password: 'Clerk-Counter-1985!',
  ...over,
});
