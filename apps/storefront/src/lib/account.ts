/** Account screens' rules (spec sections 5 and 8): live feedback, codes and the failure messages. */
import { EMAIL_PATTERN, isStrongPassword, VERIFICATION_CODE_LENGTH } from '@facet/contracts';
import { ApiError } from '../api/client';
import type { ToastInput } from '../features/toast/toasts';

export interface Feedback {
  valid: boolean;
  message: string;
}

/** null while the field is empty: no feedback before the customer types. */
export function emailFeedback(email: string): Feedback | null {
  if (!email) return null;
  const valid = EMAIL_PATTERN.test(email.trim());
  return { valid, message: valid ? 'Valid email address' : 'Please enter a valid email address' };
}

export function passwordFeedback(password: string): Feedback | null {
  if (!password) return null;
  const valid = isStrongPassword(password);
  return { valid, message: valid ? 'Strong password' : 'Password requirements not met' };
}

export const PASSWORD_RULES = [
  'At least 8 characters',
  'An uppercase and a lowercase letter',
  'A number',
  'A special character (e.g. ! @ # $ %)',
];

/** The 8-character code: upper-cased as typed, spaces dropped, at most 8 characters. */
export function normalizeCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase().slice(0, VERIFICATION_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === VERIFICATION_CODE_LENGTH;
}

const isNetwork = (error: unknown) => error instanceof ApiError && error.kind !== 'http';
const serverText = (error: unknown) => (error instanceof ApiError && error.kind === 'http' ? error.message : '');

/** Login failure toast: 'user not found' / 'Invalid credentials' read as no account; else the server's words. */
export function loginFailureToast(error: unknown): ToastInput {
  const text = error instanceof Error ? error.message : '';
  const lower = text.toLowerCase();
  let description: string;
  if (lower.includes('user not found') || lower.includes('invalid credentials')) {
    description = 'No account found with this email address.';
  } else if (error instanceof ApiError && error.kind === 'http' && text) {
    description = text;
  } else {
    description = 'Please check your credentials and try again.';
  }
  return { title: 'Login failed', description, variant: 'destructive' };
}

export function registerFailureToast(error: unknown): ToastInput {
  const description = isNetwork(error)
    ? 'Registration failed. Please check your connection and try again.'
    : serverText(error) || 'Registration failed. Please try again.';
  return { title: 'Registration failed', description, variant: 'destructive' };
}

export function resendFailureToast(error: unknown): ToastInput {
  const description = isNetwork(error) ? 'Please check your connection and try again.' : serverText(error) || 'Please try again later.';
  return { title: 'Failed to resend code', description, variant: 'destructive' };
}

export function verificationFailureText(error: unknown): string {
  if (isNetwork(error)) return 'Unable to verify email. Please try again.';
  return serverText(error) || 'Invalid or expired verification token.';
}

export const FORGOT_PASSWORD_CONFIRMATION = "If an account exists with this email, you'll receive reset instructions.";
