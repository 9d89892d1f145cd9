import { Controller, Delete, Get, HttpCode, Param, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireStaff } from '../../platform/auth/auth.decorators';
import { NotFoundError } from '../../platform/domain/errors';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { paging, withTotalCount } from '../../platform/http/list-endpoint';
import { LiftSignInLockCommand } from '../commands/lift-sign-in-lock.command';
import { NOT_LOCKED } from '../commands/lift-sign-in-lock.handler';
import { SIGN_IN_ACCOUNTS, SignInAccount } from '../domain/sign-in-lock';
import { ListSignInLocksQuery } from '../queries/list-sign-in-locks.query';
import { ListSignInLocksQueryDto, SignInLockListDto } from './dto/sign-in-locks.dto';

/**
 * Accounts whose sign-in wrong passwords locked: staff see them; an administrator lifts a lock. Locks hold
 * unknown clients only, a browser that signed in to the account before is not held (device cookies).
 */
@ApiTags('admin: sign-in locks')
@Controller('admin/sign-in-locks')
export class AdminSignInLocksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequireStaff('staff')
  @ApiOkResponse({ type: SignInLockListDto })
  @ApiOperation({ summary: 'Customer and staff accounts whose sign-in is locked now, the latest end first (staff session, any role)' })
  async list(@Query() q: ListSignInLocksQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignInLockListDto> {
    return withTotalCount<SignInLockListDto>(reply, this.queries.execute(new ListSignInLocksQuery({ account: q.account, ...paging(q) })));
  }

  @Delete(':account/:id')
  @RequireStaff('admin')
  @HttpCode(200)
  @ApiParam({ name: 'account', enum: SIGN_IN_ACCOUNTS })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The customer’s or staff member’s id' })
  @ApiOkResponse({
    description: 'The lock is lifted: the account signs in from anywhere again; SignInLockLifted records who lifted it',
    schema: {
      type: 'object',
      required: ['success', 'message'],
      properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' } },
    },
  })
  @ApiNotFoundResponse({ description: NOT_LOCKED })
  @ApiOperation({ summary: 'Lift an account’s sign-in lock (staff session, administrators only)' })
  async lift(@Param('account') account: string, @Param('id', UuidOr404Pipe) id: string): Promise<{ success: true; message: string }> {
    if (!SIGN_IN_ACCOUNTS.includes(account as SignInAccount)) throw new NotFoundError(NOT_LOCKED);
    await this.commands.execute(new LiftSignInLockCommand(account as SignInAccount, id));
    return { success: true, message: 'Sign-in lock lifted' };
  }
}
