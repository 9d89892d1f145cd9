import { ContactMessageFields } from '../domain/contact-message';

export class SendContactMessageCommand {
  constructor(
    readonly fields: ContactMessageFields,
    readonly customerId: string | null,
    /** The client's address, for throttling. */
    readonly address: string,
    /** Derived from an Idempotency-Key: a retry after a crash finds the message already received. */
    readonly messageId: string | null = null,
  ) {}
}
