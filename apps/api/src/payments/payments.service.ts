import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { canOpenPaymentSession, order, orderStream, unpayableMessage } from '../orders/domain/order';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { peekContext, RequestContext, runAsSystem, runWithContext } from '../platform/context/request-context';
import { fold } from '../platform/event-store/decider';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { BadInputError, ConflictError, isConflict, NotFoundError } from '../platform/domain/errors';
import { paymentSession, paymentStream } from './domain/payment-session';
import { PAYMENT_PROVIDER, PAYMENT_SETTINGS, PaymentProvider, PaymentSettings, ProviderSession } from './provider/payment-provider';

export interface CheckoutStatus {
  session_id: string;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  amount_total: number;
  currency: string;
  metadata: { order_id: string };
  failure_reason: string | null;
}

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly es: EventSourcing,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PAYMENT_SETTINGS) private readonly settings: PaymentSettings,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  /**
   * Opens a hosted checkout for a pending or awaiting-payment card order; the amount comes from the order.
   * An order has at most one open session: asking again returns it; one that ended (declined, cancelled,
   * expired) is replaced by a new one for the same order and the same amount. Two callers racing each
   * create a provider session, only one is recorded on the order (append at the revision read); the loser
   * expires its own at the provider and returns the winner's.
   */
  async openCheckout(originUrl: string, orderId: string): Promise<{ url: string; session_id: string }> {
    const origin = originUrl.trim().replace(/\/+$/, '');
    if (!this.config.publicOrigins.includes(origin)) {
      throw new BadInputError("origin_url must be one of this shop's own addresses.", 'origin_url');
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const history = await this.es.load(orderStream(orderId));
      if (history.length === 0) throw new NotFoundError();
      const state = fold(order, history as any);
      if (!canOpenPaymentSession(state)) throw new ConflictError(unpayableMessage(state));
      const current = state.openSession;
      if (current) {
        const s = await this.provider.getSession(current.id);
        // Still payable for a while: hand out the same session.
        if (s && s.status === 'open' && s.paymentStatus === 'unpaid' && s.expiresAt.getTime() > Date.now() + Math.min(60_000, this.settings.sessionTtlMs / 4)) {
          return { url: current.url, session_id: current.id };
        }
        if (s) {
          await this.provider.expireSession(current.id);
          const ended = await this.settle(current.id);
          if (ended && (ended.paymentStatus === 'paid' || ended.paymentStatus === 'refunded')) throw new ConflictError('This order is already paid.');
        }
      }
      const expiresAt = new Date(Date.now() + this.settings.sessionTtlMs);
      const session = await this.provider.createSession({
        orderId,
        amountCents: state.totalCents,
        currency: 'usd',
        successUrl: `${origin}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/payment/cancel?order_id=${orderId}`,
        expiresAt,
      });
      await this.es.decide(
        paymentStream(session.id),
        paymentSession,
        {
          type: 'OpenSession',
          data: {
            session_id: session.id,
            order_id: orderId,
            provider: this.provider.name,
            amount_cents: state.totalCents,
            currency: 'usd',
            expires_at: expiresAt.toISOString(),
          },
        },
        { waitForProjections: false, newStream: true },
      );
      try {
        await this.es.decide(
          orderStream(orderId),
          order,
          { type: 'OpenCheckout', orderId, sessionId: session.id, url: session.url, expiresAt: expiresAt.toISOString(), replaces: current?.id ?? null },
          { expectedRevision: history.length - 1 },
        );
        return { url: session.url, session_id: session.id };
      } catch (err) {
        if (!isConflict(err)) throw err;
        // Someone else opened one (or the order moved) meanwhile: ours must never be paid; look again.
        await this.provider.expireSession(session.id);
        await this.settle(session.id).catch(() => undefined);
      }
    }
    throw new ConflictError('This order is being changed right now. Please try again.');
  }

  /**
   * The order can no longer be paid (paid, cancelled, expired): every session of it still open at the
   * provider is ended there, so the provider refuses to take money for it. Returns the ids of sessions the
   * provider reports as paid (a payment that landed first; the caller decides what that means).
   */
  async closeOrderSessions(orderId: string, sessionIds: string[]): Promise<string[]> {
    const paid: string[] = [];
    for (const id of new Set(sessionIds)) {
      await this.provider.expireSession(id);
      const s = await this.settle(id);
      if (s && (s.paymentStatus === 'paid' || s.paymentStatus === 'refunded')) paid.push(id);
    }
    return paid;
  }

  /** Gives back the money of a session whose payment the order rejected, and records it (once). */
  async refund(sessionId: string, reason: string): Promise<void> {
    const { refundId } = await this.provider.refund(sessionId, reason);
    await runAsSystem('payments', () =>
      this.es.decide(paymentStream(sessionId), paymentSession, { type: 'RecordRefund', refundId, reason }, { waitForProjections: false }),
    );
  }

  /**
   * A payment's outcome belongs to the conversation that opened its session (the order or pay-again
   * request), whoever asks the provider: the poll job, or the shopper's return to the shop.
   */
  private async outcomeContext(sessionId: string): Promise<RequestContext> {
    const current = peekContext();
    const [opened] = await this.es.store.readStream(paymentStream(sessionId)); // a session's stream is a few events
    return {
      actor: { type: 'system', id: 'payments' },
      correlationId: opened?.metadata.correlationId ?? current?.correlationId ?? randomUUID(),
      causationId: current?.causationId ?? opened?.metadata.eventId ?? null,
    };
  }

  /** The provider's view of a session, recording its outcome if it has one. */
  async status(sessionId: string): Promise<CheckoutStatus> {
    const s = await this.settle(sessionId);
    if (!s) throw new NotFoundError();
    return {
      session_id: s.id,
      payment_status: s.paymentStatus === 'paid' ? 'paid' : 'unpaid',
      status: s.status,
      amount_total: s.amountCents,
      currency: s.currency,
      metadata: { order_id: s.orderId },
      failure_reason: s.reason,
    };
  }

  /**
   * Asks the provider and, when the session has ended, appends PaymentSucceeded, PaymentFailed or
   * PaymentExpired at the revision it read: a second caller (a job run twice, the status route racing the
   * poller) finds the outcome already there or loses the append with a conflict, so it is recorded once.
   */
  async settle(sessionId: string): Promise<ProviderSession | null> {
    const s = await this.provider.getSession(sessionId);
    if (!s) return null;
    if (s.status === 'open' && s.paymentStatus === 'unpaid') return s;
    try {
      await runWithContext(await this.outcomeContext(sessionId), () =>
        this.es.decide(
          paymentStream(sessionId),
          paymentSession,
          { type: 'Settle', outcome: { status: s.status, paymentStatus: s.paymentStatus, method: s.method, reason: s.reason } },
          { waitForProjections: false },
        ),
      );
    } catch (err) {
      if (!isConflict(err)) throw err;
      this.logger.debug?.(`session ${sessionId} was settled concurrently`);
    }
    return s;
  }
}
