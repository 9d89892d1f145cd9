import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import type { OrderPage } from '@facet/contracts';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal, Public, RequireCustomer, RequireStaff } from '../../platform/auth/auth.decorators';
import { grantOrderAccess, ordersWithAccess } from '../../platform/auth/order-access-cookie';
import { BadInputError } from '../../platform/domain/errors';
import { Principal } from '../../platform/auth/principal';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { createdBetween } from '../../platform/http/page-query.dto';
import { PollAt } from '../../platform/http/context.interceptor';
import { paging, sorting, withTotalCount } from '../../platform/http/list-endpoint';
import { ChangeOrderStatusCommand, ConfirmConsultationHoldCommand } from '../commands/change-order-status.command';
import { PlaceOrderCommand } from '../commands/place-order.command';
import { GetAdminOrderQuery } from '../queries/get-admin-order.query';
import { GetOrderQuery } from '../queries/get-order.query';
import { ListOrdersQuery } from '../queries/list-orders.query';
import { MyOrdersQuery } from '../queries/my-orders.query';
import { GetOrderPageQuery } from '../queries/order-page.query';
import { isValidOrderLinkToken } from '../order-link';
import {
  AdminOrderDto,
  AdminOrderListDto,
  AdminOrderListQueryDto,
  ChangeOrderStatusDto,
  CreateOrderDto,
  MyOrderDto,
  OrderCreatedDto,
  OrderDto,
  OrderPageDto,
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
  @ApiConflictResponse({
    description: "Unknown, deleted or out-of-stock products, 'Prices have changed: ...', or more units than one shopper may hold unpaid",
  })
  @ApiTooManyRequestsResponse({ description: 'Too many orders from this client or for this shopper; Retry-After says when to try again' })
  async create(
    @Body() dto: CreateOrderDto,
    @CurrentPrincipal() principal: Principal | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('idempotency-key') key?: string,
  ): Promise<{ order_id: string }> {
    const placed: { order_id: string } = await this.commands.execute(
      new PlaceOrderCommand(dto, principal, key, ordersWithAccess(request), request.ip),
    );
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

  @Get(':id/page')
  @Public()
  @ApiOperation({
    summary: "The shopper's order page: lines, totals, address, payment, shipment and the notes staff shared",
    description:
      "For its signed-in customer, the holder of its mails' signed link (?access=), or the browser that placed it. " +
      'Anyone else gets 404, as for an order that does not exist. A valid link lets this browser pay the order too.',
  })
  @ApiQuery({ name: 'access', required: false, description: "The token of the order mails' link" })
  @ApiOkResponse({ type: OrderPageDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  async page(
    @Param('id', UuidOr404Pipe) id: string,
    @CurrentPrincipal() principal: Principal | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('access') access?: unknown,
  ): Promise<OrderPage> {
    const page: OrderPage = await this.queries.execute(new GetOrderPageQuery(id, principal, access, ordersWithAccess(request)));
    // The mail's holder is the shopper: this browser may now pay or retry the order as the one that placed it would.
    if (isValidOrderLinkToken(id, access)) grantOrderAccess(request, reply, this.config, id);
    return page;
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
    // The console reads x-total-estimated as "about N" (a search that matched more than 1,000 orders is counted from a sample).
    return withTotalCount(
      reply,
      this.queries.execute(
        new ListOrdersQuery({
          ...paging(q),
          ...sorting(q, 'created_at'),
          q: q.q,
          status: q.status,
          kind: q.kind,
          payment_status: q.payment_status,
          ...createdBetween(q),
        }),
      ),
    );
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
    summary:
      'Move an order to its next status (see ORDER_TRANSITIONS), with a note (shared with the customer when asked); shipped needs a carrier and tracking number; its current status with a note adds the note',
  })
  @ApiOkResponse({ type: AdminOrderDto })
  @ApiConflictResponse({ description: 'The move is not allowed from the current status' })
  changeStatus(@Param('id', UuidOr404Pipe) id: string, @Body() dto: ChangeOrderStatusDto, @CurrentPrincipal() principal: Principal) {
    if ((dto.carrier === undefined) !== (dto.tracking_number === undefined))
      throw new BadInputError('carrier and tracking_number go together: choose the carrier and enter the tracking number.');
    const shipment = dto.carrier && dto.tracking_number ? { carrier: dto.carrier, tracking_number: dto.tracking_number } : undefined;
    return this.commands.execute(
      new ChangeOrderStatusCommand(id, dto.status, dto.note?.trim() ?? '', principal, dto.share_with_customer === true, shipment),
    );
  }

  @Post(':id/hold-confirmation')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Confirm an open consultation request's hold: its pieces stay held past CONSULTATION_HOLD_HOURS until it is converted or closed (ConsultationHoldConfirmed, with who did it)",
  })
  @ApiOkResponse({ type: AdminOrderDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  @ApiConflictResponse({ description: 'Not an open consultation request, or its hold already lapsed and its pieces were released' })
  confirmHold(@Param('id', UuidOr404Pipe) id: string, @CurrentPrincipal() principal: Principal) {
    return this.commands.execute(new ConfirmConsultationHoldCommand(id, principal));
  }
}
