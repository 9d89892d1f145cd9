import { Injectable } from '@nestjs/common';
import { Queues } from '../platform/queue/queues.service';

/** One e-mail to send. Personal data: the mail worker seals it under `subjectId` when it records the mail. */
export interface OutgoingMail {
  /** What kind of mail this is, e.g. 'consultation-confirmation', 'verify-email'. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The data subject the mail is about (customer:<id> or email:<address>), for erasure. */
  subjectId: string;
}

export const MAIL_QUEUE = 'mail';

/**
 * Queues mail for the mail worker. Call it from a reactor with a job id derived from the event id
 * (jobIdFor('mail-kind', event.metadata.eventId)), so an event re-seen after a crash sends its mail once.
 * Throws while Redis is down: the reactor then keeps its checkpoint and tries again later.
 */
@Injectable()
export class MailOutbox {
  constructor(private readonly queues: Queues) {}

  async send(mail: OutgoingMail, jobId: string): Promise<void> {
    await this.queues.queue<OutgoingMail>(MAIL_QUEUE).add(mail.kind, mail, { jobId });
  }
}
