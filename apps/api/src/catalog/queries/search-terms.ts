/**
 * A shopper's search as the words it holds. Each word must be found (in any order) in the product's name,
 * description, category, features or option values (its metals); the products are ranked by where they
 * matched. Words are runs of letters, digits and marks: punctuation (LIKE's own % _ \ among it) only
 * separates words, so nothing typed is ever a wildcard. A plural is searched as its singular, which the
 * substring match finds in both ("earrings" finds "Earring" and "Earrings").
 */

/** At most this many words are searched (a 200-character search holds more only as noise). */
export const MAX_SEARCH_TERMS = 8;

/** Words that say nothing of a piece, left out when the search holds other words ("ring with diamond"). */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'or', 'with', 'in', 'for', 'on', 'to', 'by', 'at', 'from']);

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The singular the substring match finds in both: rings -> ring, watches -> watch, accessories -> accessor. */
export function singular(word: string): string {
  if (word.length < 4 || !word.endsWith('s') || /\d/.test(word)) return word;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies') && word.length > 5) return word.slice(0, -3); // accessories -> accessor(y|ies)
  if (/(?:ch|sh|x|z|ss)es$/.test(word)) return word.slice(0, -2); // watches -> watch, boxes -> box
  return word.slice(0, -1);
}

/**
 * The words to search for, in lower case and NFC, singular, without repeats; [] when the text holds no
 * letter or digit (a search of "%" or "--" finds nothing, rather than everything).
 */
export function searchTerms(text: string): string[] {
  const words = (text.normalize('NFC').toLowerCase().match(WORD) ?? []).map(singular);
  const meaningful = words.filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));
  const chosen = meaningful.length > 0 ? meaningful : words;
  return [...new Set(chosen)].slice(0, MAX_SEARCH_TERMS);
}
