import { findCategory, type PriceRange, type Product, type ProductList, type SortOption } from '@facet/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { productsInCategory } from '../api/shop';
import { PriceRangeSelect, SortSelect } from '../components/Filters';
import { ProductGrid, SkeletonGrid } from '../components/ProductCard';
import { toast } from '../features/toast/toasts';
import { resolveCategoryParam } from '../lib/collections';
import { canLoadMore, initialLoadMore, loadMoreReducer, type LoadMoreState } from '../lib/loadMore';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { CATEGORY_PAGE_LIMIT, listingChoice, withListingChoice, type CategoryData } from '../routing/loaders';
import { usePageData, useReloading, useWantedSearchParams } from '../routing/usePageData';
import './CategoryPage.css';
import { picture } from '../lib/artwork';

export { CATEGORY_PAGE_LIMIT };

/** A first page of 50 as the start of a Load More list: the button shows while the API's total says more exist. */
function firstPageOf(list: ProductList): LoadMoreState<Product> {
  return loadMoreReducer(initialLoadMore<Product>(), { type: 'firstPage', items: list.products, total: list.total });
}

/**
 * A category's pieces, 50 at a time. Its sort and price range live in the URL (?sort=price-low&price=...):
 * changing one rewrites the query in place and the route's loader reads the new first page.
 */
export default function CategoryPage() {
  const { category: param = '' } = useParams();
  const { pathname } = useLocation();
  const [params, setParams] = useWantedSearchParams();
  const id = resolveCategoryParam(param);
  // Undefined while the route renders as its hydrate fallback (the first load in the browser).
  const loaded = usePageData<CategoryData>('category');
  const { sort, priceRange } = listingChoice(params);
  const reloading = useReloading(pathname);
  const [list, setList] = useState<LoadMoreState<Product> | null>(() => (loaded?.list ? firstPageOf(loaded.list) : null));
  // The loader's answer the list was started from: a new one (a filter, a sort, another category) starts
  // it again, while rendering, and a Load More answer for an older one is dropped.
  const [startedFrom, setStartedFrom] = useState(loaded);
  const current = useRef(loaded);
  // The category whose pieces are on screen: a failed load of its next filters keeps them, and says so.
  const shown = useRef(list ? id : undefined);
  const loadingMore = useRef(false);
  const [announce, setAnnounce] = useState('');
  const category = !id ? null : (loaded?.category ?? findCategory(id) ?? null);

  useDocumentTitle(category ? category.name : 'Category');

  if (startedFrom !== loaded) {
    setStartedFrom(loaded);
    if (loaded?.list) setList(firstPageOf(loaded.list));
    else if (loaded?.error) setList((l) => l ?? initialLoadMore<Product>());
  }

  useEffect(() => {
    current.current = loaded;
    loadingMore.current = false;
    if (loaded?.list) shown.current = id;
    else if (loaded?.error) {
      toast({
        title: shown.current === id ? 'Error applying filters' : 'Error loading category',
        description: loaded.error,
        variant: 'destructive',
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the id comes with the data
  }, [loaded]);

  const choose = (choice: { sort: SortOption; priceRange: PriceRange }) =>
    setParams(withListingChoice(params, choice), { replace: true, preventScrollReset: true });
  const setSort = (next: SortOption) => choose({ sort: next, priceRange });
  const setPriceRange = (next: PriceRange) => choose({ sort, priceRange: next });
  const loadingProducts = loaded === undefined || reloading;

  if (!id || (loaded && !loaded.category)) {
    return (
      <div className="state container">
        <h1 className="state__title">Category not found</h1>
        <p className="state__text">The collection you are looking for does not exist or has moved.</p>
        <Link to="/" className="btn btn--primary">
          Back to Home
        </Link>
      </div>
    );
  }

  const c = category ?? undefined;
  const clearFilters = () => choose({ sort: 'featured', priceRange: 'all' });
  const products = list?.items ?? [];

  const loadMore = async () => {
    if (!id || !list || !canLoadMore(list) || loadingMore.current) return; // presses ignored while loading
    const asked = loaded;
    loadingMore.current = true;
    setList((l) => l && loadMoreReducer(l, { type: 'start' }));
    try {
      const more = await productsInCategory(id, {
        sort_by: sort,
        price_range: priceRange,
        limit: CATEGORY_PAGE_LIMIT,
        page: list.page + 1,
      });
      if (asked !== current.current) return;
      setList((l) => l && loadMoreReducer(l, { type: 'pageLoaded', items: more.products, total: more.total }));
      setAnnounce(`${more.products.length} more ${more.products.length === 1 ? 'product' : 'products'} loaded`);
    } catch (error) {
      if (asked !== current.current) return;
      toast({ title: 'Error loading more products', description: messageOf(error), variant: 'destructive' });
      setList((l) => l && loadMoreReducer(l, { type: 'failed' })); // the pieces already shown stay
    } finally {
      if (asked === current.current) loadingMore.current = false;
    }
  };

  return (
    <div className={`category-page theme-${c?.department ?? 'women'}`}>
      <header className="category-header">
        <div className="container category-header__inner">
          <div className="category-header__text">
            <nav aria-label="Breadcrumb">
              <ol className="breadcrumbs">
                <li>
                  <Link to="/">Home</Link>
                </li>
                <li>
                  <Link to="/jewelry">Fine Jewelry</Link>
                </li>
                <li aria-current="page">{c?.name ?? '…'}</li>
              </ol>
            </nav>
            <p className="eyebrow">{c?.department === 'men' ? 'For Him' : 'For Her'}</p>
            <h1 className="display-1">{c?.name ?? '\u00a0'}</h1>
            <p className="lede">{c?.description ?? '\u00a0'}</p>
            <p className="category-header__count">
              {list ? `${list.total} ${list.total === 1 ? 'Product' : 'Products'} Available` : '\u00a0'}
            </p>
          </div>
          <div className="category-header__media">
            {c && <img src={picture(c.image)} alt={c.name} width={800} height={600} fetchPriority="high" />}
          </div>
        </div>
      </header>

      <section className="container section--tight" aria-label="Products">
        <div className="toolbar">
          <p className="toolbar__count">{list ? `Showing ${products.length}` : '\u00a0'}</p>
          <div className="toolbar__filters">
            <PriceRangeSelect value={priceRange} onChange={setPriceRange} />
            <SortSelect value={sort} onChange={setSort} />
          </div>
        </div>

        {loadingProducts && !list ? (
          <SkeletonGrid count={8} />
        ) : products.length === 0 ? (
          <div className="state">
            <h2 className="state__title">No products found</h2>
            <p className="state__text">No pieces match these filters.</p>
            <button type="button" className="btn btn--outline" onClick={clearFilters}>
              Clear Filters
            </button>
          </div>
        ) : (
          <div className={loadingProducts ? 'is-refreshing' : undefined}>
            <ProductGrid products={products} delayStep={0.05} label={c?.name} />
            {list?.hasMore && (
              <div className="category__more">
                <button
                  type="button"
                  className="btn btn--outline"
                  onClick={loadMore}
                  disabled={list.loadingMore}
                  aria-busy={list.loadingMore}
                >
                  {list.loadingMore ? 'Loading More...' : 'Load More Products'}
                </button>
                <p className="muted">
                  Showing {products.length} of {list.total}
                </p>
              </div>
            )}
            <p className="visually-hidden" aria-live="polite">
              {announce}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
