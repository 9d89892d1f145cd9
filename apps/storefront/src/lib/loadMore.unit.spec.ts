import { canLoadMore, initialLoadMore, loadMoreReducer, RINGS_PAGE_SIZE, type LoadMoreState } from './loadMore';

type Item = { id: string };
const page = (from: number, count: number): Item[] => Array.from({ length: count }, (_, i) => ({ id: `r${from + i}` }));

describe("women's rings 'Load More Rings'", () => {
  const start = initialLoadMore<Item>();

  it('loads 8 per page', () => {
    expect(RINGS_PAGE_SIZE).toBe(8);
  });

  it('shows the button only if the first page returned exactly 8', () => {
    expect(loadMoreReducer(start, { type: 'firstPage', items: page(0, 8) }).hasMore).toBe(true);
    expect(loadMoreReducer(start, { type: 'firstPage', items: page(0, 7) }).hasMore).toBe(false);
    expect(loadMoreReducer(start, { type: 'firstPage', items: [] }).hasMore).toBe(false);
  });

  it('appends the next page and moves the page number on', () => {
    let s: LoadMoreState<Item> = loadMoreReducer(start, { type: 'firstPage', items: page(0, 8) });
    s = loadMoreReducer(s, { type: 'start' });
    expect(s.loadingMore).toBe(true);
    s = loadMoreReducer(s, { type: 'pageLoaded', items: page(8, 8) });
    expect(s.items).toHaveLength(16);
    expect(s.page).toBe(2);
    expect(s.hasMore).toBe(true);
    expect(s.loadingMore).toBe(false);
  });

  it('hides the button when a page returns fewer than 8 or none', () => {
    const first = loadMoreReducer(start, { type: 'firstPage', items: page(0, 8) });
    expect(loadMoreReducer(first, { type: 'pageLoaded', items: page(8, 3) }).hasMore).toBe(false);
    expect(loadMoreReducer(first, { type: 'pageLoaded', items: [] }).hasMore).toBe(false);
  });

  it('ignores presses while loading', () => {
    const loading = loadMoreReducer(loadMoreReducer(start, { type: 'firstPage', items: page(0, 8) }), { type: 'start' });
    expect(canLoadMore(loading)).toBe(false);
    expect(loadMoreReducer(loading, { type: 'start' })).toBe(loading);
  });

  it('keeps existing items when a load fails, and lets the shopper try again', () => {
    const loading = loadMoreReducer(loadMoreReducer(start, { type: 'firstPage', items: page(0, 8) }), { type: 'start' });
    const failed = loadMoreReducer(loading, { type: 'failed' });
    expect(failed.items).toHaveLength(8);
    expect(failed.page).toBe(1);
    expect(canLoadMore(failed)).toBe(true);
  });

  it('does not show a piece twice if pages overlap', () => {
    const first = loadMoreReducer(start, { type: 'firstPage', items: page(0, 8) });
    const next = loadMoreReducer(first, { type: 'pageLoaded', items: page(6, 8) });
    expect(next.items.map((i) => i.id)).toEqual(page(0, 14).map((i) => i.id));
  });
});
