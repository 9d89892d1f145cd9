import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { CONTACT_LIMITS } from '../../domain/contact-message';
import { CONTACT_MESSAGE_SORTS, ContactMessageSort } from '../../queries/contact-message-queries';
import { DateRangePageQueryDto } from '../../../platform/http/page-query.dto';
import { NoBidiControls, OptionalText, PhoneNumber, VisibleText } from '../../../platform/http/validation';

const oneOf = (list: readonly string[]) => ({ message: `$property must be one of: ${list.join(', ')}` });

/** The contact form (spec sections 3 and 5): Full Name, Email Address, Subject and Message required; Phone optional. */
export class SendContactMessageDto {
  @ApiProperty({ maxLength: CONTACT_LIMITS.name, example: 'Ada Lovelace' })
  @IsString()
  @VisibleText('name is required')
  @NoBidiControls()
  @MaxLength(CONTACT_LIMITS.name)
  name: string;

  @ApiProperty({ maxLength: CONTACT_LIMITS.email, example: 'ada@example.com' })
  @IsString()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(CONTACT_LIMITS.email)
  email: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: CONTACT_LIMITS.phone, example: '+1 (212) 555-0199' })
  @IsOptional()
  @IsString()
  @MaxLength(CONTACT_LIMITS.phone)
  @PhoneNumber({ blank: true })
  phone?: string | null;

  @ApiProperty({ maxLength: CONTACT_LIMITS.subject, example: 'Ring resizing' })
  @IsString()
  @VisibleText('subject is required')
  @NoBidiControls()
  @MaxLength(CONTACT_LIMITS.subject)
  subject: string;

  @ApiProperty({ maxLength: CONTACT_LIMITS.message })
  @IsString()
  @VisibleText('message is required')
  @MaxLength(CONTACT_LIMITS.message)
  message: string;
}

export class ContactSentDto {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ example: "Message sent successfully! We'll get back to you within 24 hours." }) message: string;
}

export class ContactMessageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true, description: '"erased" once the person is erased' }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) subject: string | null;
  @ApiProperty({ type: String, nullable: true }) message: string | null;
  @ApiProperty({ type: String, nullable: true }) customer_id: string | null;
  @ApiProperty() handled: boolean;
  @ApiProperty({ type: String, nullable: true }) handled_at: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: { type: 'staff', id: '…' } }) handled_by:
    object | null;
  @ApiProperty({ type: String, nullable: true }) handled_note: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

export class ContactMessagePageDto {
  @ApiProperty({ type: [ContactMessageDto] }) items: ContactMessageDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class ListContactMessagesQueryDto extends DateRangePageQueryDto {
  @ApiPropertyOptional({ enum: CONTACT_MESSAGE_SORTS, default: 'created_at' })
  @IsOptional()
  @IsIn(CONTACT_MESSAGE_SORTS, oneOf(CONTACT_MESSAGE_SORTS))
  sort?: ContactMessageSort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], oneOf(['asc', 'desc']))
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ description: 'Search name, e-mail, phone, subject and message' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'true: handled only; false: still open' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'handled must be true or false' })
  handled?: boolean;
}

export class MarkHandledDto {
  @ApiProperty({ enum: ['handled'], description: 'The one status a message moves to' })
  @IsIn(['handled'])
  status!: 'handled';

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(2000)
  @OptionalText()
  note?: string | null;
}
