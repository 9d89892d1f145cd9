import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../platform/http/page-query.dto';

export class MailListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['sent_at', 'kind'] }) @IsOptional() @IsIn(['sent_at', 'kind']) sort?: 'sent_at' | 'kind';
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional({ description: 'Recipient or subject' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ example: 'consultation-confirmation' }) @IsOptional() @IsString() @MaxLength(100) kind?: string;
}

export class SentMailSummaryDto {
  @ApiProperty({ description: 'The job id' }) id: string;
  @ApiProperty() kind: string;
  @ApiProperty({ type: String, nullable: true }) to: string | null;
  @ApiProperty({ type: String, nullable: true }) subject: string | null;
  @ApiProperty({ description: 'False when kept without SMTP, or suppressed' }) delivered: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'recipient-cap',
    description:
      'Why the mail was not sent at all: recipient-cap (its recipient already had MAIL_RECIPIENT_CAP mails that anyone can trigger in the window) or refused-by-relay (the relay refused the address for good, with a 5xx reply); null when it was sent or kept',
  })
  suppressed: string | null;
  @ApiProperty() sent_at: string;
}

export class SentMailDto extends SentMailSummaryDto {
  @ApiProperty({ type: String, nullable: true }) html: string | null;
  @ApiProperty({ type: String, nullable: true }) text: string | null;
}

export class SentMailListDto {
  @ApiProperty({ type: [SentMailSummaryDto] }) items: SentMailSummaryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}
