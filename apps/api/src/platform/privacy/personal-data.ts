import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'crypto';
import { Pool } from 'pg';
import { DatabaseService } from '../database/database.service';

/**
 * Crypto-shredding: personal data inside events is sealed with a key per data subject (a customer, a
 * staff member, a shopper's e-mail). Deleting the key erases the person from every event at once; the
 * log keeps its shape. Sealed values are strings `pii:v1:<subject>:<iv>:<tag>:<ciphertext>`.
 */
const PREFIX = 'pii:v1:';
const JSON_PREFIX = 'pii:v1j:';
const ERASED_CHANNEL = 'facet_subject_erased';

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

function containsSealed(value: unknown): boolean {
  if (typeof value === 'string') return isSealed(value);
  if (Array.isArray(value)) return value.some(containsSealed);
  if (value && typeof value === 'object') {
    for (const k in value as Record<string, unknown>) if (containsSealed((value as Record<string, unknown>)[k])) return true;
  }
  return false;
}

export class SubjectKeys {
  private cache = new Map<string, Buffer | null>();
  private listening = false;

  constructor(private readonly pool: Pool) {}

  /** The subject's key, created on first use. */
  async keyFor(subjectId: string): Promise<Buffer> {
    const cached = this.cache.get(subjectId);
    if (cached) return cached;
    const fresh = randomBytes(32);
    const r = await this.pool.query(
      `INSERT INTO public.subject_keys (subject_id, key) VALUES ($1, $2)
       ON CONFLICT (subject_id) DO UPDATE SET subject_id = EXCLUDED.subject_id RETURNING key`,
      [subjectId, fresh],
    );
    const key = r.rows[0].key as Buffer;
    this.remember(subjectId, key);
    return key;
  }

  /** The key if it still exists; null once the subject was erased. */
  async existingKey(subjectId: string): Promise<Buffer | null> {
    if (this.cache.has(subjectId)) return this.cache.get(subjectId) ?? null;
    const r = await this.pool.query('SELECT key FROM public.subject_keys WHERE subject_id = $1', [subjectId]);
    const key = r.rowCount ? (r.rows[0].key as Buffer) : null;
    this.remember(subjectId, key);
    return key;
  }

  async erase(subjectId: string): Promise<void> {
    await this.pool.query('DELETE FROM public.subject_keys WHERE subject_id = $1', [subjectId]);
    this.cache.set(subjectId, null);
    // Other processes drop their cached copy of the key.
    await this.pool.query('SELECT pg_notify($1, $2)', [ERASED_CHANNEL, subjectId]);
  }

  forget(subjectId: string): void {
    this.cache.delete(subjectId);
  }

  private remember(subjectId: string, key: Buffer | null): void {
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(subjectId, key);
  }
}

@Injectable()
export class PersonalData {
  readonly keys: SubjectKeys;

  constructor(@Inject(DatabaseService) db: DatabaseService) {
    this.keys = new SubjectKeys(db.pool);
  }

  /** Seals one value (a string, or anything JSON) for a subject; null and undefined stay null. */
  async seal(subjectId: string, value: unknown): Promise<string | null> {
    if (value === null || value === undefined) return null;
    const isText = typeof value === 'string';
    const key = await this.keys.keyFor(subjectId);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const plain = isText ? value : JSON.stringify(value);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const prefix = isText ? PREFIX : JSON_PREFIX;
    return `${prefix}${encodeURIComponent(subjectId)}:${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${ciphertext.toString('base64')}`;
  }

  /** Seals the named fields of an object (other fields untouched). */
  async sealFields<T extends Record<string, any>>(subjectId: string, obj: T, fields: readonly string[]): Promise<T> {
    const copy: Record<string, any> = { ...obj };
    for (const f of fields) {
      if (f in copy && !isSealed(copy[f])) copy[f] = await this.seal(subjectId, copy[f]);
    }
    return copy as T;
  }

  /**
   * Opens one sealed value; `whenErased` (null, or ERASED for read models) once the subject has been
   * erased. Plain values pass through.
   */
  async open(value: unknown, whenErased: null | typeof ERASED = null): Promise<any> {
    if (!isSealed(value)) return value;
    const isJson = value.startsWith(JSON_PREFIX);
    const [subjectEnc, ivB64, tagB64, ctB64] = value.slice(isJson ? JSON_PREFIX.length : PREFIX.length).split(':');
    const key = await this.keys.existingKey(decodeURIComponent(subjectEnc));
    if (!key) return whenErased;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivB64, 'base64'));
    decipher.setAuthTag(Buffer.from(tagB64, 'base64'));
    let plain: string;
    try {
      plain = Buffer.concat([decipher.update(Buffer.from(ctB64, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      // Sealed under an earlier key of this subject: it was erased, then came back (a guest's e-mail used
      // again makes the same subject) and got a new key. What the old key sealed is erased for good.
      return whenErased;
    }
    return isJson ? JSON.parse(plain) : plain;
  }

  /** Opens every sealed string anywhere inside a value (events' data, as read from the log). */
  async openDeep<T>(value: T, whenErased: null | typeof ERASED = null): Promise<T> {
    // Most events hold no personal data: a synchronous scan avoids a promise per field.
    return containsSealed(value) ? this.openAll(value, whenErased) : value;
  }

  private async openAll<T>(value: T, whenErased: null | typeof ERASED): Promise<T> {
    if (isSealed(value)) return (await this.open(value, whenErased)) as T;
    if (Array.isArray(value)) return (await Promise.all(value.map((v) => this.openAll(v, whenErased)))) as T;
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = containsSealed(v) ? await this.openAll(v, whenErased) : v;
      return out as T;
    }
    return value;
  }

  /** Deletes the subject's key: everything sealed for them becomes unreadable, everywhere. */
  erase(subjectId: string): Promise<void> {
    return this.keys.erase(subjectId);
  }

  static readonly ERASED_CHANNEL = ERASED_CHANNEL;
}
