import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SessionsService } from '../../platform/auth/sessions.service';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing, PROJECTION_STATUS, ReadYourWrites } from '../../platform/event-store/event-sourcing.service';
import { ConflictError, DomainError, NotFoundError } from '../../platform/domain/errors';
import { withSubjectLocks } from '../../platform/privacy/subject-locks';
import { ORDER_EVENT_TYPES } from '../../orders/domain/order';
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
    @Inject(PROJECTION_STATUS) private readonly status: ReadYourWrites,
  ) {}

  async execute({ customerId, by }: DeleteCustomerCommand): Promise<void> {
    const state = fold(customer, await this.es.load<CustomerEvent>(customerStream(customerId)));
    if (state.status === 'none') throw new NotFoundError();
    const subjects = [customerSubject(customerId), ...(state.email ? guestSubjects(state.email) : [])];
    // Under their subjects' locks: a payment is recorded for their orders before the check or after the keys
    // are gone (and then refunded: order-payment.reactor.ts), never in between.
    await withSubjectLocks(this.db.lockPool, subjects, async () => {
      if (state.status === 'active') await this.refuseWhileOrdersInProgress(customerId, state.email, by);
      // The keys before the event: an order sealed under a key a moment before its deletion and recorded after
      // CustomerDeleted opens as "erased"; recorded before it, CustomerDeleted's projection scrubs its row. The
      // other way round, such an order projected between the two kept the person's address in the read model.
      // Their account's subject for good (an order on its way must not seal them under a new key); the
      // guest subjects of their e-mail only until someone orders as a guest with it again.
      for (const subject of subjects) await this.privacy.erase(subject, subject === customerSubject(customerId));
      if (state.status === 'active') {
        // Decided again if another writer appends meanwhile: the keys are gone, so this must go through now.
        await this.es.decideLatest(customerStream(customerId), customer, { type: 'DeleteCustomer', customerId, by, email: state.email });
        // At once: a session still open would go on placing orders for an account that is gone.
        await this.sessions.revokeAllFor(customerId);
      }
    });
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

  /**
   * Waits (up to 5 s) until the orders read model holds every order event the log held when the wait began,
   * so the check below sees an order placed or paid a moment ago (orders still coming in, the customer's own
   * or anyone's, are not waited for: those come after the locks, see order-payment.reactor.ts). A shop too
   * busy to catch up answers 503.
   */
  private async ordersCaughtUp(): Promise<void> {
    const target = await this.es.store.lastPosition(ORDER_EVENT_TYPES);
    if (target && !(await this.status.waitFor(target, ORDER_EVENT_TYPES, 5000))) {
      throw new DomainError(503, 'The shop is busy right now. Please try again in a few seconds.');
    }
  }

  /** Their orders (signed in, or as a guest with their address) the shop still has to deliver or may yet be paid for. */
  private async refuseWhileOrdersInProgress(customerId: string, email: string | null, by: 'self' | 'staff'): Promise<void> {
    await this.ordersCaughtUp();
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
