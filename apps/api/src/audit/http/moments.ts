import { BadInputError } from '../../platform/domain/errors';

/** A stream id as the log names them (kind-id); anything else cannot exist and is simply not found. */
export const STREAM_ID = /^[a-z][a-z0-9-]{0,40}-[A-Za-z0-9:@._+-]{1,160}$/;

const EARLIEST = Date.parse('1985-01-01T00:00:00Z'); // the house was founded in 1985; the log is younger
const LATEST = Date.parse('2100-01-01T00:00:00Z');

/** An ISO 8601 moment an auditor may ask about; far past or far future is a mistake, not a question. */
export function parseMoment(value: string, field: string): Date {
  const at = Date.parse(value);
  if (!Number.isFinite(at)) throw new BadInputError(`${field} must be an ISO 8601 date-time`, field);
  if (at < EARLIEST || at >= LATEST) throw new BadInputError(`${field} must be between 1985-01-01 and 2099-12-31`, field);
  return new Date(at);
}
