import { Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { Public, RequireStaff } from '../../platform/auth/auth.decorators';
import { DatabaseService } from '../../platform/database/database.service';
import { BadInputError } from '../../platform/domain/errors';
import { RAW_BODY, WithRawBody } from '../../platform/http/storable-input';
import { StripeWebhookCommand } from '../commands/stripe-webhook.command';
import { STRIPE_WEBHOOK_EVENTS } from '../domain/stripe-notice';
import { PaymentAlertRow } from '../projections/payment-alerts.projection';

export class StripeWebhookResultDto {
  @ApiProperty({ enum: [true] }) received!: boolean;
  @ApiProperty({ description: 'This event id was already recorded: nothing changed' }) duplicate!: boolean;
  @ApiProperty({ description: 'It changed a payment session (false: ignored, awaiting an async payment, or recorded for staff)' })
  applied!: boolean;
}

export class PaymentAlertDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['rejected', 'dispute'], description: 'rejected: a well-signed notice not applied; dispute: a chargeback' })
  kind!: string;
  @ApiProperty({ example: 'stripe' }) provider!: string;
  @ApiProperty({ example: 'checkout.session.completed' }) event_type!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) session_id!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) order_id!: string | null;
  @ApiProperty({ description: 'What is wrong, for staff' }) detail!: string;
  @ApiProperty() created_at!: string;
}

/** Stripe's webhook (PAYMENT_PROVIDER=stripe; docs/operations.md, Taking card payments with Stripe). */
@ApiTags('payments')
@Public()
@Controller('payments/stripe')
export class StripeWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Stripe's webhook: the raw body is verified against Stripe-Signature (the endpoint's signing secret, 5 minutes' tolerance); " +
      `each event id is recorded once. Applies ${STRIPE_WEBHOOK_EVENTS.join(', ')}; other types are recorded and change nothing`,
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 't=<unix time>,v1=<HMAC-SHA256 of "t.body">' })
  @ApiBody({ schema: { type: 'object', description: 'A Stripe Event object (id evt_…, type, data.object)', additionalProperties: true } })
  @ApiOkResponse({ type: StripeWebhookResultDto, description: 'Recorded (or already recorded): Stripe stops retrying' })
  @ApiBadRequestResponse({ description: 'A missing, forged or stale signature, or a body that is not JSON: nothing is recorded' })
  @ApiNotFoundResponse({ description: 'This shop does not take payments with Stripe (PAYMENT_PROVIDER is not stripe)' })
  async webhook(
    @Req() request: FastifyRequest & WithRawBody,
    @Headers('stripe-signature') signature?: string,
  ): Promise<StripeWebhookResultDto> {
    const raw = request[RAW_BODY];
    if (!raw) throw new BadInputError('The body must be the Stripe event, sent as application/json.', 'body');
    return this.commands.execute(new StripeWebhookCommand(raw, typeof signature === 'string' ? signature : undefined));
  }
}

/** What a payment provider told the shop that staff must look at. */
@ApiTags('admin: payments')
@RequireStaff()
@Controller('admin/payments')
export class PaymentAlertsController {
  constructor(private readonly db: DatabaseService) {}

  @Get('alerts')
  @ApiOperation({
    summary:
      'Payment alerts, newest first (at most 200): well-signed provider notices that were not applied (unknown session or order, wrong amount or currency) and disputes',
  })
  @ApiOkResponse({ type: [PaymentAlertDto] })
  async alerts(): Promise<PaymentAlertDto[]> {
    const rows = await this.db.query<PaymentAlertRow>(
      `SELECT id, kind, provider, event_type, session_id, order_id, detail, created_at FROM payment_alerts ORDER BY created_at DESC, id LIMIT 200`,
    );
    return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
  }
}
