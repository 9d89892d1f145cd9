import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { peekContext, RequestContext, runAsSystem, runWithContext } from '../../platform/context/request-context';
import { isConflict } from '../../platform/domain/errors';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { fold } from '../../platform/event-store/decider';
import {
  outcomeMismatch,
  PaymentEvent,
  paymentSession,
  paymentStream,
  ProviderEventReceived,
  ProviderOutcome,
} from '../domain/payment-session';
import { PAYMENT_PROVIDER, PaymentProvider, ProviderSession } from '../provider/payment-provider';
import { SettleSessionCommand } from './settle-session.command';
import { providerEventStream } from './stripe-webhook.handler';

/**
 * Asks the provider and, when the session has ended, appends PaymentSucceeded (with the card the provider
 * charged), PaymentFailed, PaymentCancelled (the shopper's cancel) or PaymentExpired at the revision it read: a second caller (a job run twice, the status route racing the
 * poller) finds the outcome already there or loses the append with a conflict, so it is recorded once.
 */
@CommandHandler(SettleSessionCommand)
export class SettleSessionHandler implements ICommandHandler<SettleSessionCommand, ProviderSession | null> {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly es: EventSourcing,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ sessionId, told }: SettleSessionCommand): Promise<ProviderSession | null> {
    let s: ProviderSession | null = null;
    let outcome: ProviderOutcome;
    if (told) outcome = told;
    else {
      s = await this.provider.getSession(sessionId);
      if (!s) return null;
      if (s.status === 'open' && s.paymentStatus === 'unpaid') return s;
      const { status, paymentStatus, method, reason, cancelled, cardLast4, amountCents, currency } = s;
      outcome = { status, paymentStatus, method, reason, cancelled, cardLast4, amountCents, currency };
      const state = fold(paymentSession, await this.es.load<PaymentEvent>(paymentStream(sessionId)));
      const problem = state.opened && state.outcome === 'open' ? outcomeMismatch(state, outcome) : null;
      if (problem) {
        await this.tellStaff(sessionId, state.orderId, problem);
        return s;
      }
    }
    try {
      await runWithContext(await this.outcomeContext(sessionId), () =>
        this.es.decide(
          paymentStream(sessionId),
          paymentSession,
          {
            type: 'Settle',
            outcome,
          },
          { waitForProjections: false },
        ),
      );
    } catch (err) {
      if (!isConflict(err)) throw err;
      this.logger.debug?.(`session ${sessionId} was settled concurrently`);
    }
    return s;
  }

  /** A polled answer that cannot be applied is recorded once for staff (rm.payment_alerts), as a webhook's would be. */
  private async tellStaff(sessionId: string, orderId: string | null, problem: string): Promise<void> {
    this.logger.warn(`session ${sessionId} not settled: ${problem}`);
    const data: ProviderEventReceived['data'] = {
      provider: this.provider.name,
      event_id: `poll_${sessionId}`,
      event_type: 'poll',
      session_id: sessionId,
      order_id: orderId,
      applied: false,
      problem,
    };
    try {
      await runAsSystem('payments', () =>
        this.es.append(
          providerEventStream(this.provider.name, `poll_${sessionId}`),
          [{ type: 'ProviderEventReceived', data }],
          'no_stream',
          {
            waitForProjections: false,
          },
        ),
      );
    } catch (err) {
      if (!isConflict(err)) throw err; // told already (the job runs again while the session stays open)
    }
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
}
