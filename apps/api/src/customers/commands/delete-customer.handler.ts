import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SessionsService } from '../../platform/auth/sessions.service';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { ConflictError, NotFoundError } from '../../platform/domain/errors';
import { DatabaseService } from '../../platform/database/database.service';
import { PersonalData } from '../../platform/privacy/personal-data';
import { BlobStore } from '../../platform/blobs/blob-store';
import { Queues } from '../../platform/queue/queues.service';
import { guestSubjects } from '../../platform/privacy/personal-fields';
import { MailArchive } from '../../mail/mail-archive';
import { RecipientCap } from '../../mail/recipient-cap';
import { EmailClaims } from '../email-claims';
import { customer, CustomerEvent, customerStream, customerSubject } from '../domain/customer';
import { DeleteCustomerCommand } from './delete-customer.command';

/**
 * Card orders the shop still needs the person for: paid and not yet delivered (their name and address are
 * the delivery's), or still payable (a payment landing after the erasure would be an order to ship to no
 * one). Consultation requests, delivered, cancelled and expired orders do not hold an erasure back.
 */
const IN_PROGRESS: readonly string[] = ['pending', 'awaiting_payment', 'processing', 'shipped'];

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
    private readonly db: DatabaseService,
  ) {}

  async execute({ customerId, by }: DeleteCustomerCommand): Promise<void> {
    const state = fold(customer, await this.es.load<CustomerEvent>(customerStream(customerId)));
    if (state.status === 'none') throw new NotFoundError();
    if (state.status === 'active') {
      await this.refuseWhileOrdersInProgress(customerId, state.email, by);
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

  /** Their orders (signed in, or as a guest with their address) the shop still has to deliver or may yet be paid for. */
  private async refuseWhileOrdersInProgress(customerId: string, email: string | null, by: 'self' | 'staff'): Promise<void> {
    const row = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM rm.orders
       WHERE kind = 'card' AND status = ANY($3::text[]) AND (customer_id = $1 OR ($2::text IS NOT NULL AND lower(email) = lower($2)))`,
      [customerId, email, IN_PROGRESS],
    );
    const n = row?.n ?? 0;
    if (n === 0) return;
    const orders = n === 1 ? 'an order' : `${n} orders`;
    throw new ConflictError(
      by === 'self'
        ? `You have ${orders} in progress. We need your name and address to deliver ${n === 1 ? 'it' : 'them'} or refund a payment, so your account can be deleted once ${n === 1 ? 'it is' : 'they are'} delivered or cancelled. Please contact us if you would like to cancel.`
        : `This customer has ${orders} in progress (awaiting payment, paid or shipped). Cancel ${n === 1 ? 'it' : 'them'} (a paid order is refunded) or wait until ${n === 1 ? 'it is' : 'they are'} delivered, then delete the customer.`,
    );
  }
}
