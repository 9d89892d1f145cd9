import { assertNever, type CustomerPasswordResetRequested, type CustomerVerificationIssued } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventReactor, jobIdFor, Reactor } from '../../platform/queue/reactor';
import { MailOutbox } from '../../mail';
import { CustomerSecrets } from '../commands/customer-secrets.service';
import { customerSubject } from '../domain/customer';
import { resetLink, verificationLink } from '../domain/customer-secrets';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How long a secret stays valid, in words ("24 hours", "1 hour", "30 minutes"). */
export function lifetime(from: string, until: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(until) - Date.parse(from)) / 60_000));
  if (minutes % 60 !== 0) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Queues the verification and password-reset mails; the secrets are derived here, never read from the log. */
@Injectable()
@EventReactor()
export class CustomerMailReactor implements Reactor<CustomerVerificationIssued | CustomerPasswordResetRequested> {
  readonly name = 'customer-mail';
  readonly eventTypes = ['CustomerVerificationIssued', 'CustomerPasswordResetRequested'] as const;

  constructor(
    private readonly outbox: MailOutbox,
    private readonly secrets: CustomerSecrets,
  ) {}

  async react(event: RecordedEvent<CustomerVerificationIssued | CustomerPasswordResetRequested>): Promise<void> {
    if (!event.data.email) return; // erased since: nobody to write to
    const valid = lifetime(event.metadata.occurredAt, event.data.expires_at);
    if (event.type === 'CustomerVerificationIssued') {
      const d = event.data;
      const secrets = await this.secrets.verificationFor(d.customer_id, d.nonce);
      if (!secrets) return;
      const link = verificationLink(d.origin, d.email, secrets.token);
      await this.outbox.send(
        {
          kind: 'verify-email',
          to: d.email,
          subject: `Your Facet verification code: ${secrets.code}`,
          text:
            `Welcome to Facet Fine Jewelry.\n\nYour verification code is ${secrets.code}\n\n` +
            `Enter it on the verification page, or open this link to verify your email address:\n${link}\n\n` +
            `The code and the link expire in ${valid}. If you did not create an account, ignore this mail.`,
          html:
            `<p>Welcome to Facet Fine Jewelry.</p><p>Your verification code is <strong style="letter-spacing:2px">${secrets.code}</strong></p>` +
            `<p>Enter it on the verification page, or <a href="${escape(link)}">verify your email address</a>.</p>` +
            `<p>The code and the link expire in ${valid}. If you did not create an account, ignore this mail.</p>`,
          subjectId: customerSubject(d.customer_id),
          secrets: [secrets.code, secrets.token, link, escape(link)],
        },
        jobIdFor('verify-email', event.metadata.eventId),
      );
      return;
    }
    if (event.type !== 'CustomerPasswordResetRequested') return assertNever(event);
    const d = event.data;
    const token = await this.secrets.resetTokenFor(d.customer_id, d.nonce);
    if (!token) return;
    const link = resetLink(d.origin, d.email, token);
    await this.outbox.send(
      {
        kind: 'password-reset',
        to: d.email,
        subject: 'Reset your Facet password',
        text:
          `Someone asked to reset the password of your Facet account.\n\nOpen this link to choose a new password (it works once, ` +
          `within ${valid}):\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
        html:
          `<p>Someone asked to reset the password of your Facet account.</p><p><a href="${escape(link)}">Choose a new password</a> ` +
          `(the link works once, within ${valid}).</p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
        subjectId: customerSubject(d.customer_id),
        secrets: [token, link, escape(link)],
      },
      jobIdFor('password-reset', event.metadata.eventId),
    );
  }
}
