/** Header suggestions (spec section 2 and 5): up to 6 ranked, 5 shown, 'View all N results' when more exist. */
import { rankSuggestions, searchable, SUGGESTIONS_SHOWN } from '@facet/contracts';

export const SUGGESTIONS_COMPUTED = 6;

export interface SuggestionView<T> {
  shown: T[];
  /** Every product the catalogue finds for the query (the API's total): the 'View all N results' count. */
  total: number;
  /** Whether the 'View all N results' link appears: the catalogue holds more than the list shows. */
  hasMore: boolean;
}

/**
 * What the header shows for one answer of GET /api/products?search= (the query the catalogue's
 * /catalogue?search= page sends too, so both count the same products). Names matching the query come first,
 * ranked (starts with, a word starts with, then A-Z); the other products the search found (a match in the
 * description, the category or the features) follow in the server's order. The count is the server's total,
 * not what one page of suggestions happened to hold.
 */
export function suggestionView<T extends { id: string; name: string }>(
  found: { products: T[]; total: number },
  query: string,
): SuggestionView<T> {
  if (!searchable(query.trim())) return { shown: [], total: 0, hasMore: false };
  const byName = rankSuggestions(found.products, query, found.products.length);
  const named = new Set(byName.map((p) => p.id));
  const computed = [...byName, ...found.products.filter((p) => !named.has(p.id))].slice(0, SUGGESTIONS_COMPUTED);
  const shown = computed.slice(0, SUGGESTIONS_SHOWN);
  const total = Math.max(found.total, computed.length);
  return { shown, total, hasMore: total > shown.length };
}

export function catalogueSearchHref(query: string): string {
  return '/catalogue?search=' + encodeURIComponent(query.trim());
}

export function searchPageHref(query: string): string {
  return '/search?q=' + encodeURIComponent(query.trim());
}
