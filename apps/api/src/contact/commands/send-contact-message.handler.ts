import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { checkContactMessage, contactMessage, ContactMessageFields, contactMessageStream } from '../domain/contact-message';
import { ContactThrottle } from './contact-throttle';

export class SendContactMessageCommand {
  constructor(
    readonly fields: ContactMessageFields,
    readonly customerId: string | null,
    /** The client's address, for throttling. */
    readonly address: string,
  ) {}
}

@CommandHandler(SendContactMessageCommand)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessageCommand, { id: string }> {
  constructor(
    private readonly es: EventSourcing,
    private readonly throttle: ContactThrottle,
  ) {}

  async execute({ fields, customerId, address }: SendContactMessageCommand): Promise<{ id: string }> {
    // A refused message does not use up the sender's allowance.
    checkContactMessage(fields);
    await this.throttle.take(address);
    const messageId = randomUUID();
    await this.es.decide(contactMessageStream(messageId), contactMessage, { type: 'ReceiveContactMessage', messageId, customerId, fields });
    return { id: messageId };
  }
}
