import { isStrongPassword } from '@facet/contracts';
import { readFileSync } from 'fs';
import { join } from 'path';

export const PASSWORD_RULE_MESSAGE =
  'Password requirements not met: use at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.';
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common: it appears in lists of breached passwords. Please choose a less predictable one.';
export const MAX_PASSWORD_LENGTH = 128;

let common: Set<string> | null = null;

/** The shipped offline list of common and breached passwords (lower-cased; see data/generate-common-passwords.py). */
export function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(join(__dirname, 'data', 'common-passwords.txt'), 'utf8');
    common = new Set(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (!isStrongPassword(password)) return PASSWORD_RULE_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
