import { createHash, createHmac, randomBytes } from 'crypto';
import { promises as fs } from 'fs';
import { dirname, join } from 'path';
import { Pool } from 'pg';

/**
 * The shop's privacy secret keys every digest of personal data (guest subjects, throttle keys, idempotency
 * scopes, the recipient cap), so nobody holding a candidate e-mail address can match it against the log or
 * the database. It is never kept in the database: a dump alone derives none of those digests. From
 * PRIVACY_SECRET (required in production, at least 32 characters; `base64:<...>` gives raw bytes), else a
 * secret generated once into PRIVACY_SECRET_FILE under the data directory (mode 0600).
 */
let secret: Buffer | null = null;

export const PRIVACY_SECRET_FILE = 'privacy-secret';

export interface PrivacySecretSource {
  /** PRIVACY_SECRET, or null. */
  fromEnv: string | null;
  /** FACET_DATA_DIR: where the generated secret's file lives when PRIVACY_SECRET is unset. */
  dataDir: string;
}

export async function loadPrivacySecret(pool: Pool, source: PrivacySecretSource): Promise<void> {
  const file = join(source.dataDir, PRIVACY_SECRET_FILE);
  // Shops before this version generated their secret into public.privacy_secret (migration 070).
  const stored = await storedSecret(pool);
  const loaded = source.fromEnv ? fromEnvironment(source.fromEnv) : await fromFile(file, stored);
  if (stored && !stored.equals(loaded)) {
    throw new Error(
      `public.privacy_secret holds the privacy secret this shop's digests were made with, and ${source.fromEnv ? 'PRIVACY_SECRET' : file} ` +
        `holds another. Set PRIVACY_SECRET to the stored one (SELECT 'base64:' || encode(secret, 'base64') FROM public.privacy_secret), ` +
        `or delete that row to start over with ${source.fromEnv ? 'PRIVACY_SECRET' : file}.`,
    );
  }
  await checkFingerprint(pool, loaded, source.fromEnv ? 'PRIVACY_SECRET' : file);
  // Kept elsewhere now: the database no longer holds it.
  if (stored) await pool.query('DELETE FROM public.privacy_secret');
  secret = loaded;
}

function fromEnvironment(value: string): Buffer {
  if (value.startsWith('base64:')) {
    const bytes = Buffer.from(value.slice('base64:'.length), 'base64');
    if (bytes.length < 32) throw new Error('PRIVACY_SECRET (base64:) must hold at least 32 bytes.');
    return bytes;
  }
  if (value.length < 32) throw new Error('PRIVACY_SECRET must be at least 32 characters.');
  return Buffer.from(value, 'utf8');
}

/** The secret an older version stored in the database, if that table still holds it. */
async function storedSecret(pool: Pool): Promise<Buffer | null> {
  const table = await pool.query<{ present: boolean }>(`SELECT to_regclass('public.privacy_secret') IS NOT NULL AS present`);
  if (!table.rows[0].present) return null;
  const r = await pool.query<{ secret: Buffer }>('SELECT secret FROM public.privacy_secret WHERE id = 1');
  return (r.rows[0] as { secret: Buffer } | undefined)?.secret ?? null;
}

/**
 * The secret in the file (hex), created with `initial` (the database's old one) or fresh bytes when missing.
 * Written to a file of its own and linked into place: processes starting together all get the first one.
 */
async function fromFile(file: string, initial: Buffer | null): Promise<Buffer> {
  const existing = await readSecretFile(file);
  if (existing) return existing;
  await fs.mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const handle = await fs.open(draft, 'wx', 0o600);
  try {
    await handle.writeFile(`${(initial ?? randomBytes(32)).toString('hex')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.link(draft, file);
  } catch (e: unknown) {
    if ((e as NodeJS.ErrnoException | null)?.code !== 'EEXIST') throw e;
  } finally {
    await fs.unlink(draft);
  }
  return (await readSecretFile(file))!;
}

async function readSecretFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e: unknown) {
    if ((e as NodeJS.ErrnoException | null)?.code === 'ENOENT') return null;
    throw e;
  }
  const hex = text.trim();
  if (!/^([0-9a-f]{2}){32,}$/i.test(hex)) throw new Error(`${file} must hold the privacy secret as 64 or more hex digits.`);
  return Buffer.from(hex, 'hex');
}

/**
 * The database remembers a keyed fingerprint of the secret it was first used with (not the secret): a
 * process started with another one (a lost file, a mistyped PRIVACY_SECRET) would derive digests that match
 * nothing already stored, and erasures would silently miss guests. It refuses to start instead.
 */
async function checkFingerprint(pool: Pool, candidate: Buffer, from: string): Promise<void> {
  const fingerprint = createHmac('sha256', candidate).update('facet privacy secret fingerprint').digest('hex');
  const r = await pool.query<{ fingerprint: string }>(
    `INSERT INTO public.privacy_secret_fingerprint (id, fingerprint) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id RETURNING fingerprint`,
    [fingerprint],
  );
  if (r.rows[0].fingerprint !== fingerprint) {
    throw new Error(
      `The privacy secret in ${from} is not the one this database's digests were made with. ` +
        `Start with the original PRIVACY_SECRET (or privacy-secret file under FACET_DATA_DIR).`,
    );
  }
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
 * The bare-hash subject that events written before the keyed derivation were sealed under. Read only, and
 * never written anywhere: old events still open with it, and an erasure deletes its key too.
 */
export function legacyGuestSubject(email: string): string {
  return `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
}

/** Every subject a guest's e-mail may have been sealed under (current first). */
export function guestSubjects(email: string): string[] {
  return [guestSubject(email), legacyGuestSubject(email)];
}
