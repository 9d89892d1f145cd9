import { EMAIL_PATTERN, type Address, type User } from '@facet/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { CUSTOMER_SORTS, CustomerSort, CustomerStatus } from '../../queries/customer-queries';
import { PageQueryDto } from '../../../platform/http/page-query.dto';
import { NoBidiControls, Omittable, OptionalText, PhoneNumber, Verbatim, VisibleText } from '../../../platform/http/validation';

const EMAIL_MESSAGE = 'Please enter a valid email address';

/** An address the shop will record and write to: the shared rule (EMAIL_PATTERN). */
export class EmailDto {
  @ApiProperty({ example: 'ada@example.com', description: 'An address such as name@example.com (ASCII, at most 254 characters)' })
  @IsString()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254)
  @Matches(EMAIL_PATTERN, { message: EMAIL_MESSAGE })
  email: string;
}

/**
 * An address that finds an account already recorded, as sign-in does: compared with what is stored, not held
 * to today's rule, so an account made before the rule tightened can still ask for its mails. Nothing is
 * sent unless such an account exists.
 */
export class AccountEmailDto {
  @ApiProperty({ example: 'ada@example.com', description: "The account's address" })
  @Verbatim()
  @IsString()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254)
  email: string;
}

export class RegisterDto extends EmailDto {
  @ApiProperty({ example: 'Brilliant-Cut-1985!', description: '8+ characters with upper, lower, digit and special; not a common password' })
  @Verbatim()
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128)
  password: string;
}

export class LoginDto {
  @ApiProperty({ example: 'ada@example.com' })
  @Verbatim()
  @IsString()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254)
  email: string;

  @ApiProperty()
  @Verbatim()
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(200)
  password: string;
}

export class VerifyEmailDto {
  @ApiProperty({ example: 'ada@example.com' })
  @Verbatim()
  @IsString()
  @IsNotEmpty({ message: 'Email Required' })
  @MaxLength(254)
  email: string;

  @ApiPropertyOptional({ description: 'The token from the link, or the 8-character code from the mail' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  token?: string;

  @ApiPropertyOptional({ description: 'The 8-character code from the mail', example: 'K7MQ2XRA' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  code?: string;
}

export class ResetPasswordDto extends AccountEmailDto {
  @ApiProperty({ description: 'The token from the reset link' })
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;

  @ApiProperty({ description: 'The new password (same rules as at registration)' })
  @Verbatim()
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(128)
  password: string;
}

export class AddressDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) @OptionalText() street?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) @OptionalText() apartment?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) @OptionalText() city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) @OptionalText() state?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) @OptionalText() zipCode?: string;
  @ApiPropertyOptional({ default: 'US' }) @IsOptional() @IsString() @MaxLength(56) @OptionalText() country?: string;
}

export class UpdateProfileDto {
  // Empty clears a name; zero-width or filler characters alone would show staff a name that is not there.
  @ApiPropertyOptional({ description: 'Empty, or at least one visible character' })
  @Omittable()
  @IsString()
  @MaxLength(100)
  @VisibleText('firstName must be empty or hold a visible character', { blank: true })
  @NoBidiControls()
  firstName?: string;
  @ApiPropertyOptional({ description: 'Empty, or at least one visible character' })
  @Omittable()
  @IsString()
  @MaxLength(100)
  @VisibleText('lastName must be empty or hold a visible character', { blank: true })
  @NoBidiControls()
  lastName?: string;

  @ApiPropertyOptional({ example: '+1 (212) 555-0100' })
  @Omittable()
  @IsString()
  @MaxLength(30)
  // Empty or spaces clear the phone. Not a ValidateIf around the checks: skipping whatever was not a string
  // let {"phone": 5} past IsString, and the handler's trim() then threw (a 500).
  @PhoneNumber({ blank: true })
  phone?: string;

  @ApiPropertyOptional({ type: AddressDto })
  @Omittable()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  address?: AddressDto;
}

export class AddressView implements Address {
  @ApiProperty() street: string;
  @ApiProperty() apartment: string;
  @ApiProperty() city: string;
  @ApiProperty() state: string;
  @ApiProperty() zipCode: string;
  @ApiProperty({ default: 'US' }) country: string;
}

export class UserView implements User {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() phone: string;
  @ApiProperty({ type: AddressView }) address: AddressView;
  @ApiProperty() emailVerified: boolean;
  @ApiProperty({ type: String, nullable: true }) verifiedAt: string | null;
}

export class RegisterResult {
  @ApiProperty() success: boolean;
  @ApiProperty() requires_verification: boolean;
  @ApiProperty() message: string;
  @ApiProperty() email: string;
  @ApiPropertyOptional({ description: 'Outside production only, for testing' }) verification_link?: string;
}

export class MessageResult {
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
}

export class LoginResult {
  @ApiProperty() success: boolean;
  @ApiProperty() message: string;
  @ApiProperty({ description: 'Bearer token for API clients and Swagger; browsers use the httpOnly cookie' }) token: string;
  @ApiProperty() expires_at: string;
  @ApiProperty({ type: UserView }) user: UserView;
}

export class SessionView {
  @ApiProperty({ type: UserView }) user: UserView;
}

export class ListCustomersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: CUSTOMER_SORTS, default: 'created_at' })
  @IsOptional()
  @IsIn(CUSTOMER_SORTS, { message: `sort must be one of: ${CUSTOMER_SORTS.join(', ')}` })
  sort?: CustomerSort;
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc' })
  order?: 'asc' | 'desc';
  @ApiPropertyOptional({ description: 'Search e-mail, names and phone' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ enum: ['Verified', 'Pending Verification'] })
  @IsOptional()
  @IsIn(['Verified', 'Pending Verification'], { message: "status must be 'Verified' or 'Pending Verification'" })
  status?: CustomerStatus;
}

export class CustomerItemView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() phone: string;
  @ApiProperty({ enum: ['Verified', 'Pending Verification'] }) status: string;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: String, nullable: true }) verified_at: string | null;
}

export class CustomerDetailView extends CustomerItemView {
  @ApiProperty({ type: AddressView }) address: AddressView;
}

export class CustomerListView {
  @ApiProperty({ type: [CustomerItemView] }) items: CustomerItemView[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}
