import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EMAIL_PATTERN } from '@facet/contracts';
import { STAFF_ROLES, StaffRole } from '../../../platform/auth/principal';
import { PageQueryDto } from '../../../platform/http/page-query.dto';
import { NoBidiControls, Verbatim, VisibleText } from '../../../platform/http/validation';
import { STAFF_SORTS, StaffSort } from '../../queries/list-staff.query';

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
  @VisibleText('name is required')
  @NoBidiControls()
  @MaxLength(120)
  name: string;

  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role: StaffRole;

  @ApiProperty({ description: '8+ characters with upper, lower, digit and special; not a common password' })
  @Verbatim()
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

const PASSWORD_RULE = '8+ characters with upper, lower, digit and special; not a common password';

export class SetStaffPasswordDto {
  @ApiProperty({ description: PASSWORD_RULE })
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128)
  password: string;
}

export class ChangeOwnPasswordDto {
  @ApiProperty({ description: 'The password the member signs in with now' })
  @IsString()
  @IsNotEmpty({ message: 'current_password is required' })
  @MaxLength(200)
  current_password: string;

  @ApiProperty({ description: PASSWORD_RULE })
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128)
  password: string;
}

export class ListStaffQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: STAFF_SORTS, default: 'created_at' })
  @IsOptional()
  @IsIn(STAFF_SORTS, { message: `sort must be one of: ${STAFF_SORTS.join(', ')}` })
  sort?: StaffSort;
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc' })
  order?: 'asc' | 'desc';
  @ApiPropertyOptional({ description: 'Search e-mail and name' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ enum: STAFF_ROLES }) @IsOptional() @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE }) role?: StaffRole;
}

export class StaffMemberDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: STAFF_ROLES }) role: string;
  @ApiProperty() created_at: string;
}

export class StaffListDto {
  @ApiProperty({ type: [StaffMemberDto] }) items: StaffMemberDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}
