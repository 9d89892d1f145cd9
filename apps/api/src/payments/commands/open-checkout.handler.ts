import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { PayableOrderQuery, RecordCheckoutOpenedCommand } from '../../orders';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { BadInputError, ConflictError, isConflict } from '../../platform/domain/errors';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { fold } from '../../platform/event-store/decider';
import { PaymentEvent, paymentSession, PaymentSessionOpened, paymentStream } from '../domain/payment-session';
import { PAYMENT_PROVIDER, PAYMENT_SETTINGS, PaymentProvider, PaymentSettings } from '../provider/payment-provider';
import { OpenCheckoutCommand } from './open-checkout.command';
import { SettleSessionCommand } from './settle-session.command';

export const PAY_BY_PASSED = 'The time to pay this order has run out and its pieces are no longer held. Please place a new order.';

/** When a session opened now ends: its lifetime from now, cut at the order's pay-by time (when it has one). */
export function sessionExpiry(now: number, ttlMs: number, payBy: string | null): Date {
  const end = now + ttlMs;
  const by = payBy ? Date.parse(payBy) : NaN;
  return new Date(Number.isFinite(by) ? Math.min(end, by) : end);
}

/**
 * The amount comes from the order. An order has at most one open session: asking again returns it; one
 * that ended (declined, cancelled, expired) is replaced by a new one for the same order and the same
 * amount. Two callers racing each create a provider session, only one is recorded on the order (append at
 * the revision read); the loser expires its own at the provider and returns the winner's.
 */
@CommandHandler(OpenCheckoutCommand)
export class OpenCheckoutHandler implements ICommandHandler<OpenCheckoutCommand, { url: string; session_id: string }> {
  constructor(
    private readonly es: EventSourcing,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PAYMENT_SETTINGS) private readonly settings: PaymentSettings,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  async execute({ originUrl, orderId, payer }: OpenCheckoutCommand): Promise<{ url: string; session_id: string }> {
    const origin = originUrl.trim().replace(/\/+$/, '');
    if (!this.config.publicOrigins.includes(origin)) {
      throw new BadInputError("origin_url must be one of this shop's own addresses.", 'origin_url');
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const payable = await this.queries.execute(new PayableOrderQuery(orderId, payer));
      const current = payable.openSession;
      if (current) {
        const s = await this.provider.getSession(current.id);
        // Still payable for a while: hand out the same session.
        // (A session that ends with the order's pay-by time is handed out to its end: a new one could last no longer.)
        const payBy = payable.payBy ? Date.parse(payable.payBy) : NaN;
        if (
          s &&
          s.status === 'open' &&
          s.paymentStatus === 'unpaid' &&
          (s.expiresAt.getTime() > Date.now() + Math.min(60_000, this.settings.sessionTtlMs / 4) ||
            (s.expiresAt.getTime() > Date.now() && s.expiresAt.getTime() >= payBy - 1000))
        ) {
          return { url: current.url, session_id: current.id };
        }
        // Completed with an asynchronous payment (a bank debit) still on its way: no second way to pay meanwhile.
        if (s && s.status === 'complete' && s.paymentStatus === 'unpaid') {
          throw new ConflictError('A payment for this order is on its way; its outcome is shown here once the bank confirms it.');
        }
        if (s) {
          await this.provider.expireSession(current.id);
          const ended = await this.commands.execute(new SettleSessionCommand(current.id));
          if (ended && (ended.paymentStatus === 'paid' || ended.paymentStatus === 'refunded'))
            throw new ConflictError('This order is already paid.');
        }
      }
      // A session lasts its lifetime but never past the order's pay-by time: the pieces are held for the order
      // until then, and another card (a new session) does not hold them longer.
      const expiresAt = sessionExpiry(Date.now(), this.settings.sessionTtlMs, payable.payBy);
      if (expiresAt.getTime() <= Date.now() + 1000) throw new ConflictError(PAY_BY_PASSED);
      const session = await this.provider.createSession({
        orderId,
        amountCents: payable.totalCents,
        lines: payable.lines,
        currency: 'usd',
        // The command's own: this order at this revision, replacing this session. Retried, it reaches the provider
        // with the same key and gets the same session back, never a second one.
        idempotencyKey: `checkout:${orderId}:${payable.revision}:${current?.id ?? 'first'}`,
        successUrl: `${origin}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/payment/cancel?order_id=${orderId}`,
        expiresAt,
      });
      await this.recordOpened(session.id, {
        session_id: session.id,
        order_id: orderId,
        provider: this.provider.name,
        amount_cents: payable.totalCents,
        currency: 'usd',
        expires_at: expiresAt.toISOString(),
      });
      try {
        await this.commands.execute(
          new RecordCheckoutOpenedCommand(orderId, session.id, session.url, expiresAt.toISOString(), current?.id ?? null, payable.revision),
        );
        return { url: session.url, session_id: session.id };
      } catch (err) {
        if (!isConflict(err)) throw err;
        // The same command retried at once got the same session back (its Idempotency-Key) and recorded it first.
        const now = await this.queries.execute(new PayableOrderQuery(orderId, payer)).catch(() => null);
        if (now?.openSession?.id === session.id) return { url: now.openSession.url, session_id: session.id };
        // Someone else opened one (or the order moved) meanwhile: ours must never be paid; look again.
        await this.provider.expireSession(session.id);
        await this.commands.execute(new SettleSessionCommand(session.id)).catch(() => undefined);
      }
    }
    throw new ConflictError('This order is being changed right now. Please try again.');
  }

  /** Its opening, once: a retried command whose provider answered the same session finds it already recorded. */
  private async recordOpened(sessionId: string, data: PaymentSessionOpened['data']): Promise<void> {
    try {
      await this.es.decide(
        paymentStream(sessionId),
        paymentSession,
        { type: 'OpenSession', data },
        { waitForProjections: false, newStream: true },
      );
    } catch (err) {
      if (!isConflict(err)) throw err;
      const opened = fold(paymentSession, await this.es.load<PaymentEvent>(paymentStream(sessionId)));
      if (opened.orderId !== data.order_id || opened.amountCents !== data.amount_cents) throw err;
    }
  }
}
