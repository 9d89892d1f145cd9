import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { checkContactMessage, contactMessage, contactMessageStream } from '../domain/contact-message';
import { ContactThrottle } from './contact-throttle';
import { isConflict } from '../../platform/domain/errors';
import { SendContactMessageCommand } from './send-contact-message.command';

@CommandHandler(SendContactMessageCommand)
export class SendContactMessageHandler implements ICommandHandler<SendContactMessageCommand, { id: string }> {
  constructor(
    private readonly es: EventSourcing,
    private readonly throttle: ContactThrottle,
  ) {}

  async execute({ fields, customerId, address, messageId: keyed }: SendContactMessageCommand): Promise<{ id: string }> {
    // A refused message does not use up the sender's allowance.
    checkContactMessage(fields);
    const messageId = keyed ?? randomUUID();
    const received = async () => keyed !== null && (await this.es.store.readStream(contactMessageStream(messageId))).length > 0;
    if (await received()) return { id: messageId };
    await this.throttle.take(address);
    try {
      await this.es.decide(
        contactMessageStream(messageId),
        contactMessage,
        { type: 'ReceiveContactMessage', messageId, customerId, fields },
        { newStream: true },
      );
    } catch (err) {
      if (!(isConflict(err) && (await received()))) throw err;
    }
    return { id: messageId };
  }
}
