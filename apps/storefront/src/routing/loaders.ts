/**
 * Route loaders: what each server-rendered screen needs before it can show its first state. The same
 * functions run on the server (reading the catalogue in-process) and in the browser before a client-side
 * navigation (over HTTP); the server embeds their results in the page so hydration fetches nothing again.
 * Pages read nothing by themselves: a loader that cannot read the catalogue logs why and returns null (or
 * its data with an `error`), and the page shows its empty or error state. Loaders run again whenever the
 * URL changes (a filter, a sort, a search), so the query string is the screen's state.
 */
import type { Category, PriceRange, Product, ProductList, ProductReviews, SortOption } from '@facet/contracts';
import { findCategory, PRICE_RANGES, SORT_OPTIONS } from '@facet/contracts';
import { data, type LoaderFunctionArgs } from 'react-router-dom';
import { type Collection, COLLECTION_LIMIT, resolveCategoryParam } from '../lib/collections';
import { catalogueQuery, filtersFromParams, MAX_SEARCH_LENGTH, searchText, type CatalogueFilters } from '../lib/catalogue';
import { RINGS_PAGE_SIZE } from '../lib/loadMore';
import { FEATURED_COUNT } from '../lib/rotation';
import { SEARCH_FETCH_LIMIT, searchSortFrom, searchSortToApi } from '../lib/search';
import type { PageData } from './usePageData';
import type { ShopData } from './shopData';

export const JEWELRY_FETCH_LIMIT = 20;
export const CATEGORY_PAGE_LIMIT = 50;
export const RELATED_COUNT = 3;
/** The API refuses longer searches (lib/catalogue.ts); searchText reads search text from a URL. */
export { MAX_SEARCH_LENGTH, searchText };

export interface HomeData extends PageData {
  featured: Product[];
}
export interface ListData extends PageData {
  list: ProductList;
}
export interface CollectionData extends PageData {
  products: Product[];
  /** How many the collection holds: 'Load More' shows only while more than the first page exist. */
  total: number;
}
export interface CategoryData extends PageData {
  category: Category | null;
  list: ProductList | null;
  /** Why the list could not be read (the page says so and keeps what it showed). */
  error?: string;
}
export interface SearchData extends PageData {
  products: Product[];
  /** How many the server found for the query (the header's 'View all N' and the catalogue count the same). */
  total: number;
  /** Why the search could not be run (no products then): the page says so. */
  error?: string;
}
export interface ProductData extends PageData {
  product: Product | null;
  related: Product[];
  /** Its approved reviews (issue 41): null when they could not be read (the section is left out). */
  reviews?: ProductReviews | null;
  /** Why the piece could not be read (product null): the page says so. */
  error?: string;
}

/** A listing's sort and price range, as its URL names them (?sort=price-low&price=under-500). */
export interface ListingChoice {
  sort: SortOption;
  priceRange: PriceRange;
}

export function listingChoice(params: URLSearchParams, defaultSort: SortOption = 'featured'): ListingChoice {
  const sort = params.get('sort');
  const price = params.get('price');
  return {
    sort: (SORT_OPTIONS as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : defaultSort,
    priceRange: (PRICE_RANGES as readonly string[]).includes(price ?? '') ? (price as PriceRange) : 'all',
  };
}

/** The query of a listing's URL with its choice written in (defaults left out, other parameters kept). */
export function withListingChoice(params: URLSearchParams, choice: ListingChoice, defaultSort: SortOption = 'featured') {
  const next = new URLSearchParams(params);
  if (choice.sort === defaultSort) next.delete('sort');
  else next.set('sort', choice.sort);
  if (choice.priceRange === 'all') next.delete('price');
  else next.set('price', choice.priceRange);
  return next;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/** The catalogue's key: the query its filters make (the loader loads the state its URL names). */
export function catalogueKey(filters: CatalogueFilters): string {
  return JSON.stringify(catalogueQuery(filters, 1));
}

/** The search page's own key: query, price range and sort (its first state: all, relevance). */
export function searchKey(q: string, priceRange = 'all', sort = 'relevance'): string {
  return `${q}|${priceRange}|${sort}`;
}

async function orNull<T>(what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    console.error(`Loading ${what} failed`, error);
    return null;
  }
}

const notFound = <T>(value: T) => data(value, { status: 404 });

export function createLoaders(shop: ShopData) {
  return {
    home: async ({ request }: LoaderFunctionArgs): Promise<HomeData | null> => {
      const featured = await orNull('featured pieces', () => shop.randomProducts(FEATURED_COUNT, request.signal));
      return featured && { key: 'home', featured };
    },

    jewelry: async ({ request }: LoaderFunctionArgs): Promise<ListData | null> => {
      const list = await orNull('fine jewelry', () => shop.listProducts({ limit: JEWELRY_FETCH_LIMIT }, request.signal));
      return list && { key: 'jewelry', list };
    },

    collection: (c: Collection) => {
      return async ({ request }: LoaderFunctionArgs): Promise<CollectionData | null> => {
        const list = await orNull(c.type, () =>
          c.loadMore
            ? shop.listProducts({ category: c.category.id, limit: RINGS_PAGE_SIZE, page: 1 }, request.signal)
            : shop.productsInCategory(c.category.id, { limit: COLLECTION_LIMIT }, request.signal),
        );
        return list && { key: c.slug, products: list.products, total: list.total };
      };
    },

    category: async ({ params, request }: LoaderFunctionArgs) => {
      const param = params.category ?? '';
      const id = resolveCategoryParam(param);
      if (!id) return notFound<CategoryData>({ key: param, category: null, list: null });
      const { sort, priceRange } = listingChoice(new URL(request.url).searchParams);
      const category = findCategory(id) ?? null;
      try {
        const query = { sort_by: sort, price_range: priceRange, limit: CATEGORY_PAGE_LIMIT };
        const list = await shop.productsInCategory(id, query, request.signal);
        return { key: id, category, list } satisfies CategoryData;
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        console.error('Loading category failed', error);
        return { key: id, category, list: null, error: messageOf(error) } satisfies CategoryData;
      }
    },

    catalogue: async ({ request }: LoaderFunctionArgs): Promise<ListData | null> => {
      const filters = filtersFromParams(new URL(request.url).searchParams);
      const list = await orNull('catalogue', () => shop.listProducts(catalogueQuery(filters, 1), request.signal));
      return list && { key: catalogueKey(filters), list };
    },

    search: async ({ request }: LoaderFunctionArgs): Promise<SearchData | null> => {
      const params = new URL(request.url).searchParams;
      const q = searchText(params.get('q'));
      if (!q) return null; // an empty query shows suggestions, no results
      // Its price range and sort are in the URL too (?q=ring&price=under-500&sort=price-low).
      const { priceRange } = listingChoice(params);
      const sort = searchSortFrom(params.get('sort'));
      const key = searchKey(q, priceRange, sort);
      try {
        const query = { limit: SEARCH_FETCH_LIMIT, search: q, sort_by: searchSortToApi(sort), price_range: priceRange };
        const list = await shop.listProducts(query, request.signal);
        return { key, products: list.products, total: list.total };
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        console.error('Loading search failed', error);
        return { key, products: [], total: 0, error: messageOf(error) };
      }
    },

    product: async ({ params, request }: LoaderFunctionArgs) => {
      const id = params.id ?? '';
      let product: Product | null;
      try {
        product = await shop.getProduct(id, request.signal);
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        console.error('Loading product failed', error);
        return { key: id, product: null, related: [], error: messageOf(error) } satisfies ProductData; // the page says so
      }
      if (product === null) {
        // Unknown (or unreadable) product: the page leads back home; search engines get a 404.
        return notFound<ProductData>({ key: id, product: null, related: [] });
      }
      // One more than shown, so excluding the current piece still leaves three.
      const [list, reviews] = await Promise.all([
        orNull('related pieces', () => shop.productsInCategory(product.category, { limit: RELATED_COUNT + 1 }, request.signal)),
        orNull('reviews', () => shop.productReviews(product.id, request.signal)),
      ]);
      const related = (list?.products ?? []).filter((p) => p.id !== product.id).slice(0, RELATED_COUNT);
      return { key: id, product, related, reviews } satisfies ProductData;
    },

    notFound: () => {
      return notFound(null);
    },
  };
}
