import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../platform/http/page-query.dto';
import { AuditEventDto } from './audit.dto';

export class ListParkedQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Only this consumer: 'projection:<name>' or 'reactor:<name>'", example: 'projection:orders' })
  @IsOptional()
  @IsString()
  @Matches(/^(projection|reactor):[a-z0-9_-]{1,100}$/, { message: "consumer must look like 'projection:orders' or 'reactor:order-mail'" })
  consumer?: string;

  @ApiPropertyOptional({ description: 'Only this stream (order-<id>)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[a-z][a-z0-9-]{0,40}-[A-Za-z0-9:@._+-]{1,160}$/, { message: 'stream must be a stream id such as order-<id>' })
  stream?: string;
}

export class ParkedEventDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: "The projection or reactor: 'projection:orders', 'reactor:order-mail'" }) consumer!: string;
  @ApiProperty() event_id!: string;
  @ApiProperty() stream_id!: string;
  @ApiProperty() stream_revision!: number;
  @ApiProperty({ description: 'Global position, commit/prepare' }) position!: string;
  @ApiProperty() event_type!: string;
  @ApiProperty({ description: 'Why it failed, or which parked event of its stream it waits behind' }) error!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The event id of the earlier parked event of the same stream; null for the one that failed',
  })
  blocked_by!: string | null;
  @ApiProperty({ description: 'Attempts made (0 for an event that waits behind another)' }) attempts!: number;
  @ApiProperty() first_failed_at!: string;
  @ApiProperty() last_failed_at!: string;
}

export class ParkedEventListDto {
  @ApiProperty({ type: [ParkedEventDto] }) items!: ParkedEventDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() limit!: number;
}

export class ParkedEventDetailDto extends ParkedEventDto {
  @ApiProperty({ type: AuditEventDto, nullable: true, description: 'The event itself, personal data opened and secrets redacted' })
  event!: AuditEventDto | null;
}

export class RetryParkedDto {
  @ApiProperty({ description: 'Parked events of this consumer and stream handled now, in order' }) retried!: number;
  @ApiProperty({ description: 'Still parked for this consumer and stream (the first failed again)' }) still_parked!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Why the first remaining event failed again' }) error!: string | null;
}
