import { Global, Module } from '@nestjs/common';
import { MailArchive } from './mail-archive';
import { AdminMailController } from './mail.controller';
import { MailOutbox } from './mail.outbox';
import { MailWorker } from './mail.worker';
import { SentMailProjection } from './sent-mail.projection';

/** Mail: the outbox other parts of the shop queue mail through; the worker sends and records it. */
@Global()
@Module({
  controllers: [AdminMailController],
  providers: [MailOutbox, MailArchive, MailWorker, SentMailProjection],
  exports: [MailOutbox, MailArchive],
})
export class MailModule {}
