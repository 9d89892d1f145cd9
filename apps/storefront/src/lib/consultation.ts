/** The consultation request (spec sections 3, 4, 5 and 8): form validation and the order payload. */
import { EMAIL_PATTERN, hasStackedMarks, hasVisibleText, isValidPhone, type OrderPayload } from '@facet/contracts';
import type { CartItem } from '../features/cart/cart';
import { cartSummary } from '../features/cart/cart';
import { orderLines } from './checkout';
export { stockRefusal } from './checkout';

export interface ConsultationForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export type ConsultationErrors = Partial<Record<keyof ConsultationForm, string>>;

export const EMPTY_CONSULTATION: ConsultationForm = { firstName: '', lastName: '', email: '', phone: '' };

export const CONSULTATION_FAILED = 'Failed to submit your request. Please try again or contact us directly.';

export function validateConsultation(form: ConsultationForm): ConsultationErrors {
  const errors: ConsultationErrors = {};
  if (!hasVisibleText(form.firstName)) errors.firstName = 'First name is required';
  else if (hasStackedMarks(form.firstName)) errors.firstName = 'First name has a letter with too many marks on it';
  if (!hasVisibleText(form.lastName)) errors.lastName = 'Last name is required';
  else if (hasStackedMarks(form.lastName)) errors.lastName = 'Last name has a letter with too many marks on it';
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = 'Please enter a valid email address';
  if (!form.phone.trim()) errors.phone = 'Phone number is required';
  else if (!isValidPhone(form.phone.trim())) errors.phone = 'Please enter a valid phone number';
  return errors;
}

/** A field's error clears when that field is edited. */
export function clearFieldError(errors: ConsultationErrors, field: keyof ConsultationForm): ConsultationErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** status consultation_requested, payment_status pending_consultation, empty payment, no address yet. */
export function buildConsultationOrder(items: readonly CartItem[], form: ConsultationForm): OrderPayload {
  const totals = cartSummary(items);
  return {
    items: orderLines(items),
    shipping: {
      first_name: form.firstName.trim(),
      last_name: form.lastName.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
      address: '',
      apartment: '',
      city: '',
      state: '',
      zip_code: '',
      country: 'US',
    },
    payment: { card_name: '', last_4: '' },
    subtotal: totals.subtotal,
    shipping_cost: totals.shipping,
    tax: totals.tax,
    total: totals.total,
    status: 'consultation_requested',
    payment_status: 'pending_consultation',
  };
}
