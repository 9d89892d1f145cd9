import { Body, Controller, Delete, Get, HttpCode, Inject, Put, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, RequireCustomer } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { clearSessionCookie } from '../../platform/auth/session-cookie';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { UnauthorizedError } from '../../platform/domain/errors';
import { DeleteCustomerCommand } from '../commands/delete-customer.command';
import { UpdateProfileCommand } from '../commands/update-profile.command';
import { ProfileChanges } from '../domain/customer';
import { CustomerUser } from '../queries/customer-queries';
import { GetSignedInCustomerQuery } from '../queries/get-signed-in-customer.query';
import { MessageResult, UpdateProfileDto, UserView } from './dto/auth.dto';

const SAVED_MEANWHILE = 'Another save of this profile landed at the same moment; nothing was changed by this one. Reload it and try again.';

function toChanges(dto: UpdateProfileDto): ProfileChanges {
  const changes: ProfileChanges = {};
  if (dto.firstName !== undefined) changes.first_name = dto.firstName.trim();
  if (dto.lastName !== undefined) changes.last_name = dto.lastName.trim();
  if (dto.phone !== undefined) changes.phone = dto.phone.trim();
  if (dto.address !== undefined) {
    const a: Record<string, string> = {};
    for (const [k, v] of Object.entries(dto.address)) if (typeof v === 'string') a[k] = v.trim();
    if ('country' in a && !a.country) a.country = 'US';
    changes.address = a;
  }
  return changes;
}

/** The signed-in customer's own account: profile and deletion. */
@ApiTags('account')
@RequireCustomer()
@Controller('me')
export class MeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  private async user(id: string): Promise<CustomerUser> {
    const user = await this.queries.execute(new GetSignedInCustomerQuery(id));
    if (!user) throw new UnauthorizedError();
    return user;
  }

  @Get()
  @ApiOkResponse({ type: UserView })
  @ApiOperation({ summary: "The signed-in customer's profile" })
  get(@CurrentPrincipal() principal: Principal): Promise<CustomerUser> {
    return this.user(principal.id);
  }

  @Put()
  @ApiOkResponse({ type: UserView })
  @ApiConflictResponse({ description: SAVED_MEANWHILE })
  @ApiOperation({ summary: "Change the signed-in customer's profile and address" })
  async update(@CurrentPrincipal() principal: Principal, @Body() body: UpdateProfileDto): Promise<CustomerUser> {
    await this.commands.execute(new UpdateProfileCommand(principal.id, toChanges(body)));
    return this.user(principal.id);
  }

  @Delete()
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResult, description: 'The account is deleted, the person erased and every session ended' })
  @ApiConflictResponse({
    description:
      'The customer has card orders in progress (awaiting payment, paid or shipped): deleted once they are delivered or cancelled',
  })
  @ApiOperation({ summary: "Erase the signed-in customer's account and personal data" })
  async remove(@CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) reply: FastifyReply): Promise<MessageResult> {
    await this.commands.execute(new DeleteCustomerCommand(principal.id, 'self'));
    clearSessionCookie(reply, this.config);
    return { success: true, message: 'Your account has been deleted.' };
  }
}
