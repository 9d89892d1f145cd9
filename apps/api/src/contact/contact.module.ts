import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ContactThrottle } from './commands/contact-throttle';
import { MarkContactMessageHandledHandler } from './commands/mark-contact-message-handled.handler';
import { SendContactMessageHandler } from './commands/send-contact-message.handler';
import { AdminMessagesController } from './http/admin-messages.controller';
import { ContactController } from './http/contact.controller';
import { ContactMailReactor } from './mail/contact-mail.reactor';
import { ContactMessagesProjection } from './projections/contact-messages.projection';
import { CONTACT_QUERY_HANDLERS } from './queries/contact-message-queries';

/** The contact form: messages in, acknowledgement and staff notice out, and staff follow-up. */
@Module({
  imports: [CqrsModule],
  controllers: [ContactController, AdminMessagesController],
  providers: [
    ContactThrottle,
    SendContactMessageHandler,
    MarkContactMessageHandledHandler,
    ContactMessagesProjection,
    ContactMailReactor,
    ...CONTACT_QUERY_HANDLERS,
  ],
})
export class ContactModule {}
