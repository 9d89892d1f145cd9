/** Catalogue filtering and sorting (spec section 5): the loaded set is filtered and sorted locally. */
import { CATEGORY_IDS, searchable, SORT_OPTIONS, type Product, type SortOption } from '@facet/contracts';

export const PRICE_SLIDER = { min: 0, max: 10_000, step: 100 } as const;
export const CATALOGUE_PAGE_SIZE = 12;

export interface CatalogueFilters {
  search: string;
  /** 'all' or a category id. */
  category: string;
  minPrice: number;
  maxPrice: number;
  sort: SortOption;
  /** Only pieces that can be ordered now (a variant made to order or with units left). */
  inStock: boolean;
}

export const DEFAULT_FILTERS: CatalogueFilters = {
  search: '',
  category: 'all',
  minPrice: PRICE_SLIDER.min,
  maxPrice: PRICE_SLIDER.max,
  sort: 'featured',
  inStock: false,
};

/** Clear resets search, category all, price 0-10000, sort featured (and shows sold-out pieces again). */
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
    ...(f.inStock ? { in_stock: true } : {}),
  };
}

/** The API refuses longer searches; the screens send at most this much. */
export const MAX_SEARCH_LENGTH = 200;

// Control characters and lone surrogates reach a search only through a hand-made or pasted URL
// (/search?q=ring%00): the API refuses a NUL and nothing matches the others, so "ring" found nothing, and a
// NUL went into the server's HTML as a raw byte.
const NOT_TEXT = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Search text from the URL, read alike by the server's render, its meta tags and the page in the browser:
 * control characters and lone surrogates turned into spaces, runs of spaces made one, trimmed, at most
 * MAX_SEARCH_LENGTH characters.
 */
export function searchText(raw: string | null): string {
  return (raw ?? '')
    .replace(NOT_TEXT, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .slice(0, MAX_SEARCH_LENGTH);
}

/** A slider's value from the URL: whole dollars on the slider's steps within its range, else the default. */
function sliderValue(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return fallback;
  const n = Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, Number(raw)));
  return Math.round(n / PRICE_SLIDER.step) * PRICE_SLIDER.step;
}

/**
 * The catalogue's filters as its URL holds them (/catalogue?search=gold&category=women-rings&min_price=500
 * &max_price=2000&sort=price-low&in_stock=true), so a filtered catalogue can be shared and is there again
 * on Back. Anything the URL holds that is no filter's value reads as that filter's default.
 */
export function filtersFromParams(params: URLSearchParams): CatalogueFilters {
  const category = params.get('category') ?? 'all';
  const sort = params.get('sort') ?? 'featured';
  return {
    search: searchText(params.get('search')),
    category: isCategoryFilter(category) ? category : 'all',
    minPrice: sliderValue(params.get('min_price'), PRICE_SLIDER.min),
    maxPrice: sliderValue(params.get('max_price'), PRICE_SLIDER.max),
    sort: (SORT_OPTIONS as readonly string[]).includes(sort) ? (sort as SortOption) : 'featured',
    inStock: params.get('in_stock') === 'true',
  };
}

/** The URL's query for the filters, defaults left out (the cleared catalogue is plain /catalogue). */
export function filtersToParams(f: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = f.search.trim();
  if (search) params.set('search', search);
  if (f.category !== 'all') params.set('category', f.category);
  if (f.minPrice > PRICE_SLIDER.min) params.set('min_price', String(f.minPrice));
  if (f.maxPrice < PRICE_SLIDER.max) params.set('max_price', String(f.maxPrice));
  if (f.sort !== 'featured') params.set('sort', f.sort);
  if (f.inStock) params.set('in_stock', 'true');
  return params;
}
