/** Header suggestions (spec section 2 and 5): up to 6 ranked, 5 shown, 'View all N results' when more exist. */
import { rankSuggestions, SUGGESTIONS_SHOWN } from '@facet/contracts';

export const SUGGESTIONS_COMPUTED = 6;

export interface SuggestionView<T> {
  shown: T[];
  /** All name matches among the fetched products; the 'View all N results' count. */
  total: number;
  /** Whether the 'View all N results' link appears. */
  hasMore: boolean;
}

export function suggestionView<T extends { name: string }>(products: T[], query: string): SuggestionView<T> {
  const all = rankSuggestions(products, query, products.length);
  const computed = all.slice(0, SUGGESTIONS_COMPUTED);
  return {
    shown: computed.slice(0, SUGGESTIONS_SHOWN),
    total: all.length,
    hasMore: computed.length > SUGGESTIONS_SHOWN,
  };
}

export function catalogueSearchHref(query: string): string {
  return '/catalogue?search=' + encodeURIComponent(query.trim());
}

export function searchPageHref(query: string): string {
  return '/search?q=' + encodeURIComponent(query.trim());
}
