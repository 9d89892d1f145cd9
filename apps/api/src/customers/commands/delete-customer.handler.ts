import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { SessionsService } from '../../platform/auth/sessions.service';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { ConflictError, NotFoundError } from '../../platform/domain/errors';
import { withSubjectLocks } from '../../platform/privacy/subject-locks';
import { DatabaseService } from '../../platform/database/database.service';
import { PersonalData } from '../../platform/privacy/personal-data';
import { BlobStore } from '../../platform/blobs/blob-store';
import { Queues } from '../../platform/queue/queues.service';
import { guestSubjects } from '../../platform/privacy/personal-fields';
import { ForgetMailRecipientCommand } from '../../mail';
import { OrdersHoldingErasureQuery } from '../../orders';
import { EmailClaims } from '../email-claims';
import { customer, CustomerEvent, customerStream, customerSubject } from '../domain/customer';
import { DeleteCustomerCommand } from './delete-customer.command';

/**
 * The erasure of a customer, as a process over the parts that hold them (issue 42): customers decides and
 * records CustomerDeleted and erases the keys; orders is asked whether an order still holds the erasure back
 * (OrdersHoldingErasureQuery); mail forgets them in its own tables (ForgetMailRecipientCommand); the read
 * models of every part purge their rows on CustomerDeleted in their own projections. Each part owns its
 * tables: nothing here reads or writes another part's. Uploads and queued jobs are the platform's.
 */
@CommandHandler(DeleteCustomerCommand)
export class DeleteCustomerHandler implements ICommandHandler<DeleteCustomerCommand, void> {
  constructor(
    private readonly es: EventSourcing,
    private readonly privacy: PersonalData,
    private readonly claims: EmailClaims,
    private readonly sessions: SessionsService,
    private readonly blobs: BlobStore,
    private readonly queues: Queues,
    private readonly db: DatabaseService,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
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
    // What is kept outside the log: their uploads and mail jobs not sent yet (the platform's), then mail's tables.
    await this.blobs.deleteForSubjects(subjects);
    await this.queues.removeJobsOfSubjects(subjects);
    // The bodies of mail sent, and the recipient cap's count for their address (a keyed digest, not the
    // address: gone all the same).
    await this.commands.execute(new ForgetMailRecipientCommand(subjects, state.email));
    await this.claims.release(customerId);
    await this.sessions.revokeAllFor(customerId);
    if (state.status === 'deleted' && !state.email) throw new NotFoundError();
  }

  /** Their orders (signed in, or as a guest with their address) the shop still has to deliver or may yet be paid for. */
  private async refuseWhileOrdersInProgress(customerId: string, email: string | null, by: 'self' | 'staff'): Promise<void> {
    // Orders answers once its read model has caught up with the log (or 503 when the shop is too busy).
    const n = await this.queries.execute(new OrdersHoldingErasureQuery(customerId, email));
    if (n === 0) return;
    const orders = n === 1 ? 'an order' : `${n} orders`;
    throw new ConflictError(
      by === 'self'
        ? `You have ${orders} in progress. We need your name and address to deliver ${n === 1 ? 'it' : 'them'} or refund a payment, so your account can be deleted once ${n === 1 ? 'it is' : 'they are'} delivered or cancelled. Please contact us if you would like to cancel.`
        : `This customer has ${orders} in progress (awaiting payment, paid or shipped). Cancel ${n === 1 ? 'it' : 'them'} (a paid order is refunded) or wait until ${n === 1 ? 'it is' : 'they are'} delivered, then delete the customer.`,
    );
  }
}
