import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { COMMAND_HANDLERS } from './commands';
import { ContactThrottle } from './commands/contact-throttle';
import { AdminMessagesController } from './http/admin-messages.controller';
import { ContactController } from './http/contact.controller';
import { ContactMailReactor } from './reactors/contact-mail.reactor';
import { ContactMessagesProjection } from './projections/contact-messages.projection';
import { QUERY_HANDLERS } from './queries';

/** The contact form: messages in, acknowledgement and staff notice out, and staff follow-up. */
@Module({
  imports: [CqrsModule],
  controllers: [ContactController, AdminMessagesController],
  providers: [ContactThrottle, ContactMessagesProjection, ContactMailReactor, ...COMMAND_HANDLERS, ...QUERY_HANDLERS],
})
export class ContactModule {}
