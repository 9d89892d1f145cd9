/**
 * A row's key as a uuid column stores it (lower case, dashed), for read models keyed by a uuid: two spellings of
 * one id fold into one row, as the column made them one. Anything that is no uuid is kept as it is, so PostgreSQL
 * refuses it when the row is written, as it refused the hand-written statements.
 */
export function uuidKey(id: unknown): string {
  const text = String(id);
  const hex = text.toLowerCase().replace(/^\{(.*)\}$/, '$1');
  // PostgreSQL reads 32 hex digits, a hyphen allowed after any group of four.
  if (!/^[0-9a-f]{4}(-?[0-9a-f]{4}){7}$/.test(hex)) return text;
  const d = hex.replace(/-/g, '');
  return `${d.slice(0, 8)}-${d.slice(8, 12)}-${d.slice(12, 16)}-${d.slice(16, 20)}-${d.slice(20)}`;
}

// node-postgres's own serialisation of a parameter (its typings do not declare the module).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pgUtils = require('pg/lib/utils') as { prepareValue: (value: unknown) => string | Buffer | null };

/**
 * A value for a text column as the hand-written statements stored it through a parameter: what node-postgres sends
 * (an array as a PostgreSQL array literal, an object as JSON, a number as its digits), or null. A fold writes it
 * so, whatever odd value an event holds, and the row reads as it always did.
 */
export function asTextParameter(value: unknown): string | null {
  const sent = pgUtils.prepareValue(value);
  return sent === null ? null : sent.toString();
}
