/**
 * Women's rings 'Load More Rings' (spec section 4): page starts at 1; each press requests the next page and
 * appends; a page with fewer than 8 items (or none) hides the button; presses are ignored while loading; the
 * button starts visible only if the first page returned exactly 8; a failed load keeps existing items.
 */
export const RINGS_PAGE_SIZE = 8;

export interface LoadMoreState<T> {
  items: T[];
  page: number;
  hasMore: boolean;
  loadingMore: boolean;
}

export type LoadMoreEvent<T> =
  { type: 'firstPage'; items: T[] } | { type: 'start' } | { type: 'pageLoaded'; items: T[] } | { type: 'failed' };

export function initialLoadMore<T>(): LoadMoreState<T> {
  return { items: [], page: 1, hasMore: false, loadingMore: false };
}

/** Whether a press should start a request now. */
export function canLoadMore<T>(s: LoadMoreState<T>): boolean {
  return s.hasMore && !s.loadingMore;
}

export function loadMoreReducer<T extends { id: string }>(
  s: LoadMoreState<T>,
  e: LoadMoreEvent<T>,
  pageSize = RINGS_PAGE_SIZE,
): LoadMoreState<T> {
  switch (e.type) {
    case 'firstPage':
      return { items: e.items, page: 1, hasMore: e.items.length === pageSize, loadingMore: false };
    case 'start':
      return canLoadMore(s) ? { ...s, loadingMore: true } : s;
    case 'pageLoaded': {
      const known = new Set(s.items.map((i) => i.id));
      const fresh = e.items.filter((i) => !known.has(i.id));
      return {
        items: [...s.items, ...fresh],
        page: s.page + 1,
        hasMore: e.items.length >= pageSize,
        loadingMore: false,
      };
    }
    case 'failed':
      return { ...s, loadingMore: false };
  }
}
