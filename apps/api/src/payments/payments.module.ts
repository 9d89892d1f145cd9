import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { FastifyInstance, FastifyRequest } from 'fastify';
import { Principal } from '../platform/auth/principal';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { COMMAND_HANDLERS } from './commands';
import { PaymentsController } from './http/payments.controller';
import { RefundsController } from './http/refunds.controller';
import { PaymentAlertsController, StripeWebhookController } from './http/stripe-webhook.controller';
import { PaymentAlertsProjection } from './projections/payment-alerts.projection';
import { PaymentSessionsProjection } from './projections/payment-sessions.projection';
import { loadPaymentSettings, PAYMENT_PROVIDER, PAYMENT_SETTINGS } from './provider/payment-provider';
import { SandboxPaymentProvider } from './provider/sandbox-provider';
import { StripePaymentProvider } from './provider/stripe-provider';
import { QUERY_HANDLERS } from './queries';
import { PaymentPollReactor, PaymentPollWorker } from './reactors/payment-poll';
import { RefundRestockReactor } from './reactors/refund-restock.reactor';

const HOSTED_FORM = /^\/api\/payments\/sandbox\/checkout\/[^/?]+(\?.*)?$/;

/** The request as the auth guard reads it: a principal already settled (null: anonymous) is not looked up again. */
type RequestWithPrincipal = FastifyRequest & { principal?: Principal | null };

/**
 * Card payments: checkout sessions through a provider port (the built-in sandbox by default, or Stripe), Stripe's
 * webhook and the polling worker. It imports nothing from orders but the port orders publishes (orders/order-payments.port.ts),
 * and of inventory only the command that returns a restocking refund's units.
 */
@Module({
  imports: [CqrsModule],
  controllers: [PaymentsController, StripeWebhookController, PaymentAlertsController, RefundsController],
  providers: [
    { provide: PAYMENT_SETTINGS, useFactory: () => loadPaymentSettings() },
    SandboxPaymentProvider,
    // PAYMENT_PROVIDER (config.ts): the sandbox by default, Stripe Checkout when configured with its keys.
    {
      provide: PAYMENT_PROVIDER,
      inject: [FACET_CONFIG, SandboxPaymentProvider],
      useFactory: (config: FacetConfig, sandbox: SandboxPaymentProvider) =>
        config.payments.stripe ? new StripePaymentProvider(config.payments.stripe) : sandbox,
    },
    ...COMMAND_HANDLERS,
    ...QUERY_HANDLERS,
    PaymentSessionsProjection,
    PaymentAlertsProjection,
    PaymentPollReactor,
    PaymentPollWorker,
    RefundRestockReactor,
  ],
  exports: [PAYMENT_SETTINGS, PAYMENT_PROVIDER],
})
export class PaymentsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * The hosted checkout page posts a plain HTML form (no script under the CSP; Nest's Fastify adapter parses
   * form bodies). Let that one form through without the session cookie's X-Requested-With rule: it needs no
   * identity, the unguessable session id is its capability, and a cross-site page cannot learn it.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance?.<FastifyInstance>();
    fastify?.addHook('onRequest', async (request: RequestWithPrincipal) => {
      if (request.method === 'POST' && HOSTED_FORM.test(String(request.url))) request.principal = null;
    });
  }
}
