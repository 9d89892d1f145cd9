import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { DomainError } from '../../platform/domain/errors';
import { EventSourcing, PROJECTION_STATUS, ReadYourWrites } from '../../platform/event-store/event-sourcing.service';
import { ORDER_EVENT_TYPES } from '../domain/order';

/**
 * Card orders the shop still needs the person for: paid and not yet delivered (their name and address are
 * the delivery's), or still payable (a payment landing after the erasure would be an order to ship to no
 * one). Consultation requests, delivered, cancelled and expired orders do not hold an erasure back.
 */
const IN_PROGRESS: readonly string[] = ['pending', 'awaiting_payment', 'processing', 'shipped'];

/**
 * Asked by the erasure of a customer (customers' DeleteCustomerCommand) before it forgets them: how many of
 * their orders (signed in, or as a guest with their address) hold the erasure back. Orders answers from its
 * own read model, so no other part reads rm.orders (issue 42).
 */
export class OrdersHoldingErasureQuery extends Query<number> {
  constructor(
    readonly customerId: string,
    readonly email: string | null,
  ) {
    super();
  }
}

@QueryHandler(OrdersHoldingErasureQuery)
export class OrdersHoldingErasureHandler implements IQueryHandler<OrdersHoldingErasureQuery, number> {
  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
    @Inject(PROJECTION_STATUS) private readonly status: ReadYourWrites,
  ) {}

  async execute({ customerId, email }: OrdersHoldingErasureQuery): Promise<number> {
    await this.caughtUp();
    const row = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM rm.orders
       WHERE kind = 'card' AND status = ANY($3::text[]) AND (customer_id = $1 OR ($2::text IS NOT NULL AND lower(email) = lower($2)))`,
      [customerId, email, IN_PROGRESS],
    );
    return row?.n ?? 0;
  }

  /**
   * Waits (up to 5 s) until the orders read model holds every order event the log held when the wait began,
   * so the count sees an order placed or paid a moment ago (orders still coming in, the customer's own or
   * anyone's, are not waited for: those come after the subject locks, see order-payment.reactor.ts). A shop
   * too busy to catch up answers 503.
   */
  private async caughtUp(): Promise<void> {
    const target = await this.es.store.lastPosition(ORDER_EVENT_TYPES);
    // The orders read model alone: the inventory's also handles an order event (ConsultationHoldConfirmed) and
    // never passes the position of an order event it skips.
    if (target && !(await this.status.waitForReadModel(target, 'orders', 5000))) {
      throw new DomainError(503, 'The shop is busy right now. Please try again in a few seconds.');
    }
  }
}
