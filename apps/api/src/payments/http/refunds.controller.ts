import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { DatabaseService } from '../../platform/database/database.service';
import { NotFoundError } from '../../platform/domain/errors';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { IdempotencyService } from '../../platform/http/idempotency.service';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { VisibleText } from '../../platform/http/validation';
import { paidSessionOf, refundView } from '../commands/staff-refund.handler';
import { StaffRefundCommand } from '../commands/staff-refund.command';
import {
  PaymentEvent,
  PaymentRefunded,
  paymentSession,
  paymentStream,
  REFUND_REASON_MAX,
  RESTOCK_LINES_MAX,
} from '../domain/payment-session';

/** One line of the order that came back: its variant (the order's items[].variant_id) and how many units. */
export class RestockLineDto {
  @ApiProperty({ description: "The line's variant, as the order's items[].variant_id names it", example: '5b0c2a4e-...' })
  @IsString({ message: 'variant_id must name a line of the order' })
  @MaxLength(100)
  variant_id!: string;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Units that came back: at most what was bought less what earlier refunds restocked',
  })
  @IsInt({ message: 'quantity must be a whole number of units' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(1_000_000, { message: 'quantity is more than any order holds' })
  quantity!: number;
}

export class CreateRefundDto {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    example: 4500,
    description: 'Integer cents (as the payment was captured), at most what is left of it to refund',
  })
  @IsInt({ message: 'amount must be a whole number of cents' })
  @Min(1, { message: 'amount must be at least 1 cent' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'amount is larger than any payment' })
  amount!: number;
  @ApiProperty({ maxLength: REFUND_REASON_MAX, example: 'Clasp arrived scratched' })
  @IsString({ message: 'reason must be text' })
  @MaxLength(REFUND_REASON_MAX)
  @VisibleText('reason must say why')
  reason!: string;
  @ApiPropertyOptional({ default: false, description: 'The piece came back: its unit goes back to stock (recorded on the refund)' })
  @IsOptional()
  @IsBoolean({ message: 'restock must be true or false' })
  restock?: boolean;
  @ApiPropertyOptional({
    type: [RestockLineDto],
    maxItems: RESTOCK_LINES_MAX,
    description: 'Required with restock: true (and only then): the order lines that came back, each variant once',
  })
  @IsOptional()
  @IsArray({ message: 'lines must be a list of { variant_id, quantity }' })
  @ArrayMaxSize(RESTOCK_LINES_MAX)
  // IsObject: ValidateNested alone lets an array of arrays ([[]]) through to the handler.
  @IsObject({ each: true, message: 'lines must be a list of { variant_id, quantity }' })
  @ValidateNested({ each: true })
  @Type(() => RestockLineDto)
  lines?: RestockLineDto[];
}

export class RestockLineView {
  @ApiProperty() variant_id!: string;
  @ApiProperty({ type: 'integer' }) quantity!: number;
}

export class RefundDto {
  @ApiProperty({ description: "The provider's refund id" }) refund_id!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Its number on the payment (null: not a staff refund: a cancel's whole refund, or one made in Stripe's dashboard)",
  })
  number!: number | null;
  @ApiProperty({ description: 'Integer cents' }) amount_cents!: number;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The staff member (null: not a staff refund)' }) by!: string | null;
  @ApiProperty() restock!: boolean;
  @ApiProperty({ type: [RestockLineView], description: 'The lines that came back to stock ([] without restock)' })
  restock_lines!: RestockLineView[];
  @ApiProperty() created_at!: string;
}

export class RefundListDto {
  @ApiProperty({ type: [RefundDto] }) items!: RefundDto[];
  @ApiProperty({ description: 'What the payment captured, integer cents (0: no payment taken)' }) captured_cents!: number;
  @ApiProperty({ description: 'What has been given back so far, integer cents' }) refunded_cents!: number;
}

@ApiTags('admin: orders')
@RequireStaff('staff')
@Controller('admin/orders')
export class RefundsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
    private readonly idempotency: IdempotencyService,
  ) {}

  @Post(':id/refunds')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Refund part or all of an order's payment (sandbox or Stripe): never more in all than was captured, however many " +
      'consoles ask at once; the refunds adding up to the payment move the order as a whole refund does',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'A retried request with the same key (same staff member, same order, same body) answers the first refund and refunds ' +
      'nothing more, even when the retries arrive at once; the same key with a different body is a 409. Without a key every ' +
      'request is a new refund',
  })
  @ApiCreatedResponse({ type: RefundDto })
  @ApiBadRequestResponse({
    description:
      'A field is wrong (amount not a positive whole number of cents, reason missing or too long, restock without lines or ' +
      'lines naming a variant the order did not buy, twice, or more units than are left to restock, a bad Idempotency-Key)',
  })
  @ApiConflictResponse({
    description: 'No payment taken, the amount is more than is left to refund, or the Idempotency-Key was used for another body',
  })
  @ApiNotFoundResponse({ description: 'No such order' })
  @ApiUnauthorizedResponse()
  refund(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() dto: CreateRefundDto,
    @CurrentPrincipal() principal: Principal,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<RefundDto> {
    const orderId = id.toLowerCase();
    // A key is the staff member's own, on this order: the same key on another order is another refund.
    const scope = IdempotencyService.callerScope(`refund:${orderId}`, principal, null);
    return this.idempotency.run(scope, idempotencyKey, dto, () =>
      this.commands.execute(
        new StaffRefundCommand(
          orderId,
          dto.amount,
          dto.reason.trim(),
          dto.restock === true,
          principal.id,
          dto.lines?.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity })),
        ),
      ),
    );
  }

  @Get(':id/refunds')
  @ApiOperation({ summary: "The refunds of an order's payment, oldest first (amounts in integer cents)" })
  @ApiOkResponse({ type: RefundListDto })
  @ApiNotFoundResponse({ description: 'No such order' })
  @ApiUnauthorizedResponse()
  async list(@Param('id', UuidOr404Pipe) id: string): Promise<RefundListDto> {
    const orderId = id.toLowerCase();
    const sessionId = await paidSessionOf(this.db, orderId);
    if (!sessionId) {
      if (!(await this.db.one(`SELECT 1 FROM rm.orders WHERE id = $1`, [orderId]))) throw new NotFoundError();
      return { items: [], captured_cents: 0, refunded_cents: 0 };
    }
    const history = await this.es.store.readStream(paymentStream(sessionId));
    const events = history as unknown as (PaymentEvent & { metadata: { occurredAt: string } })[];
    const state = fold(paymentSession, events);
    return {
      items: events
        .filter((e): e is PaymentRefunded & { metadata: { occurredAt: string } } => e.type === 'PaymentRefunded')
        .map(refundView),
      captured_cents: state.amountCents,
      refunded_cents: state.refundedCents,
    };
  }
}
