import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { ConflictError, NotFoundError } from '../../platform/domain/errors';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { paging, sorting, withTotalCount } from '../../platform/http/list-endpoint';
import { AddStaffMemberCommand } from '../commands/add-staff-member.command';
import { LAST_ADMINISTRATOR } from '../commands/administrator-changes';
import { ChangeStaffRoleCommand } from '../commands/change-staff-role.command';
import { RemoveStaffMemberCommand } from '../commands/remove-staff-member.command';
import { SetStaffPasswordCommand } from '../commands/set-staff-password.command';
import { GetStaffMemberQuery } from '../queries/get-staff-member.query';
import { ListStaffQuery } from '../queries/list-staff.query';
import { StaffMemberView } from '../queries/staff-member-view';
import { ChangeStaffRoleDto, CreateStaffDto, ListStaffQueryDto, SetStaffPasswordDto, StaffListDto, StaffMemberDto } from './dto/staff.dto';

const NOT_YOURSELF = 'You cannot change your own role or remove your own account; ask another administrator.';
const OWN_PASSWORD = 'Change your own password from your account (PUT /api/staff/me/password), with your current password.';
const REFUSED = `${NOT_YOURSELF} Or: ${LAST_ADMINISTRATOR} (also when administrators demote or remove each other at the same moment)`;

/** Staff accounts and their roles; administrators only. */
@ApiTags('admin: staff')
@RequireStaff('admin')
@Controller('admin/staff')
export class AdminStaffController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOkResponse({ type: StaffListDto })
  @ApiOperation({ summary: 'Staff accounts, filtered and paged' })
  async list(@Query() q: ListStaffQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StaffListDto> {
    return withTotalCount<StaffListDto>(
      reply,
      this.queries.execute(new ListStaffQuery({ q: q.q, role: q.role, ...sorting(q, 'created_at'), ...paging(q) })),
    );
  }

  @Get(':id')
  @ApiOkResponse({ type: StaffMemberDto })
  @ApiNotFoundResponse({ description: 'No such staff member' })
  @ApiOperation({ summary: 'One staff account (administrators only)' })
  async one(@Param('id', UuidOr404Pipe) id: string): Promise<StaffMemberView> {
    const member = await this.queries.execute(new GetStaffMemberQuery(id));
    if (!member) throw new NotFoundError('No such staff member.');
    return member;
  }

  @Post()
  @ApiCreatedResponse({ type: StaffMemberDto })
  @ApiConflictResponse({ description: 'A staff member with this e-mail already exists' })
  @ApiOperation({ summary: 'Add a staff account (administrators only)' })
  create(@Body() body: CreateStaffDto): Promise<StaffMemberView> {
    return this.commands.execute(new AddStaffMemberCommand(body.email, body.name.trim(), body.role, body.password));
  }

  @Put(':id')
  @ApiOkResponse({ type: StaffMemberDto })
  @ApiConflictResponse({ description: REFUSED })
  @ApiOperation({ summary: "Change a staff member's role (administrators only; not the last administrator's)" })
  changeRole(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() body: ChangeStaffRoleDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<StaffMemberView> {
    if (id === principal.id) throw new ConflictError(NOT_YOURSELF);
    return this.commands.execute(new ChangeStaffRoleCommand(id, body.role));
  }

  @Put(':id/password')
  @ApiOkResponse({
    description: 'The new password is set; their sessions end and they sign in with it',
    schema: {
      type: 'object',
      required: ['success', 'message'],
      properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' } },
    },
  })
  @ApiBadRequestResponse({ description: 'A weak or common password' })
  @ApiNotFoundResponse({ description: 'No such staff member' })
  @ApiConflictResponse({ description: OWN_PASSWORD })
  @ApiOperation({ summary: "Set a staff member's new password (administrators only); their sessions end" })
  async setPassword(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() body: SetStaffPasswordDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ success: true; message: string }> {
    if (id === principal.id) throw new ConflictError(OWN_PASSWORD);
    await this.commands.execute(new SetStaffPasswordCommand(id, body.password));
    return { success: true, message: 'Password set; their sessions have ended' };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'Removed; their sessions end',
    schema: {
      type: 'object',
      required: ['success', 'message'],
      properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' } },
    },
  })
  @ApiConflictResponse({ description: REFUSED })
  @ApiOperation({ summary: 'Remove a staff account (administrators only; not the last administrator)' })
  async remove(
    @Param('id', UuidOr404Pipe) id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ success: true; message: string }> {
    if (id === principal.id) throw new ConflictError(NOT_YOURSELF);
    await this.commands.execute(new RemoveStaffMemberCommand(id));
    return { success: true, message: 'Staff member removed' };
  }
}
