import { CommandHandler, Command, ICommandHandler } from '@nestjs/cqrs';
import { MailArchive } from '../mail-archive';
import { RecipientCap } from '../recipient-cap';

/**
 * Asked by the erasure of a customer (customers' DeleteCustomerCommand): mail forgets the person in its own
 * tables, the bodies of mail sent to their subjects (mail_archive) and the recipient cap's count for their
 * address (a keyed digest, not the address, but theirs all the same). Mail owns those tables (issue 42).
 */
export class ForgetMailRecipientCommand extends Command<void> {
  constructor(
    readonly subjects: string[],
    readonly email: string | null,
  ) {
    super();
  }
}

@CommandHandler(ForgetMailRecipientCommand)
export class ForgetMailRecipientHandler implements ICommandHandler<ForgetMailRecipientCommand, void> {
  constructor(
    private readonly archive: MailArchive,
    private readonly recipientCap: RecipientCap,
  ) {}

  async execute({ subjects, email }: ForgetMailRecipientCommand): Promise<void> {
    await this.archive.deleteOf(subjects);
    if (email) await this.recipientCap.forget(email);
  }
}
