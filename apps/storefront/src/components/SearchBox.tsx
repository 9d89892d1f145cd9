import { formatPrice, type Product } from '@facet/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { isAbort } from '../api/client';
import { listProducts } from '../api/shop';
import { HEADER_SEARCH_FETCH_LIMIT } from '../lib/search';
import { catalogueSearchHref, searchPageHref, suggestionView } from '../lib/suggestions';
import { useDebounced } from '../lib/useDebounced';
import { CloseIcon, SearchIcon } from './Icons';
import './SearchBox.css';
import { picture } from '../lib/artwork';

/**
 * The header's search: live suggestions ranked by name (starts with, then a word starts with, then A-Z), then
 * the other products the same search finds; 'View all N results' counts what /catalogue?search= shows.
 * Submitting goes to /search?q= and clears the box; clicking outside closes the list.
 */
export function SearchBox({ onNavigate, autoFocus = false }: { onNavigate?: () => void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  // The products fetched for one query and how many the catalogue holds for it (the API's total); while the
  // query differs from what is typed, the list says 'Searching...'.
  const [result, setResult] = useState<{ query: string; products: Product[]; total: number } | null>(null);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(query.trim(), 200);
  const rootRef = useRef<HTMLFormElement>(null);
  const listId = useId();

  // A non-empty query opens the list at once ('Searching...'); clearing hides and empties it.
  useEffect(() => {
    setOpen(query.trim() !== '');
    if (!query.trim()) setResult(null);
    setActive(-1);
  }, [query]);

  useEffect(() => {
    if (!debounced) return;
    const controller = new AbortController();
    listProducts({ limit: HEADER_SEARCH_FETCH_LIMIT, search: debounced }, controller.signal)
      .then((list) => setResult({ query: debounced, products: list.products, total: list.total }))
      .catch((error) => {
        if (isAbort(error)) return;
        console.error('Header search failed', error);
        setResult({ query: debounced, products: [], total: 0 }); // failure: logged, suggestions emptied, no message
      });
    return () => controller.abort();
  }, [debounced]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const ready = result !== null && result.query === query.trim();
  const view = suggestionView(ready ? result : { products: [], total: 0 }, query);

  const reset = () => {
    setQuery('');
    setOpen(false);
    onNavigate?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    if (ready && active >= 0 && active < view.shown.length) {
      void navigate(`/product/${view.shown[active].id}`);
    } else {
      void navigate(searchPageHref(q));
    }
    reset();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (!open || !ready || view.shown.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => (a + 1) % view.shown.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => (a <= 0 ? view.shown.length - 1 : a - 1));
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <form ref={rootRef} className="searchbox" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        Search jewelry
      </label>
      <SearchIcon size={18} className="searchbox__icon" />
      <input
        id={`${listId}-input`}
        className="searchbox__input"
        type="search"
        placeholder="Search jewelry"
        autoComplete="off"
        autoFocus={autoFocus}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onFocus={() => query.trim() && setOpen(true)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
      />
      {query && (
        <button type="button" className="searchbox__clear" aria-label="Clear search" onClick={() => setQuery('')}>
          <CloseIcon size={16} />
        </button>
      )}
      {open && (
        <div className="searchbox__panel" id={listId}>
          {!ready ? (
            <p className="searchbox__status" role="status">
              Searching...
            </p>
          ) : view.shown.length === 0 ? (
            <p className="searchbox__status" role="status">
              No products found
            </p>
          ) : (
            <>
              <ul role="listbox" aria-label="Suggestions" className="searchbox__list">
                {view.shown.map((p, i) => (
                  <li key={p.id} id={optionId(i)} role="option" aria-selected={i === active}>
                    <Link
                      to={`/product/${p.id}`}
                      className={`searchbox__option${i === active ? ' is-active' : ''}`}
                      onClick={reset}
                      tabIndex={-1}
                    >
                      <img src={picture(p.image)} alt="" width={48} height={48} loading="lazy" />
                      <span className="searchbox__name">{p.name}</span>
                      <span className="searchbox__price">{formatPrice(p.price)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              {view.hasMore && (
                <Link to={catalogueSearchHref(query)} className="searchbox__all" onClick={reset}>
                  View all {view.total} {view.total === 1 ? 'result' : 'results'}
                </Link>
              )}
            </>
          )}
        </div>
      )}
    </form>
  );
}
