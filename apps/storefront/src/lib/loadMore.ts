/**
 * Collection paging, women's rings 'Load More Rings' (spec section 4): page starts at 1; each press requests the
 * next page and appends; presses are ignored while loading; a failed load keeps existing items. The button
 * shows only while the collection holds more than is shown: the API's total says so (a first page of exactly
 * 8 out of 8 rings used to offer a button that loaded nothing).
 */
export const RINGS_PAGE_SIZE = 8;

export interface LoadMoreState<T> {
  items: T[];
  page: number;
  /** How many the collection holds (the API's total for the query). */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
}

export type LoadMoreEvent<T> =
  | { type: 'firstPage'; items: T[]; total: number }
  | { type: 'start' }
  | { type: 'pageLoaded'; items: T[]; total: number }
  | { type: 'failed' };

export function initialLoadMore<T>(): LoadMoreState<T> {
  return { items: [], page: 1, total: 0, hasMore: false, loadingMore: false };
}

/** Whether a press should start a request now. */
export function canLoadMore<T>(s: LoadMoreState<T>): boolean {
  return s.hasMore && !s.loadingMore;
}

export function loadMoreReducer<T extends { id: string }>(s: LoadMoreState<T>, e: LoadMoreEvent<T>): LoadMoreState<T> {
  switch (e.type) {
    case 'firstPage': {
      const total = Math.max(e.total, e.items.length);
      return { items: e.items, page: 1, total, hasMore: e.items.length > 0 && e.items.length < total, loadingMore: false };
    }
    case 'start':
      return canLoadMore(s) ? { ...s, loadingMore: true } : s;
    case 'pageLoaded': {
      const known = new Set(s.items.map((i) => i.id));
      const fresh = e.items.filter((i) => !known.has(i.id));
      const items = [...s.items, ...fresh];
      const total = Math.max(e.total, items.length);
      return {
        items,
        page: s.page + 1,
        total,
        // A page that brought nothing new ends it too: the button must never load nothing again and again.
        hasMore: fresh.length > 0 && items.length < total,
        loadingMore: false,
      };
    }
    case 'failed':
      return { ...s, loadingMore: false };
  }
}
