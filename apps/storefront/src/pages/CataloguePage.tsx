import { CATEGORIES, SORT_OPTIONS, type Product, type SortOption } from '@facet/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listProducts } from '../api/shop';
import { CloseIcon, FilterIcon, GridIcon, ListIcon, SearchIcon } from '../components/Icons';
import { ProductGrid, SkeletonGrid } from '../components/ProductCard';
import {
  catalogueQuery,
  CATALOGUE_PAGE_SIZE,
  clearedFilters,
  countLine,
  filtersFromParams,
  filtersToParams,
  PRICE_SLIDER,
  SORT_LABELS,
  type CatalogueFilters,
} from '../lib/catalogue';
import type { ListData } from '../routing/loaders';
import { usePageData, useWantedSearchParams } from '../routing/usePageData';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { formatPrice } from '@facet/contracts';
import './CataloguePage.css';

type Layout = 'grid' | 'list';

/**
 * 'Product Catalogue': the whole catalogue, searched, filtered and sorted on the server, 12 at a time with
 * 'Load More' (the first twelve alone hid Men's Rings and the Titan pieces). Typing waits 300 ms before
 * asking. Its filters live in the URL (/catalogue?search=gold&category=women-rings&in_stock=true...).
 */
export default function CataloguePage() {
  useDocumentTitle('Product Catalogue');
  const [params] = useSearchParams();
  // As last asked: a navigation still loading wins, so its answer landing late is not read as the URL moving.
  const [wanted, setParams] = useWantedSearchParams();
  // The URL holds the filters (shareable, there again on Back); the screen keeps its own copy so typing
  // never waits for the router, and writes what it asks back into the URL in place.
  const urlKey = filtersToParams(filtersFromParams(wanted)).toString();
  const [filters, setFilters] = useState<CatalogueFilters>(() => filtersFromParams(params));
  const written = useRef(urlKey);
  const [layout, setLayout] = useState<Layout>('grid');
  const [panelOpen, setPanelOpen] = useState(false);
  const ids = { search: useId(), category: useId(), min: useId(), max: useId(), sort: useId(), inStock: useId() };

  // What the server is asked (through the URL): the filters, with the search box debounced.
  const [asked, setAsked] = useState<CatalogueFilters>(filters);
  // The URL moved by itself (a header link to /catalogue?search=, Back, Forward): the filters follow it.
  useEffect(() => {
    if (urlKey === written.current) return;
    written.current = urlKey;
    const moved = filtersFromParams(new URLSearchParams(urlKey));
    setFilters(moved);
    setAsked(moved);
  }, [urlKey]);

  // What the server is asked: the filters, with the search box debounced.
  useEffect(() => {
    const wait = filters.search === asked.search ? 0 : 300;
    const timer = setTimeout(() => setAsked(filters), wait);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters]);
  // The URL follows what is asked, replacing the entry (Back leaves the catalogue); the route's loader then
  // reads the first page for it.
  useEffect(() => {
    const next = filtersToParams(asked).toString();
    if (next === written.current) return;
    written.current = next;
    setParams(new URLSearchParams(next), { replace: true, preventScrollReset: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  // The first page, read by the route's loader for the URL's filters: undefined while the route renders as
  // its hydrate fallback, null when it could not be read (logged there; the empty state shows).
  const loaded = usePageData<ListData>();
  const [page, setPage] = useState(1);
  const [more, setMore] = useState<Product[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  // A new first page (other filters): the pages loaded after the old one go, while rendering.
  const [startedFrom, setStartedFrom] = useState(loaded);
  if (startedFrom !== loaded) {
    setStartedFrom(loaded);
    setPage(1);
    setMore([]);
  }

  const products = useMemo(() => [...(loaded?.list.products ?? []), ...more], [loaded, more]);
  const total = loaded?.list.total ?? 0;
  const loadMore = async () => {
    if (loadingMore) return;
    setLoadingMore(true);
    try {
      const next = await listProducts(catalogueQuery(filtersFromParams(params), page + 1));
      setMore((m) => [...m, ...next.products]);
      setPage((p) => p + 1);
    } catch (error) {
      console.error('Catalogue failed to load more', error); // the items shown stay
    } finally {
      setLoadingMore(false);
    }
  };
  const set = <K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  const setSearch = (value: string) => set('search', value);
  const clearAll = () => setFilters(clearedFilters());

  const loading = loaded === undefined;

  return (
    <div className="catalogue container">
      <header className="catalogue__header">
        <p className="eyebrow">The Complete Collection</p>
        <h1 className="display-1">Product Catalogue</h1>
        <p className="catalogue__count" aria-live="polite">
          {loading ? 'Loading catalogue...' : countLine(total, 'product')}
        </p>
      </header>

      <div className="catalogue__bar">
        <button
          type="button"
          className="btn btn--ghost btn--small catalogue__filters-toggle"
          aria-expanded={panelOpen}
          aria-controls="catalogue-filters"
          onClick={() => setPanelOpen((o) => !o)}
        >
          <FilterIcon size={16} /> {panelOpen ? 'Hide Filters' : 'Filters'}
        </button>
        <div className="catalogue__view" role="group" aria-label="View">
          <button
            type="button"
            className={`icon-btn${layout === 'grid' ? ' is-on' : ''}`}
            aria-pressed={layout === 'grid'}
            aria-label="Grid view"
            onClick={() => setLayout('grid')}
          >
            <GridIcon />
          </button>
          <button
            type="button"
            className={`icon-btn${layout === 'list' ? ' is-on' : ''}`}
            aria-pressed={layout === 'list'}
            aria-label="List view"
            onClick={() => setLayout('list')}
          >
            <ListIcon />
          </button>
        </div>
      </div>

      <div className="catalogue__body">
        <aside id="catalogue-filters" className={`catalogue__panel${panelOpen ? ' is-open' : ''}`} aria-label="Filters">
          <div className="catalogue__panel-head">
            <h2 className="catalogue__panel-title">Refine</h2>
            <button type="button" className="btn btn--text catalogue__clear" onClick={clearAll}>
              Clear All
            </button>
          </div>

          <div className="field">
            <label htmlFor={ids.search}>Search</label>
            <div className="catalogue__search">
              <SearchIcon size={16} />
              <input
                id={ids.search}
                className="input"
                type="search"
                placeholder="Search products..."
                value={filters.search}
                onChange={(e) => setSearch(e.target.value)}
              />
              {filters.search && (
                <button type="button" className="catalogue__search-clear" aria-label="Clear search" onClick={() => setSearch('')}>
                  <CloseIcon size={14} />
                </button>
              )}
            </div>
          </div>

          <div className="field">
            <label htmlFor={ids.category}>Category</label>
            <select id={ids.category} className="select" value={filters.category} onChange={(e) => set('category', e.target.value)}>
              <option value="all">All Categories</option>
              {CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>

          <fieldset className="field catalogue__price">
            <legend className="field__label">Price</legend>
            <p className="catalogue__price-values">
              {formatPrice(filters.minPrice)} – {formatPrice(filters.maxPrice)}
            </p>
            <label htmlFor={ids.min} className="catalogue__slider-label">
              Minimum price
            </label>
            <input
              id={ids.min}
              type="range"
              className="range"
              min={PRICE_SLIDER.min}
              max={PRICE_SLIDER.max}
              step={PRICE_SLIDER.step}
              value={filters.minPrice}
              onChange={(e) => set('minPrice', Number(e.target.value))}
              aria-valuetext={formatPrice(filters.minPrice)}
            />
            <label htmlFor={ids.max} className="catalogue__slider-label">
              Maximum price
            </label>
            <input
              id={ids.max}
              type="range"
              className="range"
              min={PRICE_SLIDER.min}
              max={PRICE_SLIDER.max}
              step={PRICE_SLIDER.step}
              value={filters.maxPrice}
              onChange={(e) => set('maxPrice', Number(e.target.value))}
              aria-valuetext={formatPrice(filters.maxPrice)}
            />
          </fieldset>

          <div className="field catalogue__check">
            <input id={ids.inStock} type="checkbox" checked={filters.inStock} onChange={(e) => set('inStock', e.target.checked)} />
            <label htmlFor={ids.inStock}>In stock only</label>
          </div>

          <div className="field">
            <label htmlFor={ids.sort}>Sort by</label>
            <select id={ids.sort} className="select" value={filters.sort} onChange={(e) => set('sort', e.target.value as SortOption)}>
              {SORT_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </aside>

        <section className="catalogue__results" aria-label="Products">
          {loading ? (
            <>
              <p className="visually-hidden" role="status">
                Loading catalogue...
              </p>
              <SkeletonGrid count={CATALOGUE_PAGE_SIZE} layout={layout} />
            </>
          ) : products.length === 0 ? (
            <div className="state">
              <h2 className="state__title">No products found</h2>
              <p className="state__text">Try adjusting your filters or search terms.</p>
              <button type="button" className="btn btn--outline" onClick={clearAll}>
                Clear Filters
              </button>
            </div>
          ) : (
            <>
              <ProductGrid products={products} delayStep={0.05} layout={layout} label="Catalogue" />
              {products.length < total && (
                <div className="catalogue__more">
                  <button type="button" className="btn btn--outline" onClick={() => void loadMore()} disabled={loadingMore}>
                    {loadingMore ? 'Loading More...' : 'Load More'}
                  </button>
                  <p className="muted">
                    Showing {products.length} of {total}
                  </p>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
