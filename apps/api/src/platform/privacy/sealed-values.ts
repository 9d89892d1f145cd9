// Sealed personal data: the format, the subjects' keys and opening, with no Nest dependency, so a worker
// thread (the replay's log reader) can open events too. PersonalData (personal-data.ts) is the shop's door to it.
import { createDecipheriv, randomBytes } from 'crypto';
import { Pool } from 'pg';
import { Tx, withTransaction } from '../database/transaction';

/**
 * Crypto-shredding: personal data inside events is sealed with a key per data subject (a customer, a
 * staff member, a shopper's e-mail). Deleting the key erases the person from every event at once; the
 * log keeps its shape. Sealed values are strings `pii:v1:<subject>:<iv>:<tag>:<ciphertext>`.
 */
export const PREFIX = 'pii:v1:';
export const JSON_PREFIX = 'pii:v1j:';
export const ERASED_CHANNEL = 'facet_subject_erased';

/**
 * What read models show where an erased person's data was (a name, an e-mail, a phone, a note), both
 * when the live projection purges them and when a replay opens their sealed fields without a key, so the
 * two give the same rows. Deciders and reactors still see null (nothing to act on).
 */
export const ERASED = 'erased';

/** A personal text column as a read model keeps it after erasure: the placeholder, or null if it was empty. */
export const erasedColumn = (column: string): string => `CASE WHEN ${column} IS NULL THEN NULL ELSE '${ERASED}' END`;

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && (value.startsWith(PREFIX) || value.startsWith(JSON_PREFIX));
}

export function containsSealed(value: unknown): boolean {
  if (typeof value === 'string') return isSealed(value);
  if (Array.isArray(value)) return value.some(containsSealed);
  if (value && typeof value === 'object') {
    for (const k in value as Record<string, unknown>) if (containsSealed((value as Record<string, unknown>)[k])) return true;
  }
  return false;
}

export class SubjectKeys {
  private cache = new Map<string, Buffer | null>();
  /** Counts erasures seen by this process, so a key read before one is not cached after it. */
  private erasures = 0;
  private listening = false;

  constructor(private readonly pool: Pool) {}

  /**
   * The subject's key, created on first use. For a subject erased for good it is a key kept nowhere:
   * what is sealed with it is erased as it is written, like what was sealed before the erasure. The
   * subject's lock (taken in subject_key_for) orders this against erase(), so no key is stored again after such an erasure.
   */
  async keyFor(subjectId: string): Promise<Buffer> {
    const cached = this.cache.get(subjectId);
    if (cached) return cached;
    const fresh = randomBytes(32);
    const epoch = this.erasures;
    // One statement: the subject's lock, the erased-for-good check and the insert (migration 095).
    // Named: parsed once per connection (once for every shopper's first order, so once per order under load).
    // (Unnamed behind a transaction pooler: createPool.)
    const r = await this.pool.query<{ key: Buffer | null }>({
      name: 'facet_subject_key_for',
      text: 'SELECT public.subject_key_for($1, $2) AS key',
      values: [subjectId, fresh],
    });
    const key = (r.rows[0] as { key: Buffer | null } | undefined)?.key ?? null;
    if (!key) return randomBytes(32); // never cached: existingKey() must keep answering null
    // An erasure meanwhile may have deleted this key: caching it then would let this process still open it.
    if (this.erasures === epoch) this.remember(subjectId, key);
    return key;
  }

  /** The key if it still exists; null once the subject was erased. */
  async existingKey(subjectId: string): Promise<Buffer | null> {
    if (this.cache.has(subjectId)) return this.cache.get(subjectId) ?? null;
    const epoch = this.erasures;
    const r = await this.pool.query<{ key: Buffer }>('SELECT key FROM public.subject_keys WHERE subject_id = $1', [subjectId]);
    const key = r.rowCount ? r.rows[0].key : null;
    if (this.erasures === epoch) this.remember(subjectId, key);
    return key;
  }

  /**
   * Whether the subject has no key now, asked of the database rather than this process's cache: for
   * decisions that must not act on a subject another process erased a moment ago (a payment landing).
   */
  async keyGone(subjectId: string): Promise<boolean> {
    const r = await this.pool.query('SELECT 1 FROM public.subject_keys WHERE subject_id = $1', [subjectId]);
    return r.rowCount === 0;
  }

  /**
   * The keys of many subjects (null where erased), with one query for those not cached: readers of many
   * events call it once per batch instead of once per subject.
   */
  async keysOf(subjectIds: Iterable<string>): Promise<Map<string, Buffer | null>> {
    const keys = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const id of subjectIds) {
      if (this.cache.has(id)) keys.set(id, this.cache.get(id) ?? null);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const epoch = this.erasures;
      const r = await this.pool.query<{ subject_id: string; key: Buffer }>(
        'SELECT subject_id, key FROM public.subject_keys WHERE subject_id = ANY($1::text[])',
        [missing],
      );
      const found = new Map(r.rows.map((row) => [row.subject_id, row.key]));
      for (const id of missing) {
        const key = found.get(id) ?? null;
        keys.set(id, key);
        if (this.erasures === epoch) this.remember(id, key);
      }
    }
    return keys;
  }

  /**
   * Deletes the subject's key. `forever` (a subject whose id is never used again, like a customer's
   * account) also keeps it from getting a new one: a write racing the erasure must not seal the person
   * again under a fresh key, where nothing would ever erase them.
   */
  async erase(subjectId: string, forever = false): Promise<void> {
    await this.locked(subjectId, async (client) => {
      if (forever) {
        await client.query('INSERT INTO public.erased_subjects (subject_id) VALUES ($1) ON CONFLICT DO NOTHING', [subjectId]);
      }
      await client.query('DELETE FROM public.subject_keys WHERE subject_id = $1', [subjectId]);
    });
    this.erasures++;
    this.cache.set(subjectId, null);
    // Other processes drop their cached copy of the key.
    await this.pool.query('SELECT pg_notify($1, $2)', [ERASED_CHANNEL, subjectId]);
  }

  /** Runs `fn` in a transaction holding the subject's lock (making and erasing its key take it). */
  private locked<T>(subjectId: string, fn: (client: Tx) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('subject-key:' || $1, 0))`, [subjectId]);
      return fn(tx);
    });
  }

  forget(subjectId: string): void {
    this.erasures++;
    this.cache.delete(subjectId);
  }

  private remember(subjectId: string, key: Buffer | null): void {
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(subjectId, key);
  }
}

/** Where a sealed string's subject starts: after the prefix. */
const subjectStart = (value: string): number => (value.startsWith(JSON_PREFIX) ? JSON_PREFIX.length : PREFIX.length);

/** A sealed string's subject as written in it (URI-encoded). */
function encodedSubject(value: string): string {
  const start = subjectStart(value);
  const end = value.indexOf(':', start);
  return end < 0 ? value.slice(start) : value.slice(start, end);
}

function decodeSubject(encoded: string): string {
  // Most subject ids need no decoding (a uuid, a hex digest); decodeURIComponent would throw on a malformed escape.
  if (!encoded.includes('%')) return encoded;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** The subject a sealed string was sealed for. */
export function sealedSubject(value: string): string {
  return decodeSubject(encodedSubject(value));
}

/** Collects every sealed string inside a value. */
function collectSealed(value: unknown, into: string[]): void {
  if (typeof value === 'string') {
    if (isSealed(value)) into.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectSealed(v, into);
  } else if (value && typeof value === 'object') {
    for (const k of Object.keys(value)) collectSealed((value as Record<string, unknown>)[k], into);
  }
}

/**
 * Replaces the sealed strings inside a value with what `open` gives for them, in one pass: a value holding
 * no sealed string comes back as it is, others as copies with only the sealed parts changed.
 */
function openWith<T>(value: T, open: (sealed: string) => unknown): T {
  if (typeof value === 'string') return (isSealed(value) ? open(value) : value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    let out: unknown[] | null = null;
    for (let i = 0; i < items.length; i++) {
      const opened = openWith(items[i], open);
      if (opened !== items[i]) (out ??= items.slice())[i] = opened;
    }
    return (out ?? items) as T;
  }
  let out: Record<string, unknown> | null = null;
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    const opened = openWith(v, open);
    if (opened === v) continue;
    out ??= { ...(value as Record<string, unknown>) };
    // defineProperty: a key named __proto__ (JSON allows it) stays a plain key.
    Object.defineProperty(out, k, { value: opened, writable: true, enumerable: true, configurable: true });
  }
  return (out ?? value) as T;
}

/** Scratch space for a sealed value's IV and tag: decoding them allocates nothing. */
const scratch = Buffer.alloc(64);

/**
 * The plain text of one sealed string: null when the key is gone or is not the one it was sealed with, the
 * string itself when it only looks sealed (a shopper may type "pii:v1:..."). JSON-sealed values stay text.
 */
export function decryptText(value: string, key: Uint8Array | null): string | null {
  const subjectEnd = value.indexOf(':', subjectStart(value));
  const ivEnd = subjectEnd < 0 ? -1 : value.indexOf(':', subjectEnd + 1);
  const tagEnd = ivEnd < 0 ? -1 : value.indexOf(':', ivEnd + 1);
  if (tagEnd < 0) return value;
  const ctEnd = value.indexOf(':', tagEnd + 1);
  const ivLength = scratch.write(value.slice(subjectEnd + 1, ivEnd), 0, 'base64');
  const tagLength = scratch.write(value.slice(ivEnd + 1, tagEnd), 32, 'base64');
  if (ivLength !== 12 || tagLength !== 16) return value;
  if (!key) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, scratch.subarray(0, 12));
    decipher.setAuthTag(scratch.subarray(32, 48));
    const opened = decipher.update(Buffer.from(ctEnd < 0 ? value.slice(tagEnd + 1) : value.slice(tagEnd + 1, ctEnd), 'base64'));
    decipher.final(); // checks the tag: nothing is returned unless it holds
    return opened.toString('utf8');
  } catch {
    // Sealed under an earlier key of this subject: it was erased, then came back (a guest's e-mail used
    // again makes the same subject) and got a new key. What the old key sealed is erased for good.
    return null;
  }
}

/** A sealed string's value from its plain text (decryptText): parsed if it was sealed as JSON. */
function fromText(value: string, text: string | null, whenErased: null | typeof ERASED): unknown {
  if (text === null) return whenErased;
  if (text === value) return value;
  return value.startsWith(JSON_PREFIX) ? JSON.parse(text) : text;
}

/** Opens one sealed string with its subject's key: the plain value, or `whenErased` once the key is gone. */
export function decrypt(value: string, key: Buffer | null, whenErased: null | typeof ERASED): unknown {
  return fromText(value, decryptText(value, key), whenErased);
}

/**
 * Decrypts many sealed strings, each with its key (decryptText for each): a replay hands this work to a
 * thread of its own (sealed-opener.ts).
 */
export type DecryptMany = (values: string[], keys: (Buffer | null)[]) => Promise<(string | null)[]>;

/**
 * Opens every sealed string inside many values (a batch of events' data) with one key query for all their
 * subjects, then without a promise per field. Shared by PersonalData and the replay's log readers.
 */
export async function openSealed<T>(
  keys: SubjectKeys,
  values: T[],
  whenErased: null | typeof ERASED,
  decryptMany?: DecryptMany,
): Promise<T[]> {
  const sealed: string[] = [];
  for (const v of values) collectSealed(v, sealed);
  if (sealed.length === 0) return values;
  const writtenOf = sealed.map(encodedSubject);
  const subjectOf = new Map<string, string>();
  for (const w of writtenOf) if (!subjectOf.has(w)) subjectOf.set(w, decodeSubject(w));
  const found = await keys.keysOf(new Set(subjectOf.values()));
  const keyOf = writtenOf.map((w) => found.get(subjectOf.get(w)!) ?? null);
  // openWith meets the sealed strings in the order collectSealed found them (both walk Object.keys).
  let next = 0;
  if (!decryptMany) return values.map((v) => openWith(v, (s) => decrypt(s, keyOf[next++], whenErased)));
  const texts = await decryptMany(sealed, keyOf);
  return values.map((v) => openWith(v, (s) => fromText(s, texts[next++], whenErased)));
}
