import type { Product } from '@facet/contracts';
import { useReducer, useRef, useState } from 'react';
import { listProducts } from '../api/shop';
import { HydrateLater } from '../components/HydrateLater';
import { ProductGrid, SkeletonGrid } from '../components/ProductCard';
import { countLine } from '../lib/catalogue';
import { collectionPageSize, findCollection, loadMoreLabel, type Collection } from '../lib/collections';
import { canLoadMore, initialLoadMore, loadMoreReducer, RINGS_PAGE_SIZE, type LoadMoreEvent, type LoadMoreState } from '../lib/loadMore';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import type { CollectionData } from '../routing/loaders';
import { usePageData } from '../routing/usePageData';
import NotFoundPage from './NotFoundPage';
import './CollectionPage.css';
import { picture } from '../lib/artwork';

export default function CollectionPage({ slug }: { slug: string }) {
  const collection = findCollection(slug);
  if (!collection) return <NotFoundPage />;
  return <CollectionScreen key={collection.slug} collection={collection} />;
}

type ListState = LoadMoreState<Product> & { loading: boolean };

function reducer(state: ListState, event: LoadMoreEvent<Product> | { type: 'reset' }): ListState {
  if (event.type === 'reset') return { ...initialLoadMore<Product>(), loading: true };
  const next = loadMoreReducer(state, event);
  return { ...next, loading: event.type === 'firstPage' ? false : state.loading };
}

function firstState(data: CollectionData | null | undefined): ListState {
  const start = { ...initialLoadMore<Product>(), loading: true };
  return data === undefined ? start : reducer(start, { type: 'firstPage', items: data?.products ?? [], total: data?.total ?? 0 });
}

function CollectionScreen({ collection: c }: { collection: Collection }) {
  useDocumentTitle(c.category.name);
  // The route's loader reads the first page (20 items; women's rings: 8, page 1). Undefined while this
  // renders as the route's hydrate fallback; null when it failed (logged there): the empty state shows.
  const loaded = usePageData<CollectionData>(`collection:${c.slug}`);
  const [state, dispatch] = useReducer(reducer, loaded, firstState);
  const loadingMore = useRef(false);
  const [announce, setAnnounce] = useState('');

  // A new answer of the loader (the route revalidated): the list starts again from it, while rendering.
  const [startedFrom, setStartedFrom] = useState(loaded);
  if (startedFrom !== loaded) {
    setStartedFrom(loaded);
    if (loaded === undefined) dispatch({ type: 'reset' });
    else dispatch({ type: 'firstPage', items: loaded?.products ?? [], total: loaded?.total ?? 0 });
  }

  const loadMore = async () => {
    if (!canLoadMore(state) || loadingMore.current) return; // presses ignored while loading
    loadingMore.current = true;
    dispatch({ type: 'start' });
    try {
      const list = await listProducts({ category: c.category.id, limit: collectionPageSize(c), page: state.page + 1 });
      dispatch({ type: 'pageLoaded', items: list.products, total: list.total });
      setAnnounce(`${list.products.length} more ${list.products.length === 1 ? c.singular : c.plural} loaded`);
    } catch (error) {
      console.error('Load more failed', error); // existing items are kept
      dispatch({ type: 'failed' });
    } finally {
      loadingMore.current = false;
    }
  };

  return (
    <div className={`collection theme-${c.department}`}>
      <section className="collection-hero" aria-labelledby="collection-title">
        <div className="collection-hero__content">
          <p className="eyebrow collection-hero__eyebrow">{c.department === 'men' ? 'For Him' : 'For Her'}</p>
          <h1 id="collection-title" className="collection-hero__title">
            {c.title}
          </h1>
          <span className="collection-hero__rule" />
          <p className="collection-hero__tagline">{c.tagline}</p>
        </div>
        <div className="collection-hero__media">
          <img src={picture(c.category.image)} alt="" width={1200} height={900} fetchPriority="high" />
        </div>
      </section>

      <section className="section container collection__products" aria-labelledby="collection-heading">
        <div className="collection__head">
          <h2 id="collection-heading" className="collection__heading">
            {c.heading}
          </h2>
          <span className="rule rule--center" />
          {state.loading ? (
            <p className="collection__count" role="status">
              <span className="spinner spinner--small" /> Loading {c.type}...
            </p>
          ) : (
            <p className="collection__count" aria-live="polite">
              {countLine(state.total, c.singular, c.plural)}
            </p>
          )}
        </div>

        {state.loading ? (
          <SkeletonGrid count={c.loadMore ? RINGS_PAGE_SIZE : 8} />
        ) : state.items.length === 0 ? (
          <div className="state">
            <h3 className="state__title">No {c.type} found</h3>
            <p className="state__text">Check back later for new arrivals in our {c.type} collection.</p>
          </div>
        ) : (
          <>
            {/* Below the collection hero on every device: no picture of the grid competes with the hero. */}
            <HydrateLater>
              <ProductGrid products={state.items} delayStep={0.08} label={c.category.name} eagerCount={0} />
            </HydrateLater>
            {state.hasMore && (
              <div className="collection__more">
                <button
                  type="button"
                  className="btn btn--outline"
                  onClick={loadMore}
                  disabled={state.loadingMore}
                  aria-busy={state.loadingMore}
                >
                  {state.loadingMore ? 'Loading More...' : loadMoreLabel(c)}
                </button>
                <p className="muted collection__shown">
                  Showing {state.items.length} of {state.total}
                </p>
              </div>
            )}
            <p className="visually-hidden" aria-live="polite">
              {announce}
            </p>
          </>
        )}
      </section>
    </div>
  );
}
