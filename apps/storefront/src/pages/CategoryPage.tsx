import { findCategory, type Category, type PriceRange, type Product, type ProductList, type SortOption } from '@facet/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, isAbort } from '../api/client';
import { getCategory, productsInCategory } from '../api/shop';
import { PriceRangeSelect, SortSelect } from '../components/Filters';
import { ProductGrid, SkeletonGrid } from '../components/ProductCard';
import { toast } from '../features/toast/toasts';
import { resolveCategoryParam } from '../lib/collections';
import { canLoadMore, initialLoadMore, loadMoreReducer, type LoadMoreState } from '../lib/loadMore';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { CATEGORY_PAGE_LIMIT, type CategoryData } from '../routing/loaders';
import { usePageData } from '../routing/usePageData';
import './CategoryPage.css';
import { picture } from '../lib/artwork';

export { CATEGORY_PAGE_LIMIT };

type CategoryLoad = { state: 'loading' } | { state: 'found'; category: Category } | { state: 'not-found' };

/** A first page of 50 as the start of a Load More list: the button shows while the API's total says more exist. */
function firstPageOf(list: ProductList): LoadMoreState<Product> {
  return loadMoreReducer(initialLoadMore<Product>(), { type: 'firstPage', items: list.products, total: list.total });
}

export default function CategoryPage() {
  const { category: param = '' } = useParams();
  const id = resolveCategoryParam(param);
  const preloaded = usePageData<CategoryData>(id ?? param);
  const [category, setCategory] = useState<CategoryLoad>(() =>
    !id ? { state: 'not-found' } : preloaded?.category ? { state: 'found', category: preloaded.category } : { state: 'loading' },
  );
  const [priceRange, setPriceRange] = useState<PriceRange>('all');
  const [sort, setSort] = useState<SortOption>('featured');
  const [list, setList] = useState<LoadMoreState<Product> | null>(() => (preloaded?.list ? firstPageOf(preloaded.list) : null));
  const [loadingProducts, setLoadingProducts] = useState(!preloaded?.list);
  const firstLoad = useRef(true);
  // Bumped by every new first page (a filter or sort change): a Load More answer for the old one is dropped.
  const listing = useRef(0);
  const loadingMore = useRef(false);
  const [announce, setAnnounce] = useState('');

  useDocumentTitle(category.state === 'found' ? category.category.name : 'Category');

  useEffect(() => {
    setPriceRange('all');
    setSort('featured');
    firstLoad.current = true;
    if (!id) {
      setCategory({ state: 'not-found' });
      return;
    }
    if (preloaded?.category) {
      setCategory({ state: 'found', category: preloaded.category });
      return;
    }
    const controller = new AbortController();
    setCategory({ state: 'loading' });
    getCategory(id, controller.signal)
      .then((c) => setCategory({ state: 'found', category: c }))
      .catch((error) => {
        if (isAbort(error)) return;
        if (error instanceof ApiError && error.isNotFound) {
          setCategory({ state: 'not-found' });
          return;
        }
        toast({ title: 'Error loading category', description: messageOf(error), variant: 'destructive' });
        const known = findCategory(id); // the shared list still names the category
        setCategory(known ? { state: 'found', category: known } : { state: 'not-found' });
      });
    return () => controller.abort();
  }, [id, preloaded]);

  useEffect(() => {
    if (!id) return;
    listing.current += 1;
    loadingMore.current = false;
    if (preloaded?.list && sort === 'featured' && priceRange === 'all') {
      setList(firstPageOf(preloaded.list));
      setLoadingProducts(false);
      firstLoad.current = false;
      return;
    }
    const controller = new AbortController();
    setLoadingProducts(true);
    productsInCategory(id, { sort_by: sort, price_range: priceRange, limit: CATEGORY_PAGE_LIMIT }, controller.signal)
      .then((l) => {
        setList(firstPageOf(l));
        setLoadingProducts(false);
        firstLoad.current = false;
      })
      .catch((error) => {
        if (isAbort(error)) return;
        toast({
          title: firstLoad.current ? 'Error loading category' : 'Error applying filters',
          description: messageOf(error),
          variant: 'destructive',
        });
        setList((l) => l ?? initialLoadMore<Product>());
        setLoadingProducts(false);
      });
    return () => controller.abort();
  }, [id, sort, priceRange, preloaded]);

  if (category.state === 'not-found') {
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

  const c = category.state === 'found' ? category.category : id ? findCategory(id) : undefined;
  const clearFilters = () => {
    setPriceRange('all');
    setSort('featured');
  };
  const products = list?.items ?? [];

  const loadMore = async () => {
    if (!id || !list || !canLoadMore(list) || loadingMore.current) return; // presses ignored while loading
    const asked = listing.current;
    loadingMore.current = true;
    setList((l) => l && loadMoreReducer(l, { type: 'start' }));
    try {
      const more = await productsInCategory(id, {
        sort_by: sort,
        price_range: priceRange,
        limit: CATEGORY_PAGE_LIMIT,
        page: list.page + 1,
      });
      if (asked !== listing.current) return;
      setList((l) => l && loadMoreReducer(l, { type: 'pageLoaded', items: more.products, total: more.total }));
      setAnnounce(`${more.products.length} more ${more.products.length === 1 ? 'product' : 'products'} loaded`);
    } catch (error) {
      if (asked !== listing.current) return;
      toast({ title: 'Error loading more products', description: messageOf(error), variant: 'destructive' });
      setList((l) => l && loadMoreReducer(l, { type: 'failed' })); // the pieces already shown stay
    } finally {
      if (asked === listing.current) loadingMore.current = false;
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
