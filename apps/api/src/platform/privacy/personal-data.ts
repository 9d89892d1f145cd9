import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, randomBytes } from 'crypto';
import { DatabaseService } from '../database/database.service';
import {
  containsSealed,
  decrypt,
  DecryptMany,
  ERASED,
  ERASED_CHANNEL,
  isSealed,
  JSON_PREFIX,
  openSealed,
  PREFIX,
  sealedSubject,
  SubjectKeys,
} from './sealed-values';
import { mapPersonalPaths, worthSealing } from './personal-fields';

export { ERASED, erasedColumn, isSealed, SubjectKeys } from './sealed-values';

/**
 * Crypto-shredding for the shop (the format and the keys are in sealed-values.ts): seals personal fields
 * under their subject's key, opens them, and erases a subject by deleting the key.
 */
@Injectable()
export class PersonalData {
  readonly keys: SubjectKeys;

  constructor(@Inject(DatabaseService) db: DatabaseService) {
    this.keys = new SubjectKeys(db.pool);
  }

  /** Seals one value (a string, or anything JSON) for a subject; null and undefined stay null. */
  async seal(subjectId: string, value: unknown): Promise<string | null> {
    if (value === null || value === undefined) return null;
    return sealWith(subjectId, await this.keys.keyFor(subjectId), value);
  }

  /**
   * Seals the named fields of an object, or the values at the paths named (personal-fields.ts: 'items[].engraving'),
   * other fields untouched; the object itself when there is nothing to seal.
   */
  async sealFields<T extends object>(subjectId: string, obj: T, fields: readonly string[]): Promise<T> {
    const needs = (v: unknown, nested: boolean) => worthSealing(v, nested) && !isSealed(v);
    let wanted = false;
    mapPersonalPaths(obj, fields, (v, nested) => {
      if (needs(v, nested)) wanted = true;
      return v;
    });
    if (!wanted) return obj;
    const key = await this.keys.keyFor(subjectId);
    return mapPersonalPaths(obj, fields, (v, nested) => (needs(v, nested) ? sealWith(subjectId, key, v) : v));
  }

  /**
   * Opens one sealed value; `whenErased` (null, or ERASED for read models) once the subject has been
   * erased. Plain values pass through.
   */
  async open<T = unknown>(value: unknown, whenErased: null | typeof ERASED = null): Promise<T> {
    // What was sealed is whatever the caller stored there: it names the type it expects back.
    if (!isSealed(value)) return value as T;
    const key = await this.keys.existingKey(sealedSubject(value));
    return decrypt(value, key, whenErased) as T;
  }

  /**
   * Opens every sealed string inside many values (a batch of events' data) with one key query for all
   * their subjects, then without a promise per field: what readers of the log use.
   */
  async openMany<T>(values: T[], whenErased: null | typeof ERASED = null, decryptMany?: DecryptMany): Promise<T[]> {
    return openSealed(this.keys, values, whenErased, decryptMany);
  }

  /** Opens every sealed string anywhere inside a value (events' data, as read from the log). */
  async openDeep<T>(value: T, whenErased: null | typeof ERASED = null): Promise<T> {
    // Most events hold no personal data: a synchronous scan avoids any work for them.
    return containsSealed(value) ? (await this.openMany([value], whenErased))[0] : value;
  }

  /**
   * Deletes the subject's key: everything sealed for them becomes unreadable, everywhere. `forever` for a
   * subject whose id never comes back (an account): nothing can be sealed for them afterwards.
   */
  erase(subjectId: string, forever = false): Promise<void> {
    return this.keys.erase(subjectId, forever);
  }

  static readonly ERASED_CHANNEL = ERASED_CHANNEL;
}

/** One value sealed with the subject's key: `pii:v1:` for a string, `pii:v1j:` for anything else (as JSON). */
function sealWith(subjectId: string, key: Buffer, value: unknown): string {
  const isText = typeof value === 'string';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const plain = isText ? value : JSON.stringify(value);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const prefix = isText ? PREFIX : JSON_PREFIX;
  // The id as PostgreSQL stored it with the key (a lone surrogate becomes U+FFFD), so encodeURIComponent cannot throw.
  const storedId = Buffer.from(subjectId, 'utf8').toString('utf8');
  return `${prefix}${encodeURIComponent(storedId)}:${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${ciphertext.toString('base64')}`;
}
