import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy, type ValidationArguments } from 'class-validator';

/** The longest number a query string may hold: the largest any parameter takes, with cents, is far shorter. */
const MAX_QUERY_NUMBER_CHARS = 16;
/** Decimal digits without leading zeros, and a fraction: one spelling of each number. */
const CANONICAL_NUMBER = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** The number a query parameter names, or null for any other spelling (see QueryNumber). */
export function canonicalQueryNumber(text: unknown, options: { negative?: boolean } = {}): number | null {
  if (typeof text !== 'string' || text.length > MAX_QUERY_NUMBER_CHARS) return null;
  const negative = options.negative === true && text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  if (!CANONICAL_NUMBER.test(digits)) return null;
  const value = Number(digits);
  // -0 is 0's second spelling.
  if (negative && value === 0) return null;
  return negative ? -value : value;
}

/**
 * A number in a query string, in canonical decimal only: digits without leading zeros, a fraction, a minus
 * sign only where the parameter takes negative numbers, at most MAX_QUERY_NUMBER_CHARS characters. Anything
 * else is a 400 saying so: Number() alone also read '0x10' as 16, '1e3' as 1000, ' 7 ' as 7 and '' as 0,
 * and 15,000 zeros before 20 as 20, so that one answer had endless URLs (each kept by the caches that file
 * answers under their URL). The range checks after it (Min, Max, IsInt) say what else is wrong.
 */
export function QueryNumber(options: { negative?: boolean } = {}): PropertyDecorator {
  const spelling = `digits without leading zeros${options.negative ? '' : ' or a sign'}, at most ${MAX_QUERY_NUMBER_CHARS} characters`;
  const read = Transform(({ value }: { value: unknown }) => canonicalQueryNumber(value, options) ?? value);
  const check = ValidateBy({
    name: 'isQueryNumber',
    validator: {
      validate: (value: unknown) => typeof value === 'number',
      defaultMessage: (a?: ValidationArguments) => `${a?.property} must be a number written in decimal ${spelling} (like 20 or 12.5)`,
    },
  });
  return (target, key) => {
    read(target, key);
    check(target, key);
  };
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
