import { POPULAR_SEARCHES, type PriceRange, type Product } from '@facet/contracts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isAbort } from '../api/client';
import { listProducts } from '../api/shop';
import { PriceRangeSelect, SortSelect } from '../components/Filters';
import { CloseIcon, SearchIcon } from '../components/Icons';
import { ProductGrid, SkeletonGrid } from '../components/ProductCard';
import { toast } from '../features/toast/toasts';
import { SORT_LABELS } from '../lib/catalogue';
import {
  POPULAR_ON_EMPTY,
  popularSuggestions,
  SEARCH_FETCH_LIMIT,
  SEARCH_KINDS,
  SEARCH_SORTS,
  ofKind,
  searchSortToApi,
  type SearchKind,
  type SearchSort,
} from '../lib/search';
import { searchPageHref } from '../lib/suggestions';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { searchKey, searchText, type SearchData } from '../routing/loaders';
import { usePageData } from '../routing/usePageData';
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
  const q = searchText(params.get('q'));
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  const [kind, setKind] = useState<SearchKind>('all');
  const [priceRange, setPriceRange] = useState<PriceRange>('all');
  const [sort, setSort] = useState<SearchSort>('relevance');
  const key = searchKey(q, priceRange, sort);
  const preloaded = usePageData<SearchData>(key);
  const [fetched, setFetched] = useState<{ key: string; products: Product[]; total: number } | null>(preloaded ?? null);
  const kindId = useId();

  useEffect(() => {
    if (!q) return; // an empty or blank query yields no results
    if (preloaded) {
      setFetched(preloaded);
      return;
    }
    const controller = new AbortController();
    listProducts({ limit: SEARCH_FETCH_LIMIT, search: q, sort_by: searchSortToApi(sort), price_range: priceRange }, controller.signal)
      .then((list) => setFetched({ key, products: list.products, total: list.total }))
      .catch((error) => {
        if (isAbort(error)) return;
        toast({ title: 'Search error', description: (error as Error).message, variant: 'destructive' });
        setFetched({ key, products: [], total: 0 });
      });
    return () => controller.abort();
  }, [q, priceRange, sort, key, preloaded]);

  // The server matched every word of q (as the header's 'View all N' and /catalogue?search= do); the page
  // filters by kind. All jewelry counts what the server found, beyond the 100 fetched too.
  const results = useMemo(() => (q && fetched ? ofKind(fetched.products, kind) : []), [fetched, q, kind]);
  const found = kind === 'all' && fetched ? Math.max(fetched.total, results.length) : results.length;
  const loading = q !== '' && fetched?.key !== key;

  return (
    <div className="search-page container">
      <header className="search-page__header">
        <p className="eyebrow">Search</p>
        <h1 className="display-2">{q ? <>Results for “{q}”</> : 'What are you looking for?'}</h1>
        <SearchForm initial={q} />
      </header>

      {!q ? (
        <PopularSearches title="Popular Searches" items={POPULAR_SEARCHES} />
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
              <PopularSearches items={POPULAR_SEARCHES.slice(0, POPULAR_ON_EMPTY)} />
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

function SearchForm({ initial }: { initial: string }) {
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
    void navigate(searchPageHref(value));
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

function PopularSearches({ title, items }: { title?: string; items: readonly string[] }) {
  return (
    <section className="popular" aria-label={title ?? 'Suggestions'}>
      {title && <h2 className="popular__title">{title}</h2>}
      <ul className="popular__list">
        {items.map((s) => (
          <li key={s}>
            <Link to={searchPageHref(s)} className="popular__chip">
              {s}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
