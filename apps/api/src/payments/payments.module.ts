import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { PaymentsController } from './http/payments.controller';
import { PaymentPollReactor, PaymentPollWorker } from './payment-poll';
import { PaymentSessionsProjection } from './payment-sessions.projection';
import { PaymentsService } from './payments.service';
import { loadPaymentSettings, PAYMENT_PROVIDER, PAYMENT_SETTINGS } from './provider/payment-provider';
import { SandboxPaymentProvider } from './provider/sandbox-provider';

const HOSTED_FORM = /^\/api\/payments\/sandbox\/checkout\/[^/?]+(\?.*)?$/;

/** Card payments: checkout sessions through a provider port (the built-in sandbox by default) and the polling worker. */
@Module({
  controllers: [PaymentsController],
  providers: [
    { provide: PAYMENT_SETTINGS, useFactory: () => loadPaymentSettings() },
    SandboxPaymentProvider,
    { provide: PAYMENT_PROVIDER, useExisting: SandboxPaymentProvider },
    PaymentsService,
    PaymentSessionsProjection,
    PaymentPollReactor,
    PaymentPollWorker,
  ],
  exports: [PaymentsService, PAYMENT_SETTINGS, PAYMENT_PROVIDER],
})
export class PaymentsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * The hosted checkout page posts a plain HTML form (no script under the CSP; Nest's Fastify adapter parses
   * form bodies). Let that one form through without the session cookie's X-Requested-With rule: it needs no
   * identity, the unguessable session id is its capability, and a cross-site page cannot learn it.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance?.();
    fastify?.addHook('onRequest', async (request: any) => {
      if (request.method === 'POST' && HOSTED_FORM.test(String(request.url))) request.principal = null;
    });
  }
}
