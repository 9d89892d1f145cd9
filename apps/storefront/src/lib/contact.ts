/** The contact form (spec sections 5 and 8): required fields and the toasts for each outcome. */
import { EMAIL_PATTERN, hasStackedMarks, hasVisibleText, isValidPhone } from '@facet/contracts';
import { ApiError } from '../api/client';
import type { ContactMessage } from '../api/shop';
import type { ToastInput } from '../features/toast/toasts';
import type { FieldMap } from './fieldErrors';

export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

export const EMPTY_CONTACT: ContactMessage = { name: '', email: '', phone: '', subject: '', message: '' };

/**
 * Full Name, Email Address, Subject and Message are required (a visible character, not only spaces, and no
 * letter under more than four marks, as the API holds them); Phone is optional, and a phone when given.
 */
export function validateContact(m: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  if (!hasVisibleText(m.name)) errors.name = 'Full name is required';
  else if (hasStackedMarks(m.name)) errors.name = 'Full name has a letter with too many marks on it';
  if (!m.email.trim()) errors.email = 'Email address is required';
  else if (!EMAIL_PATTERN.test(m.email.trim())) errors.email = 'Please enter a valid email address';
  if (m.phone?.trim() && !isValidPhone(m.phone.trim())) errors.phone = 'Please enter a valid phone number';
  if (!hasVisibleText(m.subject)) errors.subject = 'Subject is required';
  else if (hasStackedMarks(m.subject)) errors.subject = 'Subject has a letter with too many marks on it';
  if (!hasVisibleText(m.message)) errors.message = 'Message is required';
  else if (hasStackedMarks(m.message)) errors.message = 'Message has a letter with too many marks on it';
  return errors;
}

/** POST /api/contact's field names, and how the form names them (its refusals land on these fields). */
export const CONTACT_API_FIELDS: FieldMap<keyof ContactMessage> = {
  name: { key: 'name', label: 'Full name' },
  email: { key: 'email', label: 'Email address' },
  phone: { key: 'phone', label: 'Phone' },
  subject: { key: 'subject', label: 'Subject' },
  message: { key: 'message', label: 'Message' },
};

const CONTACT_SENT_TITLE = 'Message sent successfully!';

/** The title says it was sent; the body adds only what the server says beyond that (said once, not twice). */
export function contactSuccessToast(serverMessage?: string): ToastInput {
  let rest = serverMessage?.trim() ?? '';
  if (rest.toLowerCase().startsWith(CONTACT_SENT_TITLE.toLowerCase())) rest = rest.slice(CONTACT_SENT_TITLE.length).trim();
  return {
    title: CONTACT_SENT_TITLE,
    description: rest || "We'll get back to you within 24 hours.",
    variant: 'success',
  };
}

/** A network failure names the phone number; a server refusal carries its own message when it has one. */
export function contactFailureToast(error: unknown, phone: string, serverMessage?: string): ToastInput {
  const network = error instanceof ApiError && error.kind !== 'http';
  const fromServer =
    serverMessage?.trim() || (error instanceof ApiError && error.kind === 'http' && error.status < 500 ? detailOf(error.body) : undefined);
  return {
    title: 'Failed to send message',
    description: network
      ? `Please try again later or call us directly at ${phone}.`
      : fromServer || 'Please try again later or call us directly.',
    variant: 'destructive',
  };
}

function detailOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { message?: unknown; detail?: unknown };
  if (typeof b.message === 'string' && b.message.trim()) return b.message;
  if (typeof b.detail === 'string' && b.detail.trim()) return b.detail;
  return undefined;
}
