/**
 * What the console's order search looks for, as one condition on rm.orders (ListOrdersHandler). Migration 119
 * keeps each order's search_text, "first last" and e-mail lower-cased with a newline between them, under a
 * trigram index (pg_trgm); the reference is the start of the id, in the primary key. Every condition below is
 * one those indexes can answer: at 1M orders a search they cannot serve reads every order (0.5 s).
 */
import { containing } from '../../platform/database/sql-filter';

/** A search must hold a letter or a digit: without one it names no order, and no trigram finds it. */
export const SEARCHABLE = /[\p{L}\p{N}]/u;

/** One or two letters or digits at the start, and none after: a, ab, a-. */
const SHORT = /^[\p{L}\p{N}]{1,2}[^\p{L}\p{N}]*$/u;

/**
 * What begins a word in search_text: the start, the newline between the fields, a space, an e-mail's or a name's
 * marks. ASCII only: with a typographic apostrophe (’) in the class pg_trgm found no trigram and read the whole index.
 */
const WORD_START = "(^|[\\n .@_+'-])";

const ID_SHAPE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * The lowest and highest ids that begin with `text` (lower-case), when it can begin one: the reference as shown
 * (its first 8 characters), part of it, or more of the id, pasted from a URL or a mail. Null otherwise.
 */
export function idRange(text: string): [string, string] | null {
  if (text.length === 0 || text.length > ID_SHAPE.length) return null;
  for (let i = 0; i < text.length; i++) {
    if (ID_SHAPE[i] === '-' ? text[i] !== '-' : !/[0-9a-f]/.test(text[i])) return null;
  }
  const rest = ID_SHAPE.slice(text.length);
  return [text + rest.replaceAll('x', '0'), text + rest.replaceAll('x', 'f')];
}

/**
 * The condition for `search` (trimmed, not empty, holding a letter or a digit) with its values in order, for
 * SqlFilter.whereEach. Names and e-mails:
 * - one or two letters or digits (a, ab, a-) match at the start of a word: pg_trgm finds "ab" after a word's
 *   start by its padded trigrams ("  a", " ab"), but has no trigram for "ab" anywhere, which would read every order;
 * - anything longer matches anywhere. A newline in it becomes a space: newlines only part the fields.
 * A search that can begin an id (3f2a, 3F2A9C1B) also finds the orders whose id begins with it; one longer than
 * the reference (3f2a9c1b-4e, a whole id) finds those alone.
 */
export function orderSearch(search: string): { sql: string; values: unknown[] } {
  const text = search.toLowerCase().replaceAll('\n', ' ');
  const words = SHORT.test(text)
    ? // In a regular expression a backslash before anything but a letter or a digit stands for that character.
      { sql: 'search_text ~ ?', value: WORD_START + text.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`) }
    : { sql: 'search_text LIKE ?', value: containing(text) };
  const range = idRange(text);
  if (!range) return { sql: words.sql, values: [words.value] };
  // Longer than a reference and shaped as an id: no name or e-mail to look for (its 30-odd hex trigrams read a
  // good part of the index for nothing).
  if (text.length > 8) return { sql: 'id BETWEEN ?::uuid AND ?::uuid', values: range };
  return { sql: `(id BETWEEN ?::uuid AND ?::uuid OR ${words.sql})`, values: [...range, words.value] };
}
