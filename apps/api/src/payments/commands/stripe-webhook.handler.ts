import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { runWithContext } from '../../platform/context/request-context';
import { isConflict, NotFoundError } from '../../platform/domain/errors';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { PaymentEvent, paymentSession, PaymentSessionState, paymentStream, ProviderEventReceived } from '../domain/payment-session';
import {
  judgeCheckoutNotice,
  readChargeNotice,
  readCheckoutNotice,
  STRIPE_EVENT_TYPE,
  STRIPE_WEBHOOK_EVENTS,
} from '../domain/stripe-notice';
import { PAYMENT_PROVIDER, PaymentProvider } from '../provider/payment-provider';
import { STRIPE_ID, StripePaymentProvider } from '../provider/stripe-provider';
import { SettleSessionCommand } from './settle-session.command';
import { StripeWebhookCommand, StripeWebhookResult } from './stripe-webhook.command';

/** Where a provider's notice is recorded, once per event id. */
export const providerEventStream = (provider: string, eventId: string) => `provider-event-${provider}-${eventId}`;

interface Applied {
  sessionId: string | null;
  orderId: string | null;
  applied: boolean;
  problem: string | null;
}

/**
 * The webhook is the truth. The signature is verified first (400 and nothing recorded otherwise). An event id
 * already recorded changes nothing. Otherwise the event is applied to its session's own stream (never a read
 * model's row, so a notice that outruns the projections is applied all the same), each change once by the
 * session decider whatever the order of the notices, and then its receipt is recorded (ProviderEventReceived):
 * applying first means a delivery cut off half way is applied again by Stripe's retry, never lost. A notice that
 * names no session of this shop or a wrong amount is recorded with its problem for staff (rm.payment_alerts).
 */
@CommandHandler(StripeWebhookCommand)
export class StripeWebhookHandler implements ICommandHandler<StripeWebhookCommand, StripeWebhookResult> {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    private readonly es: EventSourcing,
    private readonly commands: CommandBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ rawBody, signature }: StripeWebhookCommand): Promise<StripeWebhookResult> {
    // Only a shop that takes Stripe listens: elsewhere the route names nothing.
    if (!(this.provider instanceof StripePaymentProvider)) throw new NotFoundError();
    const stripe = this.provider;
    const event = stripe.constructEvent(rawBody, signature);
    if (
      typeof event.id !== 'string' ||
      !STRIPE_ID.test(event.id) ||
      typeof event.type !== 'string' ||
      !STRIPE_EVENT_TYPE.test(event.type)
    ) {
      return { received: true, duplicate: false, applied: false };
    }
    const receipt = providerEventStream('stripe', event.id);
    if ((await this.es.store.readStream(receipt)).length > 0) return { received: true, duplicate: true, applied: false };
    const context = { actor: { type: 'system' as const, id: 'stripe' }, correlationId: randomUUID(), causationId: null };
    return runWithContext(context, async () => {
      const outcome = await this.apply(stripe, event.type, (event.data as { object?: unknown } | undefined)?.object);
      const data: ProviderEventReceived['data'] = {
        provider: 'stripe',
        event_id: event.id,
        event_type: event.type,
        session_id: outcome.sessionId,
        order_id: outcome.orderId,
        applied: outcome.applied,
        problem: outcome.problem,
      };
      if (outcome.problem) this.logger.warn(`Stripe event ${event.id} (${event.type}) not applied: ${outcome.problem}`);
      try {
        await this.es.append(receipt, [{ type: 'ProviderEventReceived', data }], 'no_stream', { waitForProjections: false });
      } catch (err) {
        // The same event delivered twice at once: the other delivery recorded it.
        if (!isConflict(err)) throw err;
        return { received: true as const, duplicate: true, applied: false };
      }
      return { received: true as const, duplicate: false, applied: outcome.applied };
    });
  }

  private async session(sessionId: string): Promise<PaymentSessionState> {
    return fold(paymentSession, await this.es.load<PaymentEvent>(paymentStream(sessionId)));
  }

  private async apply(stripe: StripePaymentProvider, type: string, object: unknown): Promise<Applied> {
    if (!(STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(type))
      return { sessionId: null, orderId: null, applied: false, problem: null };
    const checkout = readCheckoutNotice(type, object);
    if (checkout) {
      const state = await this.session(checkout.sessionId);
      const verdict = judgeCheckoutNotice(state, checkout);
      const base = { sessionId: checkout.sessionId, orderId: state.orderId ?? checkout.orderId };
      if (verdict.kind === 'problem') return { ...base, applied: false, problem: verdict.problem };
      if (verdict.kind === 'none') return { ...base, applied: false, problem: null };
      await this.commands.execute(new SettleSessionCommand(checkout.sessionId, verdict.outcome));
      return { ...base, applied: true, problem: null };
    }
    const charge = readChargeNotice(type, object);
    if (!charge)
      return { sessionId: null, orderId: null, applied: false, problem: `Stripe sent a ${type} event without the fields it carries.` };
    const sessionId = await stripe.sessionOfPaymentIntent(charge.paymentIntent);
    const state = sessionId ? await this.session(sessionId) : null;
    if (!sessionId || !state?.opened) {
      return {
        sessionId,
        orderId: null,
        applied: false,
        problem: `Stripe sent ${type} for payment ${charge.paymentIntent}, which no checkout session of this shop took.`,
      };
    }
    const base = { sessionId, orderId: state.orderId };
    if (charge.amount !== state.amountCents && type === 'charge.refunded') {
      return {
        ...base,
        applied: false,
        problem: `Stripe's charge ${charge.objectId} is ${charge.amount} ${charge.currency}; the session took ${state.amountCents}.`,
      };
    }
    if (charge.currency.toLowerCase() !== state.currency.toLowerCase()) {
      return { ...base, applied: false, problem: `Stripe's ${type} is in ${charge.currency}; the session took ${state.currency}.` };
    }
    // Money was taken: the session is settled from Stripe's own answer first (the completed notice may come later).
    await this.commands.execute(new SettleSessionCommand(sessionId));
    if (type === 'charge.dispute.created') {
      await this.es.decideLatest(
        paymentStream(sessionId),
        paymentSession,
        { type: 'RecordDispute', disputeId: charge.objectId, amountCents: charge.amount, currency: charge.currency, reason: charge.reason },
        { waitForProjections: false },
      );
      return { ...base, applied: true, problem: null };
    }
    // The shop's own refund (a staff refund, whole or in part) coming back from Stripe: recorded already.
    if (charge.refundId && state.refundIds.includes(charge.refundId)) return { ...base, applied: true, problem: null };
    if (!charge.refundId) {
      return {
        ...base,
        applied: false,
        problem: `Stripe's ${type} for charge ${charge.objectId} names no refund; the order was not changed.`,
      };
    }
    if (!charge.fullyRefunded) {
      // A part refund the shop asked (a staff refund whose notice outran its own record): the shop records it.
      if (charge.refundByShop) return { ...base, applied: true, problem: null };
      // A part refund made in Stripe's dashboard: the order's refunded sum and its refunds list show it.
      await this.es.decideLatest(
        paymentStream(sessionId),
        paymentSession,
        {
          type: 'RecordProviderPartRefund',
          refundId: charge.refundId,
          refundedTotalCents: charge.amountRefunded,
          reason: 'Refunded in part at Stripe.',
        },
        { waitForProjections: false },
      );
      return { ...base, applied: true, problem: null };
    }
    await this.es.decideLatest(
      paymentStream(sessionId),
      paymentSession,
      { type: 'RecordRefund', refundId: charge.refundId, reason: 'Refunded at Stripe.' },
      { waitForProjections: false },
    );
    return { ...base, applied: true, problem: null };
  }
}
