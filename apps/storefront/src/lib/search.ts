/** Search page rules (spec section 5): substring on name, description, category and features. */
import { findCategory, searchable, type JewelryKind, type Product, type SortOption } from '@facet/contracts';

export const SEARCH_FETCH_LIMIT = 100;
export const HEADER_SEARCH_FETCH_LIMIT = 20;
export const POPULAR_SUGGESTIONS_MAX = 5;
export const POPULAR_ON_EMPTY = 6;

/** The search page's category filter: rings, necklaces and earrings across both departments. */
export const SEARCH_KINDS = ['all', 'rings', 'necklaces', 'earrings'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Relevance is the server's featured order. */
export const SEARCH_SORTS = ['relevance', 'price-low', 'price-high', 'rating', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export function searchSortToApi(sort: SearchSort): SortOption {
  return sort === 'relevance' ? 'featured' : sort;
}

export function kindOf(category: string): JewelryKind | undefined {
  return findCategory(category)?.kind;
}

/** An empty or blank query yields no results. */
export function searchProducts<P extends Pick<Product, 'name' | 'description' | 'category' | 'features'>>(
  products: readonly P[],
  query: string,
  kind: SearchKind = 'all',
): P[] {
  const q = searchable(query.trim());
  if (!q) return [];
  return products.filter((p) => {
    if (kind !== 'all' && kindOf(p.category) !== kind) return false;
    const haystack = [p.name, p.description ?? '', p.category, ...(p.features ?? [])];
    return haystack.some((text) => searchable(text).includes(q));
  });
}

/** Popular searches matching what is typed, at most five; all of them (up to five) when nothing is typed. */
export function popularSuggestions(popular: readonly string[], typed: string): string[] {
  const q = searchable(typed.trim());
  return popular.filter((s) => !q || searchable(s).includes(q)).slice(0, POPULAR_SUGGESTIONS_MAX);
}
