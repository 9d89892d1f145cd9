import { Controller, Delete, Get, HttpCode, Param, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireStaff } from '../../platform/auth/auth.decorators';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { paging, sorting, withTotalCount } from '../../platform/http/list-endpoint';
import { DeleteCustomerCommand } from '../commands/delete-customer.command';
import { GetCustomerQuery, ListCustomersQuery } from '../queries/customer-queries';
import { CustomerDetailView, CustomerListView, ListCustomersQueryDto, MessageResult } from './dto/auth.dto';

/** The console's customer database: staff may look customers up; only admins delete (and erase) them. */
@ApiTags('admin: customers')
@Controller('admin/customers')
export class AdminCustomersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequireStaff('staff')
  @ApiOkResponse({ type: CustomerListView })
  @ApiOperation({ summary: 'Customer accounts, filtered and paged' })
  async list(@Query() q: ListCustomersQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<CustomerListView> {
    return withTotalCount<CustomerListView>(
      reply,
      this.queries.execute(new ListCustomersQuery({ status: q.status, q: q.q, ...sorting(q, 'created_at'), ...paging(q) })),
    );
  }

  @Get(':id')
  @RequireStaff('staff')
  @ApiOkResponse({ type: CustomerDetailView })
  @ApiOperation({ summary: 'One customer with their orders, designs and messages' })
  get(@Param('id', UuidOr404Pipe) id: string): Promise<CustomerDetailView> {
    return this.queries.execute(new GetCustomerQuery(id));
  }

  @Delete(':id')
  @RequireStaff('admin')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResult, description: 'The customer is deleted and erased' })
  @ApiConflictResponse({
    description:
      'The customer has card orders in progress (awaiting payment, paid or shipped): cancel them or wait until they are delivered',
  })
  @ApiOperation({ summary: "Erase a customer's account and personal data" })
  async remove(@Param('id', UuidOr404Pipe) id: string): Promise<MessageResult> {
    await this.commands.execute(new DeleteCustomerCommand(id, 'staff'));
    return { success: true, message: 'Customer deleted' };
  }
}
