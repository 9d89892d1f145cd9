import { Inject, Injectable } from '@nestjs/common';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { DatabaseService } from '../platform/database/database.service';
import { keyedDigest } from '../platform/privacy/privacy-secret';

/** Why a mail was recorded without being sent (MailSent's `suppressed`). */
export type { MailSuppression } from '@facet/contracts';

/** Domains whose mailboxes ignore dots in the local part: a.da@gmail.com and ada@googlemail.com are one inbox. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The inbox an address reaches, for counting: case and surrounding spaces ignored, a +tag in the local part
 * dropped (victim+1@x.test and victim+2@x.test land in one inbox), and at Gmail the dots too (a ten-letter
 * name has 512 dotted spellings, each with a cap of its own otherwise). Only for counting: mail goes to the
 * address as typed.
 */
export function inboxOf(address: string): string {
  const a = address.normalize('NFC').trim().toLowerCase();
  const at = a.lastIndexOf('@');
  if (at <= 0) return a;
  let local = a.slice(0, at);
  let domain = a.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (Object.hasOwn(DOTLESS_DOMAINS, domain)) {
    domain = DOTLESS_DOMAINS[domain];
    // Gmail takes no address of dots alone; kept as typed rather than counted as an empty name.
    if (local.replaceAll('.', '')) local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

/** The recipient as public.mail_recipient_windows knows it: a keyed digest, never the address. */
export function recipientKey(address: string): string {
  return keyedDigest('mail-recipient', inboxOf(address));
}

/**
 * Caps the mail anyone can make the shop send to an address they typed (MAIL_RECIPIENT_CAP per
 * MAIL_RECIPIENT_WINDOW_SECONDS per recipient), so the shop cannot be used to flood a stranger's inbox. The
 * request itself is always accepted; only the mail past the cap is recorded instead of sent.
 *
 * Counted in PostgreSQL, so every worker process shares one count: the window's row lock orders concurrent
 * mails to one recipient, and the decision is kept on the mail's outbox row, whose lock orders two runs of
 * the same job. One statement, in the mail worker: nothing is added to the request that queued the mail.
 */
@Injectable()
export class RecipientCap {
  constructor(
    private readonly db: DatabaseService,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  /**
   * Whether the queued mail may go out: counts it in its recipient's window the first time, and answers
   * the same afterwards (a job run again after a crash is not counted again). Null when the mail is no
   * longer in the outbox: its person was erased, or another run of its job finished it.
   */
  async admit(mailId: string, to: string): Promise<boolean | null> {
    const { perRecipient, windowSeconds } = this.config.mailRecipientCap;
    const row = await this.db.one<{ queued: boolean; admitted: boolean | null }>(
      `WITH mail AS (
         SELECT admitted FROM public.mail_outbox WHERE mail_id = $1 FOR UPDATE
       ), counted AS (
         INSERT INTO public.mail_recipient_windows AS w (recipient_key, used, window_ends)
         SELECT $2, 1, now() + make_interval(secs => $4) FROM mail WHERE mail.admitted IS NULL
         ON CONFLICT (recipient_key) DO UPDATE SET
           used = CASE WHEN w.window_ends > now() THEN w.used + 1 ELSE 1 END,
           window_ends = CASE WHEN w.window_ends > now() THEN w.window_ends ELSE EXCLUDED.window_ends END
         RETURNING used <= $3 AS admitted
       ), decided AS (
         UPDATE public.mail_outbox o SET admitted = counted.admitted FROM counted WHERE o.mail_id = $1 RETURNING o.admitted
       )
       SELECT EXISTS (SELECT 1 FROM mail) AS queued, coalesce((SELECT admitted FROM decided), (SELECT admitted FROM mail)) AS admitted`,
      [mailId, recipientKey(to), perRecipient, windowSeconds],
    );
    if (Math.random() < 0.01) await this.prune().catch(() => undefined);
    return row?.queued ? row.admitted : null;
  }

  /** Deletes the windows that have ended: a recipient's next mail starts a new one anyway. */
  async prune(): Promise<void> {
    await this.db.query('DELETE FROM public.mail_recipient_windows WHERE window_ends < now()');
  }

  /** Erasure: the person's address leaves no count behind either. */
  async forget(address: string): Promise<void> {
    await this.db.query('DELETE FROM public.mail_recipient_windows WHERE recipient_key = $1', [recipientKey(address)]);
  }
}
