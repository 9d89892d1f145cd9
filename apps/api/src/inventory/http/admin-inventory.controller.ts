import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { PageQueryDto } from '../../platform/http/page-query.dto';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { paging, withTotalCount } from '../../platform/http/list-endpoint';
import { AdjustStockCommand, ReturnStockCommand } from '../commands/stock.commands';
import { GetVariantStockQuery, ListReservationsQuery, Page, StockLedgerQuery } from '../queries/stock.queries';
import {
  ReservationsQueryDto,
  StockAdjustmentDto,
  StockLedgerDto,
  StockLevelDto,
  StockReservationListDto,
  StockReturnDto,
  VariantStockDto,
} from './dto/inventory.dto';

const NO_STOCK = 'No such variant, or it has no stock record (made to order, or no count was ever set)';

/** Stock of stocked variants for staff: counts, adjustments and returns with a reason, the ledger, reservations. */
@ApiTags('admin: inventory')
@RequireStaff('staff')
@Controller('admin/inventory')
export class AdminInventoryController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('variants/:variantId')
  @ApiOperation({ summary: "A stocked variant's units on hand, reserved and available, and its product" })
  @ApiOkResponse({ type: VariantStockDto })
  @ApiNotFoundResponse({
    description: `${NO_STOCK}; or the catalogue no longer lists it (removed from its product, or the product deleted: its ledger stays readable)`,
  })
  variant(@Param('variantId', UuidOr404Pipe) variantId: string) {
    return this.queries.execute(new GetVariantStockQuery(variantId));
  }

  @Post('variants/:variantId/adjustments')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Change units on hand by delta, or to set_to (a stocktake), with a reason; recorded as StockAdjusted in the ledger',
  })
  @ApiOkResponse({ type: StockLevelDto, description: 'The counts after the adjustment' })
  @ApiBadRequestResponse({ description: 'Neither or both of delta and set_to, delta 0, numbers out of range, or no reason' })
  @ApiConflictResponse({ description: 'On hand would go below the units reserved by unpaid orders, or above 100,000' })
  @ApiNotFoundResponse({ description: NO_STOCK })
  adjust(@Param('variantId', UuidOr404Pipe) variantId: string, @Body() dto: StockAdjustmentDto, @CurrentPrincipal() principal: Principal) {
    return this.commands.execute(
      new AdjustStockCommand(variantId, { delta: dto.delta, setTo: dto.set_to }, dto.reason.trim(), `staff:${principal.id}`),
    );
  }

  @Post('variants/:variantId/returns')
  @HttpCode(200)
  @ApiOperation({ summary: 'Put units back on hand (returned by a customer, of a paid order or not), with a reason' })
  @ApiOkResponse({ type: StockLevelDto, description: 'The counts after the return' })
  @ApiBadRequestResponse({ description: 'quantity out of range, or no reason' })
  @ApiConflictResponse({ description: 'The order has fewer paid units of this variant left to return' })
  @ApiNotFoundResponse({ description: NO_STOCK })
  returnUnits(@Param('variantId', UuidOr404Pipe) variantId: string, @Body() dto: StockReturnDto, @CurrentPrincipal() principal: Principal) {
    return this.commands.execute(
      new ReturnStockCommand(variantId, dto.order_id?.toLowerCase() ?? null, dto.quantity, dto.reason.trim(), `staff:${principal.id}`),
    );
  }

  @Get('variants/:variantId/ledger')
  @ApiOperation({ summary: "Every movement of a variant's stock, newest first: who, when, why, and the counts after it" })
  @ApiOkResponse({ type: StockLedgerDto })
  @ApiNotFoundResponse({ description: NO_STOCK })
  async ledger(
    @Param('variantId', UuidOr404Pipe) variantId: string,
    @Query() q: PageQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { page, limit } = paging(q);
    return withTotalCount<Page<unknown>>(reply, this.queries.execute(new StockLedgerQuery(variantId, page, limit)));
  }

  @Get('reservations')
  @ApiOperation({ summary: 'Reservations by variant, order and status (open: held by an order not yet paid), newest first' })
  @ApiOkResponse({ type: StockReservationListDto })
  async reservations(@Query() q: ReservationsQueryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return withTotalCount<Page<unknown>>(
      reply,
      this.queries.execute(new ListReservationsQuery({ variantId: q.variant_id, orderId: q.order_id, status: q.status, ...paging(q) })),
    );
  }
}
