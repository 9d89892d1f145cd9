import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SessionsService } from '../../platform/auth/sessions.service';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { NotFoundError } from '../../platform/domain/errors';
import { PersonalData } from '../../platform/privacy/personal-data';
import { BlobStore } from '../../platform/blobs/blob-store';
import { Queues } from '../../platform/queue/queues.service';
import { guestSubjects } from '../../platform/privacy/personal-fields';
import { MailArchive } from '../../mail/mail-archive';
import { RecipientCap } from '../../mail/recipient-cap';
import { EmailClaims } from '../email-claims';
import { customer, CustomerEvent, customerStream, customerSubject } from '../domain/customer';
import { DeleteCustomerCommand } from './delete-customer.command';

@CommandHandler(DeleteCustomerCommand)
export class DeleteCustomerHandler implements ICommandHandler<DeleteCustomerCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    private readonly privacy: PersonalData,
    private readonly claims: EmailClaims,
    private readonly sessions: SessionsService,
    private readonly blobs: BlobStore,
    private readonly queues: Queues,
    private readonly mailArchive: MailArchive,
    private readonly recipientCap: RecipientCap,
  ) {}

  async execute({ customerId, by }: DeleteCustomerCommand): Promise<void> {
    const state = fold(customer, await this.es.load<CustomerEvent>(customerStream(customerId)));
    if (state.status === 'none') throw new NotFoundError();
    if (state.status === 'active') {
      await this.es.decide(customerStream(customerId), customer, { type: 'DeleteCustomer', customerId, by });
    }
    // Also when already deleted: finishes an erasure that was interrupted after the append.
    const subjects = [customerSubject(customerId), ...(state.email ? guestSubjects(state.email) : [])];
    // Their account's subject for good (an order on its way must not seal them under a new key); the
    // guest subjects of their e-mail only until someone orders as a guest with it again.
    for (const subject of subjects) await this.privacy.erase(subject, subject === customerSubject(customerId));
    // What is kept outside the log: their uploads, mail jobs not sent yet, and the bodies of mail sent.
    await this.blobs.deleteForSubjects(subjects);
    await this.queues.removeJobsOfSubjects(subjects);
    await this.mailArchive.deleteOf(subjects);
    // The recipient cap's count for their address is a keyed digest, not the address: gone all the same.
    if (state.email) await this.recipientCap.forget(state.email);
    await this.claims.release(customerId);
    await this.sessions.revokeAllFor(customerId);
    if (state.status === 'deleted' && !state.email) throw new NotFoundError();
  }
}
