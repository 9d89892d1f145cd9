import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags, ApiOperation } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EMAIL_PATTERN } from '@facet/contracts';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal, STAFF_ROLES, StaffRole } from '../../platform/auth/principal';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { passwordProblem } from '../../customers/domain/password-policy';
import { StaffMemberView, StaffService } from '../staff.service';
import { PageQueryDto } from '../../platform/http/page-query.dto';

const STAFF_SORTS = ['created_at', 'email', 'name', 'role'] as const;
const ROLE_MESSAGE = `role must be one of: ${STAFF_ROLES.join(', ')}`;

export class CreateStaffDto {
  @ApiProperty({ example: 'clara@facet-jewelry.com' })
  @IsString()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254)
  @Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' })
  email: string;

  @ApiProperty({ example: 'Clara Clerk' })
  @IsString()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(120)
  name: string;

  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role: StaffRole;

  @ApiProperty({ description: '8+ characters with upper, lower, digit and special; not a common password' })
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128)
  password: string;
}

export class ChangeStaffRoleDto {
  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role: StaffRole;
}

export class ListStaffQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: STAFF_SORTS, default: 'created_at' })
  @IsOptional()
  @IsIn(STAFF_SORTS, { message: `sort must be one of: ${STAFF_SORTS.join(', ')}` })
  sort?: (typeof STAFF_SORTS)[number];
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc' })
  order?: 'asc' | 'desc';
  @ApiPropertyOptional({ description: 'Search e-mail and name' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ enum: STAFF_ROLES }) @IsOptional() @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE }) role?: StaffRole;
}

class StaffMemberDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: STAFF_ROLES }) role: string;
  @ApiProperty() created_at: string;
}

class StaffListDto {
  @ApiProperty({ type: [StaffMemberDto] }) items: StaffMemberDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

const NOT_YOURSELF = 'You cannot change your own role or remove your own account; ask another administrator.';

/** Staff accounts and their roles; administrators only. */
@ApiTags('admin: staff')
@RequireStaff('admin')
@Controller('admin/staff')
export class AdminStaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  @ApiOkResponse({ type: StaffListDto })
  @ApiOperation({ summary: 'Staff accounts, filtered and paged' })
  async list(@Query() q: ListStaffQueryDto, @Res({ passthrough: true }) reply: any): Promise<StaffListDto> {
    const result = await this.staff.list({
      q: q.q,
      role: q.role,
      sort: q.sort ?? 'created_at',
      order: q.order ?? 'desc',
      page: q.page ?? 1,
      limit: q.limit ?? 25,
    });
    reply.header('x-total-count', String(result.total));
    return result as unknown as StaffListDto;
  }

  @Get(':id')
  @ApiOkResponse({ type: StaffMemberDto })
  @ApiNotFoundResponse({ description: 'No such staff member' })
  @ApiOperation({ summary: 'One staff account (administrators only)' })
  async one(@Param('id', UuidOr404Pipe) id: string): Promise<StaffMemberView> {
    const member = await this.staff.get(id);
    if (!member) throw new NotFoundError('No such staff member.');
    return member;
  }

  @Post()
  @ApiCreatedResponse({ type: StaffMemberDto })
  @ApiConflictResponse({ description: 'A staff member with this e-mail already exists' })
  @ApiOperation({ summary: 'Add a staff account (administrators only)' })
  create(@Body() body: CreateStaffDto): Promise<StaffMemberView> {
    const problem = passwordProblem(body.password);
    if (problem) throw new BadInputError(problem, 'password');
    return this.staff.add(body.email, body.name.trim(), body.role, body.password);
  }

  @Put(':id')
  @ApiOkResponse({ type: StaffMemberDto })
  @ApiConflictResponse({ description: NOT_YOURSELF })
  @ApiOperation({ summary: 'Change a staff member\'s role (administrators only)' })
  changeRole(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() body: ChangeStaffRoleDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<StaffMemberView> {
    if (id === principal.id) throw new ConflictError(NOT_YOURSELF);
    return this.staff.changeRole(id, body.role);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Removed; their sessions end', schema: { type: 'object', required: ['success', 'message'], properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' } } } })
  @ApiConflictResponse({ description: NOT_YOURSELF })
  @ApiOperation({ summary: 'Remove a staff account (administrators only; not the last administrator)' })
  async remove(@Param('id', UuidOr404Pipe) id: string, @CurrentPrincipal() principal: Principal): Promise<{ success: true; message: string }> {
    if (id === principal.id) throw new ConflictError(NOT_YOURSELF);
    await this.staff.remove(id);
    return { success: true, message: 'Staff member removed' };
  }
}
