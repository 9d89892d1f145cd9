import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { setTimeout as sleep } from 'timers/promises';
import { OrderedUnitsQuery } from '../../orders';
import { DatabaseService } from '../../platform/database/database.service';
import { BadInputError, ConflictError, DomainError, NotFoundError } from '../../platform/domain/errors';
import { fold } from '../../platform/event-store/decider';
import { ConcurrencyError, RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { PaymentEvent, PaymentRefunded, paymentSession, paymentStream, refundRefusal, restockRefusal } from '../domain/payment-session';
import { PAYMENT_PROVIDER, PaymentProvider, RefundKeyTaken } from '../provider/payment-provider';
import { RefundView, StaffRefundCommand } from './staff-refund.command';

/** How many times a refund is tried again when another refund of the same payment took its number first. */
const ATTEMPTS = 60;

/** The paying session of an order (rm.payment_sessions: the payments part's own read model), or null. */
export async function paidSessionOf(db: DatabaseService, orderId: string): Promise<string | null> {
  const row = await db.one<{ id: string }>(
    `SELECT id FROM rm.payment_sessions WHERE order_id = $1 AND payment_status IN ('paid', 'refunded')
      ORDER BY (payment_status = 'paid') DESC, settled_at ASC NULLS LAST LIMIT 1`,
    [orderId],
  );
  return row?.id ?? null;
}

export function refundView(e: RecordedEvent<PaymentRefunded> | (PaymentRefunded & { metadata: { occurredAt: string } })): RefundView {
  const d = e.data;
  return {
    refund_id: d.refund_id,
    number: d.refund_number ?? null,
    amount_cents: d.amount_cents,
    currency: d.currency,
    reason: d.reason,
    by: d.by ?? null,
    restock: d.restock === true,
    restock_lines: (d.restock_lines ?? []).map((l) => ({ variant_id: l.variant_id, quantity: l.quantity })),
    created_at: new Date(e.metadata.occurredAt).toISOString(),
  };
}

/**
 * A staff refund, whole or in part. The sum refunded never exceeds what was captured, however many consoles
 * click at once: the refund takes the next number n of the payment's stream at the revision it read, asks the
 * provider with the Idempotency-Key refund:<session>:<n> (so the same n, retried, is the same refund at the
 * provider), and appends PaymentRefunded at that revision. Another refund appended meanwhile makes the append
 * conflict: the request reads again and tries n+1, until it is recorded or what is left is too little (409).
 * A refund that restocks names the lines that came back; the same revision guards their units, so refunds
 * racing never restock more than the order bought (refund-restock.reactor.ts then returns them to stock).
 */
@CommandHandler(StaffRefundCommand)
export class StaffRefundHandler implements ICommandHandler<StaffRefundCommand, RefundView> {
  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
    private readonly queries: QueryBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ orderId, amountCents, reason, restock, by, lines }: StaffRefundCommand): Promise<RefundView> {
    if (!restock && lines !== undefined) throw new BadInputError('lines are sent only with restock: true', 'lines');
    const sessionId = await paidSessionOf(this.db, orderId);
    if (!sessionId) {
      const known = await this.db.one(`SELECT 1 FROM rm.orders WHERE id = $1`, [orderId]);
      if (!known) throw new NotFoundError();
      throw new ConflictError('This order has no payment taken to refund.');
    }
    // What may come back: the units the order bought, from its own events (orders answer through their port).
    const ordered = restock ? await this.queries.execute(new OrderedUnitsQuery(orderId)) : {};
    for (let attempt = 1; ; attempt++) {
      const history = await this.es.load<PaymentEvent>(paymentStream(sessionId));
      const state = fold(paymentSession, history);
      const refusal = refundRefusal(state, amountCents);
      if (refusal) throw new ConflictError(refusal);
      // Refused before the provider is asked: no money goes back with lines that cannot.
      const restockProblem = restock ? restockRefusal(state, lines, ordered) : null;
      if (restockProblem) throw new BadInputError(restockProblem, 'lines');
      const number = state.refunds + 1;
      const key = `refund:${sessionId}:${number}`;
      let refundId: string;
      try {
        ({ refundId } = await this.provider.refund(sessionId, reason, { amountCents, key }));
      } catch (err) {
        if (err instanceof RefundKeyTaken && attempt < ATTEMPTS) {
          await sleep(5 + Math.floor(Math.random() * 20));
          continue;
        }
        // The provider refused (e.g. what is left at the provider is less): a conflict, never a 5xx.
        if (err instanceof DomainError) throw err;
        throw new ConflictError(`The card provider refused the refund: ${err instanceof Error ? err.message.slice(0, 200) : 'unknown'}`);
      }
      try {
        const { events } = await this.es.decide(
          paymentStream(sessionId),
          paymentSession,
          { type: 'RecordStaffRefund', number, refundId, amountCents, reason, by, restock, restockLines: lines, ordered },
          { expectedRevision: history.length - 1, waitForProjections: false },
        );
        const recorded = events[0] as PaymentRefunded | undefined;
        if (!recorded) throw new ConflictError('This refund was recorded already.');
        return refundView({ ...recorded, metadata: { occurredAt: new Date().toISOString() } });
      } catch (err) {
        if (!(err instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw err;
        await sleep(5 + Math.floor(Math.random() * 20));
      }
    }
  }
}
