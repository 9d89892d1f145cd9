import { Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { StripeSettings } from '../../platform/config/config';
import { BadInputError, ConflictError, DomainError } from '../../platform/domain/errors';
import { CreateSessionInput, PaymentProvider, ProviderSession, RefundKeyTaken, RefundPart } from './payment-provider';

/**
 * Stripe requires a Checkout Session's expires_at between 30 minutes and 24 hours after it is created. The
 * order's payment window (PAYMENT_SESSION_TTL_SECONDS, cut at its pay-by time) may be shorter; the session then
 * asks Stripe for its 30 minutes (plus a minute for the clocks and the request's way), and the shop ends it
 * itself when the order's window closes (the order's expiry closes its checkouts: expireSession below). A
 * longer window is cut at 24 hours, less the same minute.
 */
export const STRIPE_MIN_EXPIRY_MS = 30 * 60_000;
export const STRIPE_MAX_EXPIRY_MS = 24 * 3_600_000;
const MARGIN_MS = 60_000;

export function stripeExpiresAt(now: number, wanted: Date): number {
  const at = Math.min(Math.max(wanted.getTime(), now + STRIPE_MIN_EXPIRY_MS + MARGIN_MS), now + STRIPE_MAX_EXPIRY_MS - MARGIN_MS);
  return Math.floor(at / 1000);
}

/** A Stripe object id as Stripe writes them (cs_…, pi_…, ch_…, re_…, dp_…, evt_…): anything else names nothing. */
export const STRIPE_ID = /^[a-z]{2,5}_[A-Za-z0-9_]{1,250}$/;

/** The SDK's options for STRIPE_API_URL (stripe-mock, a test double): its protocol, host and port. */
export function stripeClientOptions(apiUrl: string | null): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443 };
}

/**
 * The SDK, loaded only when the shop takes payments with Stripe: its 540 files would cost the start of every
 * process (and every test's shop) that never calls it. The EventStoreDB client is loaded the same way.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadStripe = (): typeof Stripe => require('stripe') as typeof Stripe;

/**
 * Stripe Checkout behind the payment-provider port (PAYMENT_PROVIDER=stripe): a hosted page, so no card number
 * ever reaches the shop (PCI SAQ A). Every POST carries an Idempotency-Key derived from the command that sent it.
 * The webhook (stripe-webhook.handler.ts) is the truth; getSession is what the payment worker asks when no
 * webhook came.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly client: Stripe;
  private readonly errors: typeof Stripe.errors;
  private readonly logger = new Logger('Stripe');

  constructor(private readonly settings: StripeSettings) {
    const Sdk = loadStripe();
    this.errors = Sdk.errors;
    this.client = new Sdk(settings.secretKey, stripeClientOptions(settings.apiUrl));
  }

  async createSession(input: CreateSessionInput): Promise<{ id: string; url: string }> {
    const lines =
      input.lines && input.lines.length && input.lines.reduce((sum, l) => sum + l.unitAmountCents * l.quantity, 0) === input.amountCents
        ? input.lines
        : [{ name: 'Your Facet order', unitAmountCents: input.amountCents, quantity: 1 }];
    const session = await this.unlessDown(() =>
      this.client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lines.map((l) => ({
            quantity: l.quantity,
            price_data: {
              currency: input.currency,
              unit_amount: l.unitAmountCents,
              product_data: { name: l.name.slice(0, 250) || 'Item' },
            },
          })),
          currency: input.currency,
          client_reference_id: input.orderId,
          metadata: { order_id: input.orderId },
          payment_intent_data: { metadata: { order_id: input.orderId } },
          expires_at: stripeExpiresAt(Date.now(), input.expiresAt),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey ?? `checkout:${input.orderId}:${input.expiresAt.getTime()}` },
      ),
    );
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  /**
   * Stripe unreachable or failing (after the SDK's own two retries): a 503 the shopper can retry, not a 500.
   * Nothing was charged; the order keeps its pieces until its pay-by time.
   */
  private async unlessDown<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof this.errors.StripeConnectionError || (err instanceof this.errors.StripeError && (err.statusCode ?? 0) >= 500)) {
        this.logger.warn(`Stripe is unreachable: ${err.message}`);
        throw new DomainError(
          503,
          'The card payment service cannot be reached right now. Nothing was charged; please try again in a moment.',
        );
      }
      throw err;
    }
  }

  async getSession(id: string): Promise<ProviderSession | null> {
    if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(id)) return null;
    let s: Stripe.Checkout.Session;
    try {
      s = await this.client.checkout.sessions.retrieve(id, { expand: ['payment_intent', 'payment_intent.latest_charge'] });
    } catch (err) {
      if (err instanceof this.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw err;
    }
    return toProviderSession(s);
  }

  async expireSession(id: string): Promise<void> {
    if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(id)) return;
    const s = await this.client.checkout.sessions.retrieve(id).catch(() => null);
    if (!s || s.status !== 'open') return;
    try {
      await this.client.checkout.sessions.expire(id, {}, { idempotencyKey: `expire:${id}` });
    } catch (err) {
      // Completed or expired meanwhile: nothing left to end.
      if (!(err instanceof this.errors.StripeInvalidRequestError)) throw err;
      this.logger.debug?.(`session ${id} could not be expired: ${err.message}`);
    }
  }

  /** What is left of the payment back, once per session (refund:<session>), or a staff refund's part under its own key. */
  async refund(id: string, reason: string, part?: RefundPart): Promise<{ refundId: string }> {
    const s = await this.client.checkout.sessions.retrieve(id);
    const intent = typeof s.payment_intent === 'string' ? s.payment_intent : s.payment_intent?.id;
    if (s.payment_status !== 'paid' || !intent) throw new ConflictError('Only a paid session can be refunded.');
    const refund = await this.client.refunds
      .create(
        {
          payment_intent: intent,
          reason: 'requested_by_customer',
          ...(part ? { amount: part.amountCents } : {}),
          metadata: { session_id: id, reason: reason.slice(0, 500) },
        },
        { idempotencyKey: part?.key ?? `refund:${id}` },
      )
      .catch((err: unknown) => {
        // The same key sent with another amount: another request took this refund number.
        if (part && err instanceof this.errors.StripeIdempotencyError) throw new RefundKeyTaken(part.key);
        throw err;
      });
    // The same key answered by the refund of another amount (a replay): another request took this number.
    if (part && refund.amount !== part.amountCents) throw new RefundKeyTaken(part.key);
    return { refundId: refund.id };
  }

  /** The Checkout Session that created a PaymentIntent (charges and disputes name only their intent); null when none. */
  async sessionOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
    if (!STRIPE_ID.test(paymentIntentId)) return null;
    // Stripe down: a 503, which Stripe's webhook retries later (nothing was recorded).
    const list = await this.unlessDown(() => this.client.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 }));
    return list.data[0]?.id ?? null;
  }

  /** The event in a webhook's raw body, verified against its Stripe-Signature (default tolerance, 5 minutes); 400 otherwise. */
  constructEvent(rawBody: Buffer | string, signature: string | undefined): Stripe.Event {
    if (!signature) throw new BadInputError('The Stripe-Signature header is missing.', 'stripe-signature');
    try {
      return this.client.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (err) {
      const why = err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : 'bad signature';
      throw new BadInputError(`The Stripe-Signature does not verify: ${why}`, 'stripe-signature');
    }
  }
}

/** A Checkout Session (its payment intent and latest charge expanded) as the port's ProviderSession. */
export function toProviderSession(s: Stripe.Checkout.Session): ProviderSession {
  const intent = typeof s.payment_intent === 'object' ? s.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  let paymentStatus: ProviderSession['paymentStatus'] = 'unpaid';
  if (s.payment_status === 'paid') paymentStatus = charge?.refunded ? 'refunded' : 'paid';
  // Completed but unpaid: an async method (a bank debit) on its way, or failed when its intent wants another method.
  else if (s.status === 'complete' && intent && (intent.status === 'requires_payment_method' || intent.status === 'canceled'))
    paymentStatus = 'declined';
  const last4 = charge?.payment_method_details?.card?.last4 ?? null;
  return {
    id: s.id,
    orderId: s.metadata?.order_id ?? s.client_reference_id ?? '',
    amountCents: s.amount_total ?? 0,
    currency: s.currency ?? 'usd',
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paymentStatus,
    method: charge?.payment_method_details?.type ?? s.payment_method_types?.[0] ?? null,
    reason: paymentStatus === 'declined' ? (intent?.last_payment_error?.message ?? 'The payment did not go through.') : null,
    cancelled: false,
    cardLast4: typeof last4 === 'string' && /^[0-9]{4}$/.test(last4) ? last4 : null,
    expiresAt: new Date((s.expires_at ?? 0) * 1000),
  };
}
