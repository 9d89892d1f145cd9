import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { DatabaseService } from '../platform/database/database.service';
import { PersonalData } from '../platform/privacy/personal-data';

export interface MailBody {
  html: string | null;
  text: string | null;
}

/**
 * public.mail_archive: the rendered body of each mail sent, sealed under its data subject's key, so the
 * MailSent event stays small. Its SHA-256 (of the sealed text) is recorded in the event, so an auditor can
 * tell the row was not changed; the hash says nothing about the content once the subject is erased.
 */
@Injectable()
export class MailArchive {
  constructor(
    private readonly db: DatabaseService,
    private readonly privacy: PersonalData,
  ) {}

  /** Archives a body (once: a job that runs twice keeps the first) and returns the SHA-256 of what is stored. */
  async put(mailId: string, subjectId: string, body: MailBody): Promise<string> {
    const sealed = (await this.privacy.seal(subjectId, { html: body.html, text: body.text })) as string;
    // DO UPDATE (to itself) rather than DO NOTHING: it waits for a concurrent insert and returns the kept row.
    const row = await this.db.one<{ sealed: string }>(
      `INSERT INTO public.mail_archive AS a (mail_id, subject_id, sealed) VALUES ($1, $2, $3)
       ON CONFLICT (mail_id) DO UPDATE SET sealed = a.sealed RETURNING sealed`,
      [mailId, subjectId, sealed],
    );
    return sha256(row?.sealed ?? sealed);
  }

  /** The body, opened; null when there is none or its subject was erased. */
  async get(mailId: string): Promise<MailBody | null> {
    const row = await this.db.one<{ sealed: string }>('SELECT sealed FROM public.mail_archive WHERE mail_id = $1', [mailId]);
    if (!row) return null;
    const body = await this.privacy.open<{ html?: string | null; text?: string | null } | null>(row.sealed);
    return body ? { html: body.html ?? null, text: body.text ?? null } : null;
  }

  /** Erasure: deletes the subjects' archived bodies (the caller deletes their keys too). */
  async deleteOf(subjects: string[]): Promise<void> {
    await this.db.query('DELETE FROM public.mail_archive WHERE subject_id = ANY($1::text[])', [subjects]);
  }

  /** The SHA-256 of the stored row, as MailSent records it; null when there is no row. */
  async hashOf(mailId: string): Promise<string | null> {
    const row = await this.db.one<{ sealed: string }>('SELECT sealed FROM public.mail_archive WHERE mail_id = $1', [mailId]);
    return row ? sha256(row.sealed) : null;
  }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
