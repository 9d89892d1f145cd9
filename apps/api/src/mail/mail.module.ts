import { Global, Module } from '@nestjs/common';
import { AdminMailController } from './mail.controller';
import { MailOutbox } from './mail.outbox';
import { MailWorker } from './mail.worker';
import { SentMailProjection } from './sent-mail.projection';

/** Mail: the outbox other parts of the shop queue mail through; the worker sends and records it. */
@Global()
@Module({
  controllers: [AdminMailController],
  providers: [MailOutbox, MailWorker, SentMailProjection],
  exports: [MailOutbox],
})
export class MailModule {}
