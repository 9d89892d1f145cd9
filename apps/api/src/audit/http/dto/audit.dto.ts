import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '../../../platform/http/page-query.dto';
import { IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CORRELATION_ID_PATTERN } from '../../../platform/context/request-context';

export class ListEventsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Event type, or several separated by commas' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  type?: string;

  @ApiPropertyOptional({ description: 'A stream id (product-<id>), or a prefix ending in "-" (order-)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  stream?: string;

  // What X-Correlation-Id takes (a UUID, a traceparent), and the free-form ids it took before issue 39, which
  // the log still holds.
  @ApiPropertyOptional({
    description:
      'One conversation: the events of a request and of everything it caused (reactors, mails, payment), by correlation id: ' +
      'the UUID its answer named in X-Correlation-Id (a traceparent the request was sent with finds its trace-id as a UUID), ' +
      'or an id recorded before (1-100 letters, digits, ".", "_", "-")',
    pattern: CORRELATION_ID_PATTERN.source,
    maxLength: 100,
    example: '0b6f3c1e-8f1d-4c55-9a2e-5d7c1b9e4a10',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(CORRELATION_ID_PATTERN, { message: 'correlation_id must be 1-100 letters, digits, ".", "_" or "-"' })
  correlation_id?: string;

  // Strict, and read by parseMoment in the controller: the lenient check let through text that is no
  // instant (2026-W01, 2026-01-01T10), which reached the database as an Invalid Date (a 500).
  @ApiPropertyOptional({ description: 'Occurred at or after (ISO 8601), from 1985-01-01 to 2099-12-31' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({ description: 'Occurred at or before (ISO 8601), from 1985-01-01 to 2099-12-31' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to?: string;
}

export class ActorDto {
  @ApiProperty({ enum: ['customer', 'staff', 'system', 'anonymous'] }) type!: string;
  @ApiPropertyOptional() id?: string;
  @ApiPropertyOptional({ type: String, description: 'Staff name or e-mail when known', nullable: true }) name?: string | null;
}

export class AuditEventDto {
  @ApiProperty({ description: 'The event id' }) id!: string;
  @ApiProperty() stream_id!: string;
  @ApiProperty() revision!: number;
  @ApiProperty() type!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The payload, personal data opened ("erased" once its person is erased)',
  })
  data!: Record<string, unknown>;
  @ApiProperty() occurred_at!: string;
  @ApiProperty({ type: ActorDto }) actor!: ActorDto;
  @ApiProperty() correlation_id!: string;
  @ApiProperty({ type: String, nullable: true }) causation_id!: string | null;
  @ApiProperty({ description: 'Global position, commit/prepare' }) position!: string;
}

export class AuditEventListDto {
  @ApiProperty({ type: [AuditEventDto] }) items!: AuditEventDto[];
  @ApiProperty() total!: number;
  @ApiPropertyOptional({ description: 'true when total is an estimate: more than 10,000 events match' }) total_estimated?: boolean;
  @ApiProperty() page!: number;
  @ApiProperty() limit!: number;
}

export class StreamHistoryDto {
  @ApiProperty() stream_id!: string;
  @ApiProperty({ type: [AuditEventDto], description: 'Oldest first' }) events!: AuditEventDto[];
}

export class ReplayStatusDto {
  @ApiProperty({ enum: ['idle', 'copying-structure', 'replaying', 'indexing', 'analyzing', 'swapping', 'done', 'failed'] }) phase!: string;
  @ApiProperty() running!: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) projection?: string | null;
  @ApiProperty() events!: number;
  @ApiPropertyOptional({ description: 'Events to replay, counted when the replay started' }) total?: number;
  @ApiProperty() events_per_second!: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Seconds left at the current rate' }) eta_seconds?: number | null;
  @ApiPropertyOptional({ type: String, nullable: true }) started_at?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) finished_at?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) started_by?: string | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true, description: 'events, seconds, eventsPerSecond' })
  result?: Record<string, unknown> | null;
  @ApiPropertyOptional({ type: String, nullable: true }) error?: string | null;
}

export class FailedJobDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, nullable: true }) failed_at!: string | null;
}

export class QueueOverviewDto {
  @ApiProperty() name!: string;
  @ApiProperty() waiting!: number;
  @ApiProperty() active!: number;
  @ApiProperty() completed!: number;
  @ApiProperty() failed!: number;
  @ApiProperty() delayed!: number;
  @ApiProperty({ type: [FailedJobDto] }) last_failed!: FailedJobDto[];
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Set when the counts could not be read (Redis down)' }) error?:
    string | null;
}

export class QueueListDto {
  @ApiProperty({ type: [QueueOverviewDto] }) items!: QueueOverviewDto[];
  @ApiProperty() total!: number;
}

export class RequestsOnDayDto {
  @ApiProperty({ example: '2026-11-23' }) day!: string;
  @ApiProperty() orders!: number;
  @ApiProperty() custom_designs!: number;
}

export class DashboardDto {
  @ApiProperty() total_products!: number;
  @ApiProperty() total_customers!: number;
  @ApiProperty() category_count!: number;
  @ApiProperty({ description: 'Average product price in dollars, rounded' }) average_price!: number;
  @ApiProperty({ description: 'Consultation requests not yet contacted' }) new_consultation_requests!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, description: 'Orders per status' }) orders_by_status!: Record<
    string,
    number
  >;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, description: 'Custom designs per status' })
  custom_designs_by_status!: Record<string, number>;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Newest contact messages' })
  latest_messages!: Record<string, unknown>[];
  @ApiProperty({ type: [RequestsOnDayDto], description: 'Last 30 days, oldest first' }) requests_per_day!: RequestsOnDayDto[];
}
