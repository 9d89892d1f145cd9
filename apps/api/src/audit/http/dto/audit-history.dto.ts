import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { QueryNumber } from '../../../platform/http/page-query.dto';
import { ActorDto, AuditEventDto } from './audit.dto';

const AS_OF = 'A moment, ISO 8601 (e.g. 2026-11-23T12:00:00Z), from 1985-01-01 to 2099-12-31';

export class AsOfQueryDto {
  @ApiPropertyOptional({ description: `${AS_OF}. Omitted: now.` })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsISO8601({ strict: true }, { message: 'as_of must be an ISO 8601 date-time' })
  as_of?: string;

  @ApiPropertyOptional({
    description:
      'A version (revision) instead of a moment: versions written in the same millisecond (one command) can only be told apart this way; -1 is before the record existed',
    minimum: -1,
  })
  @IsOptional()
  @QueryNumber({ negative: true })
  @IsInt({ message: 'revision must be a whole number' })
  @Min(-1)
  @Max(1_000_000_000)
  revision?: number;
}

export class CatalogueAsOfQueryDto {
  @ApiProperty({ description: AS_OF })
  @IsString()
  @MaxLength(40)
  @IsISO8601({ strict: true }, { message: 'as_of must be an ISO 8601 date-time' })
  as_of!: string;

  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json' })
  @IsOptional()
  @IsString()
  @MaxLength(4)
  format?: string;
}

export class DiffQueryDto {
  @ApiProperty({ description: 'The earlier version (revision); -1 is "before the record existed"', minimum: -1 })
  @QueryNumber({ negative: true })
  @IsInt({ message: '$property must be a whole number' })
  @Min(-1)
  @Max(1_000_000_000)
  from!: number;

  @ApiProperty({ description: 'The later version (revision)', minimum: 0 })
  @QueryNumber()
  @IsInt({ message: '$property must be a whole number' })
  @Min(0)
  @Max(1_000_000_000)
  to!: number;
}

export class ExportQueryDto {
  @ApiPropertyOptional({ description: 'One stream (e.g. product-<id>); or give from and to for a time range' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  stream?: string;

  @ApiPropertyOptional({ description: 'Occurred at or after (ISO 8601)' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  from?: string;

  @ApiPropertyOptional({ description: 'Occurred at or before (ISO 8601)' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  to?: string;
}

export class VersionDto {
  @ApiProperty() revision!: number;
  @ApiProperty() type!: string;
  @ApiProperty() occurred_at!: string;
  @ApiProperty({ type: ActorDto }) actor!: ActorDto;
}

export class RecordAsOfDto {
  @ApiProperty() stream_id!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'product, order (consultation requests too), custom-design, customer, staff-member, contact-message; null for other streams',
  })
  kind!: string | null;
  @ApiProperty({ type: String, nullable: true }) as_of!: string | null;
  @ApiProperty({ description: 'The last version folded (-1: the record did not exist yet)' }) revision!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: "The record's state at that moment, folded by the write side's evolve (secrets redacted)",
  })
  state!: unknown;
  @ApiProperty({ type: [AuditEventDto], description: 'The events up to that moment, oldest first' }) events!: AuditEventDto[];
  @ApiProperty({ type: [VersionDto], description: 'Every version of the record, for a time slider' }) versions!: VersionDto[];
}

export class ChangeDto {
  @ApiProperty({ description: 'Field path in the state, e.g. fields.price_cents' }) field!: string;
  @ApiProperty({
    oneOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'object', additionalProperties: true },
      { type: 'array', items: {} },
    ],
    nullable: true,
    description: 'Any JSON value',
  })
  before!: unknown;
  @ApiProperty({
    oneOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'object', additionalProperties: true },
      { type: 'array', items: {} },
    ],
    nullable: true,
    description: 'Any JSON value',
  })
  after!: unknown;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The last event that changed it: revision, type (why), occurred_at (when), actor (who: type, id and name, the display name: the staff member\'s name, or "staff" once removed, "customer", "guest" or "system"), correlation_id, causation_id',
  })
  by!: Record<string, unknown>;
}

export class DiffDto {
  @ApiProperty() stream_id!: string;
  @ApiProperty() kind!: string;
  @ApiProperty() from!: number;
  @ApiProperty() to!: number;
  @ApiProperty({ type: [ChangeDto] }) changes!: ChangeDto[];
}

export class CatalogueRowDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() category!: string;
  @ApiProperty({ description: 'USD' }) price!: number;
  @ApiProperty({ type: Number, nullable: true }) original_price!: number | null;
  @ApiProperty() in_stock!: boolean;
  @ApiProperty() revision!: number;
  @ApiProperty() last_changed_at!: string;
}

export class CatalogueAsOfDto {
  @ApiProperty() as_of!: string;
  @ApiProperty({ type: [CatalogueRowDto] }) items!: CatalogueRowDto[];
  @ApiProperty() total!: number;
}

export class LogVerificationDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['running', 'passed', 'failed', 'error'] }) status!: string;
  @ApiProperty() started_at!: string;
  @ApiProperty({ type: String, nullable: true }) finished_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) started_by!: string | null;
  @ApiProperty() events!: number;
  @ApiProperty() streams!: number;
  @ApiProperty() breaks!: number;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'streamId, revision, position, reason' })
  first_break!: Record<string, unknown> | null;
  @ApiProperty() checkpoints_checked!: number;
  @ApiProperty() checkpoints_written!: number;
  @ApiProperty({ type: Number, nullable: true }) events_per_second!: number | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}

export class LogVerificationStatusDto {
  @ApiProperty({ type: LogVerificationDto, nullable: true }) last!: LogVerificationDto | null;
}
