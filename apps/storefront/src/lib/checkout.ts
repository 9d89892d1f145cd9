/** Card checkout (spec sections 4, 5 and 8): the form's rules, card formatting, the order and the status poll. */
import { EMAIL_PATTERN, hasStackedMarks, hasVisibleText, isValidPhone, type OrderLine, type OrderPayload } from '@facet/contracts';
import type { CheckoutStatus } from '../api/account';
import { ApiError } from '../api/client';
import { cartSummary, type CartItem } from '../features/cart/cart';
import type { FieldMap } from './fieldErrors';

export const CHECKOUT_STATES = ['NY', 'CA', 'TX', 'FL'] as const;

export interface CheckoutForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export const EMPTY_CHECKOUT: CheckoutForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  apartment: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'US',
};

export type CheckoutErrors = Partial<Record<keyof CheckoutForm, string>>;

const REQUIRED: [keyof CheckoutForm, string][] = [
  ['firstName', 'First name is required'],
  ['lastName', 'Last name is required'],
  ['email', 'Email is required'],
  ['address', 'Address is required'],
  ['city', 'City is required'],
  ['state', 'State is required'],
  ['zipCode', 'ZIP code is required'],
];

/** Text the API holds to no letter under more than four combining marks (hasStackedMarks). */
const MARKED: [keyof CheckoutForm, string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['address', 'Address'],
  ['apartment', 'Apartment'],
  ['city', 'City'],
];

/**
 * Required: names, email, address, city, state, ZIP. The card is typed once, on the payment page (the provider's
 * hosted page or the secure payment page), with the spec's card fields and rules there. Filled in means a visible
 * character: zero-width or filler characters alone are as empty as spaces (hasVisibleText).
 */
export function validateCheckout(form: CheckoutForm): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const [key, message] of REQUIRED) if (!hasVisibleText(form[key])) errors[key] = message;
  for (const [key, label] of MARKED)
    if (!errors[key] && hasStackedMarks(form[key])) errors[key] = `${label} has a letter with too many marks on it`;
  if (!errors.email && !EMAIL_PATTERN.test(form.email.trim())) errors.email = 'Please enter a valid email address';
  if (form.phone.trim() && !isValidPhone(form.phone.trim())) errors.phone = 'Please enter a valid phone number';
  if (form.state && !(CHECKOUT_STATES as readonly string[]).includes(form.state)) errors.state = 'State is required';
  return errors;
}

/** POST /api/orders' field names, and how the checkout form names them (its refusals land on these fields). */
export const CHECKOUT_API_FIELDS: FieldMap<keyof CheckoutForm> = {
  'shipping.first_name': { key: 'firstName', label: 'First name' },
  'shipping.last_name': { key: 'lastName', label: 'Last name' },
  'shipping.email': { key: 'email', label: 'Email' },
  'shipping.phone': { key: 'phone', label: 'Phone' },
  'shipping.address': { key: 'address', label: 'Address' },
  'shipping.apartment': { key: 'apartment', label: 'Apartment' },
  'shipping.city': { key: 'city', label: 'City' },
  'shipping.state': { key: 'state', label: 'State' },
  'shipping.zip_code': { key: 'zipCode', label: 'ZIP code' },
};

/** Groups of four, digits only, at most 19 characters. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ').slice(0, 19);
}

/** MM/YY, at most 5 characters; the slash comes after two digits. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvv(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/**
 * The order's lines. variant_id and engraving go only where the shopper chose them, so a line without them
 * is the spec's own shape and the API takes the product's default variant.
 */
export function orderLines(items: readonly CartItem[]): OrderLine[] {
  return items.map((i) => ({
    product_id: i.id,
    product_name: i.name,
    price: i.price,
    quantity: i.quantity,
    image: i.image,
    ...(i.variantId !== null && { variant_id: i.variantId }),
    ...(i.engraving !== '' && { engraving: i.engraving }),
  }));
}

/**
 * A card order: status pending, payment_status unpaid. No card leaves the checkout: it is typed on the payment
 * page, and the card shown with the order is the one the provider charged (the payment block stays empty).
 */
export function buildCardOrder(items: readonly CartItem[], form: CheckoutForm): OrderPayload {
  const totals = cartSummary(items);
  return {
    items: orderLines(items),
    shipping: {
      first_name: form.firstName.trim(),
      last_name: form.lastName.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      address: form.address.trim(),
      apartment: form.apartment.trim(),
      city: form.city.trim(),
      state: form.state,
      zip_code: form.zipCode.trim(),
      country: form.country || 'US',
    },
    payment: { card_name: '', last_4: '' },
    subtotal: totals.subtotal,
    shipping_cost: totals.shipping,
    tax: totals.tax,
    total: totals.total,
    status: 'pending',
    payment_status: 'unpaid',
  };
}

export function oneLineAddress(form: Pick<CheckoutForm, 'address' | 'apartment' | 'city' | 'state' | 'zipCode' | 'country'>): string {
  const street = [form.address.trim(), form.apartment.trim()].filter(Boolean).join(', ');
  return [street, form.city.trim(), [form.state, form.zipCode.trim()].filter(Boolean).join(' '), form.country].filter(Boolean).join(', ');
}

/** A refusal the shopper can act on (409: "Only 1 left of ..."), shown in the form rather than only in passing. */
export function stockRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 ? error.message : null;
}

export const CHECKOUT_FAILED = 'Failed to initiate payment. Please try again.';

/** Payment result check: up to 5 attempts, 2 s apart. */
export const PAYMENT_POLL_ATTEMPTS = 5;
export const PAYMENT_POLL_INTERVAL_MS = 2000;

export type PaymentCheck = 'pending' | 'success' | 'expired' | 'declined' | 'timeout' | 'error';

/** What one status answer means: paid, expired, declined (completed unpaid), or still open. */
export function judgePayment(status: Pick<CheckoutStatus, 'payment_status' | 'status'>, attempt: number): PaymentCheck {
  if (status.payment_status === 'paid') return 'success';
  if (status.status === 'expired') return 'expired';
  if (status.status === 'complete') return 'declined';
  return attempt >= PAYMENT_POLL_ATTEMPTS ? 'timeout' : 'pending';
}

/** Result screens: 'Payment Expired' or 'Payment Issue' (spec section 2), with the spec's texts. */
export const PAYMENT_MESSAGES: Record<Exclude<PaymentCheck, 'pending' | 'success'>, { title: string; text: string }> = {
  expired: { title: 'Payment Expired', text: 'Payment session expired' },
  declined: { title: 'Payment Issue', text: 'Your payment did not go through' },
  timeout: { title: 'Payment Issue', text: 'Payment status check timed out' },
  error: { title: 'Payment Issue', text: 'Error checking payment status' },
};

/**
 * What happened and what happens next, true for each outcome: nothing was taken on an expired, cancelled or
 * declined attempt; a check that ran out of attempts (or could not ask) knows nothing yet, and says where the
 * answer will show.
 */
export function paymentOutcomeText(check: Exclude<PaymentCheck, 'pending' | 'success'>, failureReason: string | null): string {
  switch (check) {
    case 'expired':
      return failureReason === 'Payment cancelled by the shopper'
        ? 'You cancelled the payment before it was completed. No payment was taken.'
        : 'The payment window closed before it was completed. No payment was taken.';
    case 'declined':
      return `${failureReason ?? 'Your payment was declined.'} No payment was taken.`;
    case 'timeout':
      return (
        `We checked ${PAYMENT_POLL_ATTEMPTS} of ${PAYMENT_POLL_ATTEMPTS} times and your payment is not confirmed yet. ` +
        'If it goes through, your order moves to processing and your receipt is e-mailed; My Orders shows it. You can check again now.'
      );
    case 'error':
      return 'We could not reach our payment provider to check your payment. Checking again charges nothing.';
  }
}

/** The secure payment page's simulated processing time (spec section 9). */
export const SIMULATED_PAYMENT_DELAY_MS = 3000;

/** All four card fields are needed, else 'Please fill in all card details'. */
export function cardDetailsComplete(card: { name: string; number: string; expiry: string; cvv: string }): boolean {
  return Boolean(hasVisibleText(card.name) && card.number.trim() && card.expiry.trim() && card.cvv.trim());
}
