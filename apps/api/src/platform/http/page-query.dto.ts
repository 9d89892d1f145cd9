import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy, type ValidationArguments } from 'class-validator';

/**
 * A number in a query string, read only from decimal digits (with a sign and a fraction): Number() alone
 * also read '0x10' as 16, '1e3' as 1000, ' 7 ' as 7 and '' as 0, answering a page nobody asked for. Anything
 * else becomes NaN, which the number checks after it refuse.
 */
export function QueryNumber(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value) ? Number(value) : NaN));
}

/** page and limit of the console's lists; each list's query extends it with its own filters and sorts. */
export class PageQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: 100_000 })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: '$property must be a whole number' })
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ default: 25, minimum: 1, maximum: 100 })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: '$property must be a whole number' })
  @Min(1)
  @Max(100)
  limit?: number;
}

/**
 * A calendar date (2026-11-23) or an instant with its offset (2026-11-23T18:30:00.000Z, ...+01:00).
 * Years 1000-9999 only: what JavaScript, PostgreSQL and a person all read the same way. A time without an
 * offset is refused: whose midnight it means would be a guess.
 */
const DATE_OR_INSTANT = /^([1-9]\d{3})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

/** The instant a date or date-time names; a bare date as the start (or with endOfDay, the end) of that UTC day. */
export function instantOf(text: string, endOfDay = false): Date | null {
  const m = DATE_OR_INSTANT.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, oh, om] = m;
  // The fields themselves, so that 2026-02-30 or 25:00 is refused rather than rolled over by Date.
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return null;
  if (h === undefined) return endOfDay ? new Date(day.getTime() + 86_400_000 - 1) : day;
  if (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59)) return null;
  if (oh !== undefined && (Number(oh) > 14 || Number(om) > 59)) return null;
  const at = new Date(text);
  return Number.isFinite(at.getTime()) ? at : null;
}

function IsDateOrInstant() {
  return ValidateBy({
    name: 'isDateOrInstant',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && instantOf(value) !== null,
      defaultMessage: (a?: ValidationArguments) =>
        `${a?.property} must be a date (YYYY-MM-DD) or a date-time with an offset (ISO 8601), years 1000-9999`,
    },
  });
}

function NotBeforeFrom() {
  return ValidateBy({
    name: 'notBeforeFrom',
    validator: {
      validate: (value: unknown, a?: ValidationArguments) => {
        const from = (a?.object as { from?: unknown })?.from;
        if (typeof value !== 'string' || typeof from !== 'string') return true;
        const start = instantOf(from);
        const end = instantOf(value, true);
        return !start || !end || start.getTime() <= end.getTime();
      },
      defaultMessage: () => 'to must not be before from',
    },
  });
}

/** A page of a list that also filters by when its records were created (from and to, both inclusive). */
export class DateRangePageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'Created at or after: a date (its UTC start) or an ISO 8601 date-time with offset',
    example: '2026-11-01',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsDateOrInstant()
  from?: string;

  @ApiPropertyOptional({
    description: 'Created at or before: a date (its whole UTC day) or an ISO 8601 date-time with offset',
    example: '2026-11-30',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @IsDateOrInstant()
  @NotBeforeFrom()
  to?: string;
}

/** The bounds a validated from/to name, as ISO strings for SQL (`created_at >= from AND created_at <= to`). */
export function createdBetween(q: { from?: string; to?: string }): { from?: string; to?: string } {
  return {
    from: q.from ? instantOf(q.from)?.toISOString() : undefined,
    to: q.to ? instantOf(q.to, true)?.toISOString() : undefined,
  };
}
