/**
 * Search page rules (spec section 5): the server matches the query on name, description, category and
 * features (every word of it, in any order); the page filters what it found by kind.
 */
import { findCategory, searchable, type JewelryKind, type Product, type SortOption } from '@facet/contracts';

export const SEARCH_FETCH_LIMIT = 100;
export const HEADER_SEARCH_FETCH_LIMIT = 20;
export const POPULAR_SUGGESTIONS_MAX = 5;
export const POPULAR_ON_EMPTY = 6;

/** The search page's category filter: rings, necklaces and earrings across both departments. */
export const SEARCH_KINDS = ['all', 'rings', 'necklaces', 'earrings'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Relevance is the server's featured order, which for a search puts the best matches first. */
export const SEARCH_SORTS = ['relevance', 'price-low', 'price-high', 'rating', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** The search page's sort as its URL names it (?sort=price-low); relevance when it names none it knows. */
export function searchSortFrom(value: string | null): SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value ?? '') ? (value as SearchSort) : 'relevance';
}

export function searchSortToApi(sort: SearchSort): SortOption {
  return sort === 'relevance' ? 'featured' : sort;
}

export function kindOf(category: string): JewelryKind | undefined {
  return findCategory(category)?.kind;
}

/**
 * The search page's category filter over what the server found for the query (GET /api/products?search=,
 * which matches every word of it, as the header and the catalogue do): 'all' keeps everything.
 */
export function ofKind<P extends Pick<Product, 'category'>>(products: readonly P[], kind: SearchKind = 'all'): P[] {
  return kind === 'all' ? [...products] : products.filter((p) => kindOf(p.category) === kind);
}

/** Popular searches matching what is typed, at most five; all of them (up to five) when nothing is typed. */
export function popularSuggestions(popular: readonly string[], typed: string): string[] {
  const q = searchable(typed.trim());
  return popular.filter((s) => !q || searchable(s).includes(q)).slice(0, POPULAR_SUGGESTIONS_MAX);
}
