import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, Public } from '../../platform/auth/auth.decorators';
import { grantOrderAccess, hasOrderAccess, ordersWithAccess } from '../../platform/auth/order-access-cookie';
import { Principal } from '../../platform/auth/principal';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { DomainError, NotFoundError } from '../../platform/domain/errors';
import { OpenCheckoutCommand } from '../commands/open-checkout.command';
import { SettleSessionCommand } from '../commands/settle-session.command';
import { sandboxCheckoutPage } from '../provider/sandbox-page';
import { DEMO_BANKS, SandboxPaymentProvider } from '../provider/sandbox-provider';
import {
  CheckoutSessionDto,
  CheckoutStatusDto,
  CreateCheckoutSessionDto,
  DemoBankDto,
  SandboxPayDto,
  SandboxPayResultDto,
} from './dto/payment.dto';
import { CheckoutStatus, checkoutStatusFromLog, toCheckoutStatus } from './checkout-status';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { PaymentEvent, paymentSession, paymentStream } from '../domain/payment-session';
import { PAYMENT_PROVIDER, PaymentProvider } from '../provider/payment-provider';

const SESSION_ID = /^[A-Za-z0-9_-]{1,200}$/;

@ApiTags('payments')
@Public()
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sandbox: SandboxPaymentProvider,
    private readonly es: EventSourcing,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  @Post('checkout/session')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Open a hosted checkout for a pending, unpaid card order: only its owner's (the signed-in customer it was placed from, " +
      'or the browser that placed it, by the httpOnly order-access cookie the placement set)',
  })
  @ApiOkResponse({ type: CheckoutSessionDto })
  @ApiBadRequestResponse({ description: "origin_url is not one of the shop's addresses" })
  @ApiConflictResponse({ description: 'The order is not a pending, unpaid card order' })
  @ApiNotFoundResponse({ description: 'No such order, or not yours' })
  async createSession(
    @Body() dto: CreateCheckoutSessionDto,
    @CurrentPrincipal() principal: Principal | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const orderId = dto.order_id.toLowerCase();
    const payer = { customerId: principal?.kind === 'customer' ? principal.id : null, ordersWithAccess: ordersWithAccess(request) };
    const session = await this.commands.execute(new OpenCheckoutCommand(dto.origin_url, orderId, payer));
    // The owner's browser may cancel on the hosted page, where no session identifies anyone (payments.module.ts).
    grantOrderAccess(request, reply, this.config, orderId);
    // The storefront offers its own payment page only to the sandbox; under Stripe every pay button goes to session.url.
    return { ...session, provider: this.provider.name };
  }

  @Get('checkout/status/:sessionId')
  @ApiOperation({ summary: 'How a checkout session stands (amount in cents)' })
  @ApiOkResponse({ type: CheckoutStatusDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  async status(@Param('sessionId') sessionId: string): Promise<CheckoutStatus> {
    if (!SESSION_ID.test(sessionId)) throw new NotFoundError();
    // Stripe: the shopper's return only reads what the log says; only Stripe's webhook (or the payment worker
    // asking Stripe when none came) records an outcome, never a browser coming back.
    if (this.provider.name === 'stripe') {
      const state = fold(paymentSession, await this.es.load<PaymentEvent>(paymentStream(sessionId)));
      if (!state.opened) throw new NotFoundError();
      return checkoutStatusFromLog(state);
    }
    // Asking is settling: the provider's answer is recorded if the session has ended.
    const s = await this.commands.execute(new SettleSessionCommand(sessionId));
    if (!s) throw new NotFoundError();
    return toCheckoutStatus(s);
  }

  @Get('sandbox/banks')
  @ApiOperation({ summary: "The sandbox's demo bank accounts for bank transfers" })
  @ApiOkResponse({ type: [DemoBankDto] })
  banks() {
    return DEMO_BANKS.map((b) => ({ ...b }));
  }

  @Get('sandbox/checkout/:sessionId')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "The sandbox provider's hosted checkout page (HTML)" })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The page', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  async page(@Param('sessionId') sessionId: string, @Req() request: FastifyRequest): Promise<string> {
    const row = await this.sandbox.row(sessionId);
    if (!row) throw new NotFoundError();
    return sandboxCheckoutPage(row, null, { canRetry: hasOrderAccess(request, row.order_id) });
  }

  @Post('sandbox/checkout/:sessionId')
  @ApiOperation({
    summary:
      "The hosted page's form: pay by card, cancel (303 to the shop), or after a decline retry: a new session for the same " +
      "order and amount (303 to its page); cancel and retry only from the browser holding the order's access cookie",
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['pay', 'cancel', 'retry'] },
        name: { type: 'string' },
        card_number: { type: 'string' },
        expiry: { type: 'string' },
        cvv: { type: 'string' },
      },
    },
  })
  @ApiResponse({
    status: 303,
    description: 'To {origin}/payment/success?session_id=..., {origin}/payment/cancel, or (retry) the new session page',
  })
  @ApiResponse({ status: 200, description: 'The page again, with why the card was refused' })
  @ApiNotFoundResponse({ description: "No such session; or a cancel or retry from a browser without the order's access cookie" })
  async submit(
    @Param('sessionId') sessionId: string,
    @Body() body: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const row = await this.sandbox.row(sessionId);
    if (!row) throw new NotFoundError();
    const field = (k: string) => (typeof body?.[k] === 'string' ? body[k] : '');
    const html = (status: number, page: string) =>
      reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    const canRetry = hasOrderAccess(request, row.order_id);
    if (field('action') === 'retry') {
      // Try another card: a fresh session for the same order and amount (the order's rules decide whether it
      // may still be paid); only its owner's browser, as for cancel. An open session is simply shown again.
      if (!canRetry) throw new NotFoundError();
      if (row.status === 'open') {
        reply
          .status(303)
          .header('location', `/api/payments/sandbox/checkout/${encodeURIComponent(row.id)}`)
          .send();
        return;
      }
      try {
        const next = await this.commands.execute(
          new OpenCheckoutCommand(new URL(row.success_url).origin, row.order_id, {
            customerId: null,
            ordersWithAccess: ordersWithAccess(request),
          }),
        );
        reply.status(303).header('location', next.url).send();
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        html(err.status, sandboxCheckoutPage(row, err.message));
      }
      return;
    }
    if (field('action') === 'cancel') {
      // Only the browser that opened the checkout as the order's owner (its order-access cookie) may cancel it.
      if (!hasOrderAccess(request, row.order_id)) throw new NotFoundError();
      await this.sandbox.cancel(sessionId);
      await this.settle(sessionId).catch(() => undefined); // the order is awaiting payment at once
      reply.status(303).header('location', row.cancel_url).send();
      return;
    }
    try {
      const paid = await this.sandbox.pay(sessionId, {
        method: 'card',
        card_number: field('card_number'),
        expiry: field('expiry'),
        cvv: field('cvv'),
        name: field('name'),
      });
      if (paid.payment_status === 'paid') {
        await this.settle(sessionId).catch(() => undefined); // the poller records it too; once either way
        reply.status(303).header('location', paid.success_url).send();
        return;
      }
      await this.settle(sessionId).catch(() => undefined);
      html(402, sandboxCheckoutPage(paid, 'Your card was declined.', { canRetry }));
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const current = (await this.sandbox.row(sessionId)) ?? row;
      html(err.status, sandboxCheckoutPage(current, err.message, { canRetry }));
    }
  }

  @Post('sandbox/sessions/:sessionId/pay')
  @HttpCode(200)
  @ApiOperation({ summary: "Pay a sandbox session from the storefront's own payment page, by card or bank transfer" })
  @ApiOkResponse({ type: SandboxPayResultDto })
  @ApiBadRequestResponse({ description: "'Please fill in all card details', bad card number, expiry, CVV or account" })
  @ApiConflictResponse({ description: "'Payment session expired' or already complete" })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  async pay(@Param('sessionId') sessionId: string, @Body() dto: SandboxPayDto) {
    const row =
      dto.method === 'card'
        ? await this.sandbox.pay(sessionId, {
            method: 'card',
            card_number: dto.card_number ?? '',
            expiry: dto.expiry ?? '',
            cvv: dto.cvv ?? '',
            name: dto.name ?? '',
          })
        : await this.sandbox.pay(sessionId, { method: 'bank_transfer', account_id: dto.account_id ?? '' });
    await this.settle(sessionId).catch(() => undefined);
    const paid = row.payment_status === 'paid';
    return {
      success: paid,
      payment_status: paid ? 'paid' : 'declined',
      session_id: row.id,
      order_id: row.order_id,
      amount: row.amount_cents / 100,
      currency: row.currency.toUpperCase(),
      payment_method: dto.method,
      redirect_url: paid ? row.success_url : row.cancel_url,
      message: paid
        ? 'Payment Successful!'
        : dto.method === 'card'
          ? 'Payment Failed: Your card was declined.'
          : 'Payment Failed: Insufficient funds in the chosen account.',
    };
  }

  /** Records the outcome now (the poller would too, once either way); a failure here leaves it to the poller. */
  private settle(sessionId: string): Promise<unknown> {
    return this.commands.execute(new SettleSessionCommand(sessionId));
  }
}
