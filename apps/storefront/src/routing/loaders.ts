/**
 * Route loaders: what each server-rendered screen needs before it can show its first state. The same
 * functions run on the server (reading the catalogue in-process) and in the browser before a client-side
 * navigation (over HTTP); the server embeds their results in the page so hydration fetches nothing again.
 * A loader that fails returns null: the page then starts in its loading state and fetches by itself.
 */
import type { Category, Product, ProductList, ProductReviews } from '@facet/contracts';
import { findCategory } from '@facet/contracts';
import { data, type LoaderFunctionArgs } from 'react-router-dom';
import { type Collection, COLLECTION_LIMIT, resolveCategoryParam } from '../lib/collections';
import { catalogueQuery, filtersFromParams, MAX_SEARCH_LENGTH, searchText, type CatalogueFilters } from '../lib/catalogue';
import { RINGS_PAGE_SIZE } from '../lib/loadMore';
import { FEATURED_COUNT } from '../lib/rotation';
import { SEARCH_FETCH_LIMIT } from '../lib/search';
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
}
export interface SearchData extends PageData {
  products: Product[];
  /** How many the server found for the query (the header's 'View all N' and the catalogue count the same). */
  total: number;
}
export interface ProductData extends PageData {
  product: Product | null;
  related: Product[];
  /** Its approved reviews (issue 41): null when they could not be read (the page then fetches them). */
  reviews?: ProductReviews | null;
}

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
      const list = await orNull('category', () =>
        shop.productsInCategory(id, { sort_by: 'featured', price_range: 'all', limit: CATEGORY_PAGE_LIMIT }, request.signal),
      );
      return list && ({ key: id, category: findCategory(id) ?? null, list } satisfies CategoryData);
    },

    catalogue: async ({ request }: LoaderFunctionArgs): Promise<ListData | null> => {
      const filters = filtersFromParams(new URL(request.url).searchParams);
      const list = await orNull('catalogue', () => shop.listProducts(catalogueQuery(filters, 1), request.signal));
      return list && { key: catalogueKey(filters), list };
    },

    search: async ({ request }: LoaderFunctionArgs): Promise<SearchData | null> => {
      const q = searchText(new URL(request.url).searchParams.get('q'));
      if (!q) return null; // an empty query shows suggestions, no results
      const list = await orNull('search', () =>
        shop.listProducts({ limit: SEARCH_FETCH_LIMIT, search: q, sort_by: 'featured', price_range: 'all' }, request.signal),
      );
      return list && { key: searchKey(q), products: list.products, total: list.total };
    },

    product: async ({ params, request }: LoaderFunctionArgs) => {
      const id = params.id ?? '';
      let product: Product | null;
      try {
        product = await shop.getProduct(id, request.signal);
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        console.error('Loading product failed', error);
        return null; // the page loads it itself and shows its error
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
