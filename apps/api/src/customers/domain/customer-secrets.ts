import { createHash, createHmac, randomBytes } from 'crypto';

/** Upper-case letters and digits without the look-alikes 0, O, 1 and I: 32 symbols, so a byte maps without bias. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The link token and the 8-character code of a verification (or reset) are derived from a random nonce
 * with the customer's own key (HMAC-SHA256). Events carry the nonce and the secrets' sha256 hashes only;
 * the mail reactor derives the same secrets to write the mail. Once the customer is erased the key is
 * gone and nothing can be derived any more.
 */
export function deriveToken(key: Buffer, purpose: 'verify' | 'reset', nonce: string): string {
  return createHmac('sha256', key).update(`${purpose}-token:${nonce}`).digest('base64url');
}

export function deriveCode(key: Buffer, nonce: string): string {
  const bytes = createHmac('sha256', key).update(`verify-code:${nonce}`).digest();
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[bytes[i] % CODE_ALPHABET.length];
  return code;
}

/**
 * What an event keeps of a verification code: an HMAC under the customer's own key, not a bare sha256. The
 * code has only 40 bits (8 of 32 symbols), so a bare hash in the log could be brute-forced by anyone who
 * reads the log (the audit export gives events as stored) well within the code's day of validity.
 */
export function codeHash(key: Buffer, code: string): string {
  return `hmac:${createHmac('sha256', key).update(`verify-code-hash:${code}`).digest('hex')}`;
}

/** The code is typed by hand: upper-cased and trimmed before it is hashed. */
export function normalizeCode(value: string): string {
  return value.trim().toUpperCase();
}

export function verificationLink(origin: string, email: string, token: string): string {
  return `${origin}/verify-email?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}

export function resetLink(origin: string, email: string, token: string): string {
  return `${origin}/reset-password?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}
