/** Catalogue filtering and sorting (spec section 5): the loaded set is filtered and sorted locally. */
import { CATEGORY_IDS, searchable, type Product, type SortOption } from '@facet/contracts';

export const PRICE_SLIDER = { min: 0, max: 10_000, step: 100 } as const;
export const CATALOGUE_PAGE_SIZE = 12;

export interface CatalogueFilters {
  search: string;
  /** 'all' or a category id. */
  category: string;
  minPrice: number;
  maxPrice: number;
  sort: SortOption;
}

export const DEFAULT_FILTERS: CatalogueFilters = {
  search: '',
  category: 'all',
  minPrice: PRICE_SLIDER.min,
  maxPrice: PRICE_SLIDER.max,
  sort: 'featured',
};

/** Clear resets search, category all, price 0-10000, sort featured. */
export function clearedFilters(): CatalogueFilters {
  return { ...DEFAULT_FILTERS };
}

export function isCategoryFilter(value: string): boolean {
  return value === 'all' || (CATEGORY_IDS as readonly string[]).includes(value);
}

/**
 * Search: case-insensitive substring on name or description. Category 'all' means no filter, otherwise an
 * exact match. Price within min to max inclusive (the two sliders are not cross-checked).
 */
export function filterCatalogue<P extends Pick<Product, 'name' | 'description' | 'category' | 'price'>>(
  products: readonly P[],
  f: Omit<CatalogueFilters, 'sort'>,
): P[] {
  const q = searchable(f.search.trim());
  return products.filter((p) => {
    if (q && !searchable(p.name).includes(q) && !searchable(p.description ?? '').includes(q)) return false;
    if (f.category !== 'all' && p.category !== f.category) return false;
    return p.price >= f.minPrice && p.price <= f.maxPrice;
  });
}

/**
 * featured keeps the source order; price-low and price-high by price; name A-Z by locale compare;
 * rating highest first with a missing rating as 0. The sort is stable and returns a new array.
 */
export function sortProducts<P extends Pick<Product, 'name' | 'price'> & { rating?: number | null }>(
  products: readonly P[],
  sort: SortOption,
): P[] {
  const list = [...products];
  switch (sort) {
    case 'price-low':
      return list.sort((a, b) => a.price - b.price);
    case 'price-high':
      return list.sort((a, b) => b.price - a.price);
    case 'name':
      return list.sort((a, b) => a.name.localeCompare(b.name));
    case 'rating':
      return list.sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    default:
      return list;
  }
}

export function applyCatalogue<P extends Pick<Product, 'name' | 'description' | 'category' | 'price' | 'rating'>>(
  products: readonly P[],
  f: CatalogueFilters,
): P[] {
  return sortProducts(filterCatalogue(products, f), f.sort);
}

export const SORT_LABELS: Record<SortOption, string> = {
  featured: 'Featured',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  rating: 'Highest Rated',
  name: 'Name: A to Z',
};

/** '<n> product(s) found', singular when exactly 1. */
export function countLine(n: number, singular: string, plural = singular + 's'): string {
  return `${n} ${n === 1 ? singular : plural} found`;
}

/**
 * The catalogue asks the server for the whole catalogue, filtered and sorted there, a page at a time:
 * the filters as GET /api/products parameters (defaults left out).
 */
export function catalogueQuery(f: CatalogueFilters, page: number) {
  const search = f.search.trim();
  return {
    limit: CATALOGUE_PAGE_SIZE,
    page,
    sort_by: f.sort,
    ...(search ? { search } : {}),
    ...(f.category !== 'all' ? { category: f.category } : {}),
    ...(f.minPrice > PRICE_SLIDER.min ? { min_price: f.minPrice } : {}),
    ...(f.maxPrice < PRICE_SLIDER.max ? { max_price: f.maxPrice } : {}),
  };
}
