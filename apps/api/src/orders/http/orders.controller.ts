import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal, Public, RequireCustomer, RequireStaff } from '../../platform/auth/auth.decorators';
import { grantOrderAccess } from '../../platform/auth/order-access-cookie';
import { Principal } from '../../platform/auth/principal';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { createdBetween } from '../../platform/http/page-query.dto';
import { PollAt } from '../../platform/http/context.interceptor';
import { ChangeOrderStatusCommand } from '../commands/change-order-status.command';
import { PlaceOrderCommand } from '../commands/place-order.command';
import { GetAdminOrderQuery } from '../queries/get-admin-order.query';
import { GetOrderQuery } from '../queries/get-order.query';
import { ListOrdersQuery } from '../queries/list-orders.query';
import { MyOrdersQuery } from '../queries/my-orders.query';
import {
  AdminOrderDto,
  AdminOrderListDto,
  AdminOrderListQueryDto,
  ChangeOrderStatusDto,
  CreateOrderDto,
  MyOrderDto,
  OrderCreatedDto,
  OrderDto,
} from './dto/order.dto';

@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  @Post()
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Place a card order or a consultation request; the server prices it from the catalogue' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A repeated submit with the same key returns the first order' })
  @ApiOkResponse({ type: OrderCreatedDto })
  @ApiAcceptedResponse({
    type: OrderCreatedDto,
    description: 'Recorded, not readable yet (the read models are behind): poll the Location header',
  })
  @PollAt('/api/orders/{order_id}')
  @ApiBadRequestResponse({ description: 'Invalid payload (quantity, lines, status combination, shipping fields)' })
  @ApiConflictResponse({ description: "Unknown, deleted or out-of-stock products, or 'Prices have changed: ...'" })
  async create(
    @Body() dto: CreateOrderDto,
    @CurrentPrincipal() principal: Principal | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('idempotency-key') key?: string,
  ): Promise<{ order_id: string }> {
    const placed: { order_id: string } = await this.commands.execute(new PlaceOrderCommand(dto, principal, key));
    // The placing browser, and only it, may open the order's checkout as a guest (payments.controller.ts).
    grantOrderAccess(request, reply, this.config, placed.order_id);
    return placed;
  }

  @Get('mine')
  @RequireCustomer()
  @ApiOperation({ summary: "The signed-in customer's orders, newest first" })
  @ApiOkResponse({ type: [MyOrderDto] })
  mine(@CurrentPrincipal() principal: Principal) {
    return this.queries.execute(new MyOrdersQuery(principal.id));
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'One order; personal data is masked unless you are its owner or staff' })
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  get(@Param('id', UuidOr404Pipe) id: string, @CurrentPrincipal() principal: Principal | null) {
    return this.queries.execute(new GetOrderQuery(id, principal));
  }
}

@ApiTags('admin: orders')
@RequireStaff('staff')
@Controller('admin/orders')
export class AdminOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Orders and consultation requests, filtered and paged' })
  @ApiOkResponse({ type: AdminOrderListDto })
  @ApiUnauthorizedResponse()
  async list(@Query() q: AdminOrderListQueryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.queries.execute(
      new ListOrdersQuery({
        page: q.page ?? 1,
        limit: q.limit ?? 25,
        sort: q.sort ?? 'created_at',
        order: q.order ?? 'desc',
        q: q.q,
        status: q.status,
        kind: q.kind,
        payment_status: q.payment_status,
        ...createdBetween(q),
      }),
    );
    reply.header('x-total-count', String(result.total));
    return result;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One order (its history: GET /api/admin/audit/streams/order-{id}, as for every record)' })
  @ApiOkResponse({ type: AdminOrderDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  get(@Param('id', UuidOr404Pipe) id: string) {
    return this.queries.execute(new GetAdminOrderQuery(id));
  }

  // Status changes have one form across the console's records: PUT /admin/<records>/{id} with
  // { status, note } (the spec's form for custom designs).
  @Put(':id')
  @ApiOperation({
    summary: 'Move an order to its next status (see ORDER_TRANSITIONS), with a note; its current status with a note adds the note',
  })
  @ApiOkResponse({ type: AdminOrderDto })
  @ApiConflictResponse({ description: 'The move is not allowed from the current status' })
  changeStatus(@Param('id', UuidOr404Pipe) id: string, @Body() dto: ChangeOrderStatusDto, @CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new ChangeOrderStatusCommand(id, dto.status, dto.note?.trim() ?? '', principal));
  }
}
