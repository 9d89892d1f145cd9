import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { contactMessage, contactMessageStream } from '../domain/contact-message';
import { ContactMessageView, GetContactMessageQuery } from '../queries/contact-message-queries';
import { MarkContactMessageHandledCommand } from './mark-contact-message-handled.command';

@CommandHandler(MarkContactMessageHandledCommand)
export class MarkContactMessageHandledHandler implements ICommandHandler<MarkContactMessageHandledCommand, ContactMessageView> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
  ) {}

  async execute({ messageId, by, note }: MarkContactMessageHandledCommand): Promise<ContactMessageView> {
    // Decided again on a concurrent write: the same change sent at once records once, every caller gets 200.
    await this.es.decideLatest(contactMessageStream(messageId), contactMessage, { type: 'MarkContactMessageHandled', messageId, by, note });
    return this.queries.execute(new GetContactMessageQuery(messageId));
  }
}
