/** Validation rules shared by the API and both front ends (spec section 5). */

/** The simple pattern of the forms: text, @, text, dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional plus, then at least 10 digits, spaces, dashes or parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim()) && value.trim().length <= 254;
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim()) && value.replace(/\D/g, '').length >= 10;
}

export interface PasswordCheck {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
  special: boolean;
}

export function checkPassword(password: string): PasswordCheck {
  return {
    length: password.length >= 8,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /\d/.test(password),
    special: [...password].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch)),
  };
}

export function isStrongPassword(password: string): boolean {
  const c = checkPassword(password);
  return c.length && c.upper && c.lower && c.digit && c.special;
}

export const VERIFICATION_CODE_LENGTH = 8;
