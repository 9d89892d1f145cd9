/**
 * OWASP's CSV-injection rule, for every export the shop writes: a text cell that starts with a character a
 * spreadsheet may read as the start of a formula (= + - @, or ; which some locales take as a separator that
 * opens one, tab, CR) gets a leading apostrophe. Numbers stay numbers.
 */
const FORMULA_START = /^[=+\-@;\t\r]/;

export function spreadsheetSafe<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
