import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job } from 'bullmq';
import nodemailer, { Transporter } from 'nodemailer';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { runWithContext } from '../platform/context/request-context';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { ConflictError } from '../platform/http/errors';
import { Queues } from '../platform/queue/queues.service';
import { MailSent, mailStream } from './mail-events';
import { MAIL_QUEUE, OutgoingMail } from './mail.outbox';
import { headerSafe } from './mail-templates';
import { randomUUID } from 'crypto';

/**
 * The mail worker (role worker): sends each queued mail over SMTP (SMTP_URL) or, without it, keeps it for
 * staff to read, then records MailSent on mail-<jobId> with expected 'no_stream', so a job that runs twice
 * records (and, once recorded, sends) once. Failures retry with exponential backoff (the queue's defaults).
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
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.roles.includes('worker')) return;
    if (this.config.smtpUrl) this.transport = nodemailer.createTransport(this.config.smtpUrl);
    this.queues.worker<OutgoingMail>(MAIL_QUEUE, (job) => this.process(job), { concurrency: 4 });
  }

  async process(job: Job<OutgoingMail>): Promise<'sent' | 'already-sent'> {
    const mailId = String(job.id);
    const stream = mailStream(mailId);
    if ((await this.store.readStream(stream)).length > 0) return 'already-sent';
    const mail = job.data;
    if (this.transport) {
      await this.transport.sendMail({
        from: this.config.mailFrom,
        to: mail.to,
        subject: headerSafe(mail.subject),
        html: mail.html,
        text: mail.text,
        headers: { 'X-Facet-Mail-Id': mailId, 'X-Facet-Mail-Kind': mail.kind },
      });
    } else {
      const origin = this.config.publicOrigins[0] ?? '';
      this.logger.log(`Mail kept (no SMTP_URL): "${headerSafe(mail.subject)}" — ${origin}/api/admin/mail/${encodeURIComponent(mailId)}`);
    }
    const event: MailSent = {
      type: 'MailSent',
      data: {
        mail_id: mailId,
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        subject_id: mail.subjectId,
        delivered: Boolean(this.transport),
      },
    };
    try {
      await runWithContext({ actor: { type: 'system', id: 'mail-worker' }, correlationId: randomUUID(), causationId: null }, () =>
        this.es.append(stream, [event], 'no_stream', { waitForProjections: false }),
      );
    } catch (err) {
      if (err instanceof ConflictError) return 'already-sent';
      throw err;
    }
    return 'sent';
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
