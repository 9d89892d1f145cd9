import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ForgetMailRecipientHandler } from './commands/forget-mail-recipient.command';
import { AdminMailController } from './http/admin-mail.controller';
import { MailArchive } from './mail-archive';
import { MailOutbox } from './mail.outbox';
import { MailWorker } from './mail.worker';
import { OutboxSweeper } from './outbox-sweeper';
import { SentMailProjection } from './projections/sent-mail.projection';
import { QUERY_HANDLERS } from './queries';
import { RecipientCap } from './recipient-cap';

/** Mail: the outbox other parts of the shop queue mail through; the worker sends and records it; staff read what was sent. */
@Global()
@Module({
  imports: [CqrsModule],
  controllers: [AdminMailController],
  providers: [
    MailOutbox,
    MailArchive,
    RecipientCap,
    MailWorker,
    OutboxSweeper,
    SentMailProjection,
    ForgetMailRecipientHandler,
    ...QUERY_HANDLERS,
  ],
  exports: [MailOutbox, MailArchive, RecipientCap],
})
export class MailModule {}
