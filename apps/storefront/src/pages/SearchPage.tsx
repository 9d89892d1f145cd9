import { POPULAR_SEARCHES, type PriceRange } from '@facet/contracts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PriceRangeSelect, SortSelect } from '../components/Filters';
import { CloseIcon, SearchIcon } from '../components/Icons';
import { ProductGrid, SkeletonGrid } from '../components/ProductCard';
import { toast } from '../features/toast/toasts';
import { SORT_LABELS } from '../lib/catalogue';
import {
  POPULAR_ON_EMPTY,
  popularSuggestions,
  SEARCH_KINDS,
  SEARCH_SORTS,
  ofKind,
  searchSortFrom,
  type SearchKind,
  type SearchSort,
} from '../lib/search';
import { searchPageHref } from '../lib/suggestions';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { listingChoice, searchKey, searchText, type SearchData } from '../routing/loaders';
import { usePageData, useReloading, useWantedSearchParams } from '../routing/usePageData';
import './SearchPage.css';

const SEARCH_SORT_LABELS: Record<SearchSort, string> = { relevance: 'Relevance', ...SORT_LABELS };
const KIND_LABELS: Record<SearchKind, string> = {
  all: 'All Jewelry',
  rings: 'Rings',
  necklaces: 'Necklaces',
  earrings: 'Earrings',
};

/** /search?q=: the first 100 products the server finds for q, with the sort and price range, filtered by kind here. */
export default function SearchPage() {
  const [params] = useSearchParams();
  // The choices as last asked (a navigation still loading wins): the query shown stays the one answered.
  const [wanted, setParams] = useWantedSearchParams();
  const q = searchText(params.get('q'));
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  const [kind, setKind] = useState<SearchKind>('all');
  // The price range and sort are in the URL with the query: the route's loader reads each new answer.
  const { priceRange } = listingChoice(wanted);
  const sort = searchSortFrom(wanted.get('sort'));
  // Undefined while the route renders as its hydrate fallback; null for an empty query.
  const loaded = usePageData<SearchData>('search');
  const fetched = loaded ?? null;
  const reloading = useReloading('/search');
  const kindId = useId();

  useEffect(() => {
    if (loaded?.error) toast({ title: 'Search error', description: loaded.error, variant: 'destructive' });
  }, [loaded]);

  const choose = (name: 'price' | 'sort', value: string, byDefault: string) =>
    setParams(
      () => {
        const next = new URLSearchParams(wanted);
        if (value === byDefault) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const setPriceRange = (value: PriceRange) => choose('price', value, 'all');
  const setSort = (value: SearchSort) => choose('sort', value, 'relevance');
  // Another query keeps the price range and sort chosen.
  const hrefFor = (query: string) => {
    const href = new URL(searchPageHref(query), 'http://shop');
    if (priceRange !== 'all') href.searchParams.set('price', priceRange);
    if (sort !== 'relevance') href.searchParams.set('sort', sort);
    return href.pathname + href.search;
  };

  // The server matched every word of q (as the header's 'View all N' and /catalogue?search= do); the page
  // filters by kind. All jewelry counts what the server found, beyond the 100 fetched too.
  const results = useMemo(() => (q && fetched ? ofKind(fetched.products, kind) : []), [fetched, q, kind]);
  const found = kind === 'all' && fetched ? Math.max(fetched.total, results.length) : results.length;
  const loading = q !== '' && (loaded === undefined || reloading || fetched?.key !== searchKey(q, priceRange, sort));

  return (
    <div className="search-page container">
      <header className="search-page__header">
        <p className="eyebrow">Search</p>
        <h1 className="display-2">{q ? <>Results for “{q}”</> : 'What are you looking for?'}</h1>
        <SearchForm initial={q} hrefFor={hrefFor} />
      </header>

      {!q ? (
        <PopularSearches title="Popular Searches" items={POPULAR_SEARCHES} hrefFor={hrefFor} />
      ) : (
        <>
          <div className="toolbar">
            <p className="toolbar__count" aria-live="polite">
              {loading && !fetched ? 'Searching...' : `${found} ${found === 1 ? 'item' : 'items'} found`}
            </p>
            <div className="toolbar__filters">
              <div className="field field--inline">
                <label htmlFor={kindId}>Category</label>
                <select id={kindId} className="select" value={kind} onChange={(e) => setKind(e.target.value as SearchKind)}>
                  {SEARCH_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {KIND_LABELS[k]}
                    </option>
                  ))}
                </select>
              </div>
              <PriceRangeSelect value={priceRange} onChange={setPriceRange} />
              <SortSelect value={sort} onChange={setSort} options={SEARCH_SORTS} labels={SEARCH_SORT_LABELS} />
            </div>
          </div>
          {loading && !fetched ? (
            <SkeletonGrid count={8} />
          ) : results.length === 0 ? (
            <div className="state">
              <h2 className="state__title">No items found</h2>
              <p className="state__text">We could not find anything for “{q}”. Perhaps one of these?</p>
              <PopularSearches items={POPULAR_SEARCHES.slice(0, POPULAR_ON_EMPTY)} hrefFor={hrefFor} />
            </div>
          ) : (
            <div className={loading ? 'is-refreshing' : undefined}>
              <ProductGrid products={results} delayStep={0.05} label="Search results" />
            </div>
          )}
        </>
      )}
    </div>
  );
}

function SearchForm({ initial, hrefFor }: { initial: string; hrefFor: (query: string) => string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const id = useId();
  useEffect(() => setText(initial), [initial]);

  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const go = (value: string) => {
    if (!value.trim()) return; // submit ignored when the trimmed query is empty
    setOpen(false);
    void navigate(hrefFor(value));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(text);
  };
  const suggestions = popularSuggestions(POPULAR_SEARCHES, text);

  return (
    <form ref={ref} className="search-form" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search the collection
      </label>
      <SearchIcon size={20} />
      <input
        id={id}
        className="search-form__input"
        type="search"
        placeholder="Search rings, diamonds, gold..."
        value={text}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        aria-controls={`${id}-suggestions`}
        aria-expanded={open && suggestions.length > 0}
        role="combobox"
        aria-autocomplete="list"
      />
      {text && (
        <button type="button" className="search-form__clear" aria-label="Clear search" onClick={() => setText('')}>
          <CloseIcon size={16} />
        </button>
      )}
      <button type="submit" className="btn btn--primary search-form__submit">
        Search
      </button>
      {open && suggestions.length > 0 && (
        <ul id={`${id}-suggestions`} className="search-form__suggestions" role="listbox" aria-label="Suggestions">
          {suggestions.map((s) => (
            <li key={s} role="option" aria-selected={false}>
              <button type="button" onClick={() => go(s)}>
                <SearchIcon size={14} /> {s}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

function PopularSearches({ title, items, hrefFor }: { title?: string; items: readonly string[]; hrefFor: (query: string) => string }) {
  return (
    <section className="popular" aria-label={title ?? 'Suggestions'}>
      {title && <h2 className="popular__title">{title}</h2>}
      <ul className="popular__list">
        {items.map((s) => (
          <li key={s}>
            <Link to={hrefFor(s)} className="popular__chip">
              {s}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
