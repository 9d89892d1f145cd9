import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job } from 'bullmq';
import nodemailer, { Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { ConcurrencyError, EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { Queues } from '../platform/queue/queues.service';
import { MailArchive } from './mail-archive';
import { MAIL_SENT_VERSION, MAIL_TEMPLATE_VERSION, MailSent, mailStream } from './mail-events';
import { MAIL_QUEUE, MailJob, MailOutbox, OutgoingMail } from './mail.outbox';
import { headerSafe } from './mail-templates';
import { keptVersion } from './mail-secrets';
import { MailSuppression, RecipientCap } from './recipient-cap';

/**
 * A relay that stops answering fails the job within a minute, to be retried with backoff (nodemailer waits
 * up to 2 min to connect and 10 min on a silent socket). The URL's own parameters (?socketTimeout=) win.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function smtpTransport(url: string): Transporter {
  // nodemailer drops every other option when given `url`, so the URL is read here and laid over ours.
  return nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...(parseConnectionUrl(url) as SMTPTransport.Options) });
}

/**
 * Whether a send failed because the relay refused the recipient with a permanent (5xx) reply to RCPT TO: an
 * address no relay will take (nodemailer's EENVELOPE). A 4xx, a refused connection or a timeout may pass later,
 * and a refused sender or body would refuse every mail (a setting to fix, not a mail to drop): those retry.
 */
export function refusedForGood(err: unknown): boolean {
  const { code, command, responseCode } = (err ?? {}) as { code?: unknown; command?: unknown; responseCode?: unknown };
  // RCPT TO only: a refused sender (MAIL FROM) or body (DATA) is the shop's own setting, wrong for every mail.
  return code === 'EENVELOPE' && command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** The domain of the shop's sender address, for Message-IDs (facet.invalid when it has none). */
export function messageIdDomain(mailFrom: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom);
  return m ? m[1].toLowerCase() : 'facet.invalid';
}

/**
 * The mail worker (role worker): sends each queued mail over SMTP (SMTP_URL) or, without it, keeps it for
 * staff to read, archives its body (mail-archive.ts), then records MailSent on mail-<jobId> with expected 'no_stream', so a job that runs twice
 * records (and, once recorded, sends) once. Failures retry with exponential backoff (the queue's defaults).
 * A mail to a typed address past its recipient's cap (recipient-cap.ts) is archived and recorded as
 * suppressed instead of sent, so staff and auditors see it; so is a mail whose address the relay refused for
 * good (refusedForGood), which no retry would deliver.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private transport: Transporter | null = null;

  constructor(
    private readonly queues: Queues,
    private readonly es: EventSourcing,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    private readonly outbox: MailOutbox,
    private readonly archive: MailArchive,
    private readonly cap: RecipientCap,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.roles.includes('worker')) return;
    if (this.config.smtpUrl) this.transport = smtpTransport(this.config.smtpUrl);
    this.queues.worker<MailJob>(MAIL_QUEUE, (job) => this.process(job), { concurrency: 4 });
  }

  async process(job: Job<MailJob>): Promise<'sent' | 'suppressed' | 'already-sent' | 'erased'> {
    const mailId = String(job.id);
    const stream = mailStream(mailId);
    if ((await this.store.readStream(stream)).length > 0) {
      await this.outbox.done(mailId);
      return 'already-sent';
    }
    // The job holds only the id: the content is read (and opened) now, so an erased person gets no mail.
    // Jobs queued before the outbox (their content in the job itself) are still sent once.
    const legacy = (job.data as { to?: unknown } | null)?.to ? { ...(job.data as unknown as OutgoingMail), handedOver: false } : null;
    const mail = legacy ?? (await this.outbox.read(mailId));
    if (!mail) return 'erased';
    let suppressed: MailSuppression | null = null;
    if (mail.recipientCap && !legacy) {
      const admitted = await this.cap.admit(mailId, mail.to);
      if (admitted === null) return 'erased';
      if (!admitted) suppressed = 'recipient-cap';
    }
    if (suppressed) {
      this.logger.log(`Mail suppressed (${suppressed}): ${mail.kind} ${mailId}`);
    } else if (this.transport && mail.handedOver) {
      this.logger.log(`Mail already accepted by the relay, recorded now: ${mail.kind} ${mailId}`);
    } else if (this.transport) {
      try {
        await this.transport.sendMail({
          from: this.config.mailFrom,
          // One address, as given: a string is parsed by nodemailer as a list, and addresses recorded before the
          // e-mail rule may hold 'x;someone@else.com' or 'team:someone@else.com' (they went to someone@else.com).
          to: { name: '', address: mail.to },
          subject: headerSafe(mail.subject),
          html: mail.html,
          text: mail.text,
          // One Message-ID per mail, however often it is handed over: mail systems drop a repeat of one they hold.
          messageId: `<${mailId}@${messageIdDomain(this.config.mailFrom)}>`,
          headers: { 'X-Facet-Mail-Id': mailId, 'X-Facet-Mail-Kind': mail.kind },
        });
      } catch (err) {
        // The relay refused the address for good (5xx to RCPT TO): asking again, eight times and then at every
        // sweep, only knocks on a door that says no. Recorded as not sent, with why, like a capped mail.
        if (!refusedForGood(err)) throw err;
        suppressed = 'refused-by-relay';
        this.logger.warn(`Mail refused by the relay (${(err as { responseCode?: number }).responseCode}): ${mail.kind} ${mailId}`);
      }
      // At once, before the archive and the event: a crash after this line records the mail, it does not resend it.
      if (!legacy && !suppressed) await this.outbox.handedOver(mailId);
    } else {
      const origin = this.config.publicOrigin;
      // Named by id and kind: a subject line can carry a person's name.
      this.logger.log(`Mail kept (no SMTP_URL): ${mail.kind} ${origin}/api/admin/mail/${encodeURIComponent(mailId)}`);
    }
    // The body goes to the archive, the event records its hash: the log stays small (issue 20). Both keep the
    // mail without its account secrets (a verification code, a reset link): only the recipient reads those.
    const kept = keptVersion(mail);
    const contentSha256 = await this.archive.put(mailId, mail.subjectId, { html: kept.html, text: kept.text });
    const event: MailSent = {
      type: 'MailSent',
      schemaVersion: MAIL_SENT_VERSION,
      data: {
        mail_id: mailId,
        kind: mail.kind,
        template_version: MAIL_TEMPLATE_VERSION,
        to: mail.to,
        subject: kept.subject,
        subject_id: mail.subjectId,
        content_sha256: contentSha256,
        delivered: Boolean(this.transport) && !suppressed,
        ...(suppressed ? { suppressed } : {}),
      },
    };
    try {
      // In the job's context (Queues.worker): MailSent joins the conversation that queued the mail.
      await this.es.append(stream, [event], 'no_stream', { waitForProjections: false });
    } catch (err) {
      if (err instanceof ConcurrencyError) return 'already-sent';
      throw err;
    }
    await this.outbox.done(mailId);
    return suppressed ? 'suppressed' : 'sent';
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
