import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import type { OrderReturns, ReturnView } from '@facet/contracts';
import { CurrentPrincipal, Public, RequireStaff } from '../../platform/auth/auth.decorators';
import { ordersWithAccess } from '../../platform/auth/order-access-cookie';
import { Principal } from '../../platform/auth/principal';
import { paging, sorting, withTotalCount } from '../../platform/http/list-endpoint';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { ReturnsService } from '../commands/returns.service';
import { AdminReturnListQueryDto, OrderReturnsDto, RequestReturnDto, ReturnDto, ReturnListDto, StaffReturnActionDto } from './returns.dto';

@ApiTags('returns')
@Controller('orders')
export class OrderReturnsController {
  constructor(private readonly returns: ReturnsService) {}

  @Post(':id/returns')
  @Public()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Ask to return delivered lines of an order, with a reason (within RETURN_WINDOW_DAYS of delivery)',
    description:
      "For the order's signed-in customer, the holder of its mails' link (?access=) or the browser that placed it; anyone else gets 404. " +
      'Engraved lines are refused with the policy message (GET /api/orders/{id}/returns lists the policy).',
  })
  @ApiQuery({ name: 'access', required: false, description: "The token of the order mails' link" })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A retried request with the same key records one return' })
  @ApiCreatedResponse({ type: ReturnDto })
  @ApiBadRequestResponse({ description: 'A field is wrong (lines, a line, a quantity, the reason), named in the answer' })
  @ApiConflictResponse({ description: 'Not delivered, past the window, an excluded piece, or more units than are left to return' })
  @ApiNotFoundResponse({ description: 'No such order, or not yours' })
  request(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() dto: RequestReturnDto,
    @CurrentPrincipal() principal: Principal | null,
    @Req() request: FastifyRequest,
    @Query('access') access?: unknown,
    @Headers('idempotency-key') key?: string,
  ): Promise<ReturnView> {
    const caller = { principal, token: access, cookieOrders: ordersWithAccess(request) };
    return this.returns.request(id, { lines: dto.lines, reason: dto.reason.trim() }, caller, key);
  }

  @Get(':id/returns')
  @Public()
  @ApiOperation({
    summary: "The order's returns as its shopper reads them: what may still be returned (or why not), each return's steps, the policy",
  })
  @ApiQuery({ name: 'access', required: false, description: "The token of the order mails' link" })
  @ApiOkResponse({ type: OrderReturnsDto })
  @ApiNotFoundResponse({ description: 'No such order, or not yours' })
  list(
    @Param('id', UuidOr404Pipe) id: string,
    @CurrentPrincipal() principal: Principal | null,
    @Req() request: FastifyRequest,
    @Query('access') access?: unknown,
  ): Promise<OrderReturns> {
    return this.returns.forShopper(id, { principal, token: access, cookieOrders: ordersWithAccess(request) });
  }
}

@ApiTags('admin: returns')
@RequireStaff('staff')
@Controller('admin/returns')
export class AdminReturnsController {
  constructor(private readonly returns: ReturnsService) {}

  @Get()
  @ApiOperation({ summary: 'Returns, newest first, filtered by status, order and text' })
  @ApiOkResponse({ type: ReturnListDto })
  @ApiUnauthorizedResponse()
  list(@Query() q: AdminReturnListQueryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return withTotalCount(
      reply,
      this.returns.list({ ...paging(q), ...sorting(q, 'requested_at'), status: q.status, order_id: q.order_id?.toLowerCase(), q: q.q }),
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'One return with its steps (its history: GET /api/admin/audit/streams/order-returns-{order id})' })
  @ApiOkResponse({ type: ReturnDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  get(@Param('id', UuidOr404Pipe) id: string) {
    return this.returns.get(id);
  }

  @Put(':id')
  @ApiOperation({
    summary:
      'Move a return on: approve or refuse (with a note the shopper reads), receive (the units go back to stock, once), ' +
      'refund (less an optional restocking fee, once however many press it) or exchange (another size of the same piece, its unit reserved)',
  })
  @ApiOkResponse({ type: ReturnDto })
  @ApiBadRequestResponse({ description: 'A field is wrong (action, note, restocking_fee, exchange_variant_id), named in the answer' })
  @ApiConflictResponse({
    description: 'The step is not allowed from the current status, the new size is sold out, or the provider refused',
  })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  act(@Param('id', UuidOr404Pipe) id: string, @Body() dto: StaffReturnActionDto, @CurrentPrincipal() principal: Principal) {
    return this.returns.act(id, dto, principal);
  }
}
