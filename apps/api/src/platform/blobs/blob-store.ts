import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { DatabaseService } from '../database/database.service';
import { BadInputError, PayloadTooLargeError } from '../domain/errors';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const EXTENSIONS: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** What the file's own first bytes say it is, whatever name or declared type it came with. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

export interface DecodedDataUrl {
  declaredType: string;
  bytes: Buffer;
}

/** Decodes `data:<type>;base64,<data>`; anything else is a 400. */
export function decodeDataUrl(value: string, field: string): DecodedDataUrl {
  // The header and the body are checked apart: one regular expression over a 14 MB body overflowed
  // V8's regexp stack (a 500 instead of a 400 or 413).
  const comma = value.indexOf(',');
  const header = comma > 0 && comma <= 120 ? /^data:([a-z0-9.+/-]{1,100});base64$/i.exec(value.slice(0, comma)) : null;
  const body = comma > 0 ? value.slice(comma + 1) : '';
  if (!header || body.length === 0 || /[^A-Za-z0-9+/=\s]/.test(body)) {
    throw new BadInputError(`${field} must be a base64 data URL (data:image/png;base64,...)`, field);
  }
  return { declaredType: header[1].toLowerCase(), bytes: Buffer.from(body, 'base64') };
}

export interface StoredBlob {
  sha256: string;
  mime: ImageType;
  size: number;
  /** The file's name under /api/media. */
  name: string;
}

@Injectable()
export class BlobStore {
  constructor(private readonly db: DatabaseService) {}

  /** Stores an image after checking its real type and size; the same bytes are stored once. */
  async putImage(
    bytes: Buffer,
    options: {
      allowed: readonly ImageType[];
      maxBytes: number;
      field: string;
      visibility: 'public' | 'private';
      messages: { type: string; size: string };
      /** The person the image is about (private uploads): it is deleted when they are erased. */
      subject?: string;
    },
  ): Promise<StoredBlob> {
    const { allowed, maxBytes, field, messages } = options;
    if (bytes.length > maxBytes) throw new PayloadTooLargeError(messages.size);
    const mime = sniffImageType(bytes);
    if (!mime || !allowed.includes(mime)) throw new BadInputError(messages.type, field);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // Public wins: the same bytes uploaded as a product photo become servable.
    await this.db.query(
      `INSERT INTO public.blobs (sha256, mime, size, data, visibility) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (sha256) DO UPDATE SET visibility = CASE WHEN EXCLUDED.visibility = 'public' THEN 'public' ELSE blobs.visibility END`,
      [sha256, mime, bytes.length, bytes, options.visibility],
    );
    if (options.subject) {
      await this.db.query('INSERT INTO public.blob_subjects (sha256, subject_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        sha256,
        options.subject,
      ]);
    }
    return { sha256, mime, size: bytes.length, name: `${sha256}.${EXTENSIONS[mime]}` };
  }

  async get(sha256: string, visibility?: 'public'): Promise<{ mime: string; data: Buffer } | null> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
    return this.db.one(`SELECT mime, data FROM public.blobs WHERE sha256 = $1 ${visibility ? "AND visibility = 'public'" : ''}`, [sha256]);
  }

  /** Erasure: deletes the private uploads of these subjects (public catalogue images are never theirs). */
  async deleteForSubjects(subjects: string[]): Promise<number> {
    const rows = await this.db.query(
      `WITH mine AS (DELETE FROM public.blob_subjects WHERE subject_id = ANY($1::text[]) RETURNING sha256)
       DELETE FROM public.blobs WHERE visibility = 'private' AND sha256 IN (SELECT sha256 FROM mine) RETURNING sha256`,
      [subjects],
    );
    return rows.length;
  }

  async delete(sha256: string): Promise<void> {
    await this.db.query('DELETE FROM public.blobs WHERE sha256 = $1', [sha256]);
  }
}
