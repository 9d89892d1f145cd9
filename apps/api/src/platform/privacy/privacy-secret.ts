import { createHash, createHmac, randomBytes } from 'crypto';
import { Pool } from 'pg';

/**
 * The shop's privacy secret keys every digest of personal data (guest subjects, throttle keys, idempotency
 * scopes), so nobody holding a candidate e-mail address can match it against the log or the database.
 * From PRIVACY_SECRET when set (at least 32 characters), else generated and stored on first start.
 */
let secret: Buffer | null = null;

export async function loadPrivacySecret(pool: Pool, fromEnv: string | null): Promise<void> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('PRIVACY_SECRET must be at least 32 characters.');
    secret = Buffer.from(fromEnv, 'utf8');
    return;
  }
  const r = await pool.query(
    `INSERT INTO public.privacy_secret (id, secret) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id RETURNING secret`,
    [randomBytes(32)],
  );
  secret = r.rows[0].secret as Buffer;
}

function currentSecret(): Buffer {
  if (secret) return secret;
  // Unit tests run deciders without a database; a server never gets here before loadPrivacySecret.
  if (process.env.JEST_WORKER_ID) return Buffer.from('facet unit tests only: not a real privacy secret');
  throw new Error('The privacy secret is not loaded yet.');
}

/** A keyed digest of a personal value for one purpose (hex, 40 characters). */
export function keyedDigest(purpose: string, value: string): string {
  return createHmac('sha256', currentSecret()).update(`${purpose}\0${value}`).digest('hex').slice(0, 40);
}

/** The subject id for a guest known only by e-mail: a keyed HMAC of the address. */
export function guestSubject(email: string): string {
  return `guest:${keyedDigest('guest-subject', email.trim().toLowerCase())}`;
}

/**
 * The bare-hash subject that events written before the keyed derivation were sealed under. Read only: old
 * events still open with it, and an erasure deletes its key too.
 */
export function legacyGuestSubject(email: string): string {
  return `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
}

/** Every subject a guest's e-mail may have been sealed under (current first). */
export function guestSubjects(email: string): string[] {
  return [guestSubject(email), legacyGuestSubject(email)];
}
