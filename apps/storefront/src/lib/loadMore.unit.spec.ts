import { canLoadMore, initialLoadMore, loadMoreReducer, RINGS_PAGE_SIZE, type LoadMoreState } from './loadMore';

type Item = { id: string };
const page = (from: number, count: number): Item[] => Array.from({ length: count }, (_, i) => ({ id: `r${from + i}` }));

describe("women's rings 'Load More Rings'", () => {
  const start = initialLoadMore<Item>();
  const first = (count: number, total: number) => loadMoreReducer(start, { type: 'firstPage', items: page(0, count), total });

  it('loads 8 per page', () => {
    expect(RINGS_PAGE_SIZE).toBe(8);
  });

  it('shows the button only while the collection holds more than the first page', () => {
    expect(first(8, 20).hasMore).toBe(true);
    expect(first(7, 7).hasMore).toBe(false);
    expect(first(0, 0).hasMore).toBe(false);
  });

  it('hides the button when the first page already holds every ring (8 of 8)', () => {
    const all = first(8, 8);
    expect(all.hasMore).toBe(false);
    expect(canLoadMore(all)).toBe(false);
    expect(all.total).toBe(8);
  });

  it('appends the next page and moves the page number on', () => {
    let s: LoadMoreState<Item> = first(8, 20);
    s = loadMoreReducer(s, { type: 'start' });
    expect(s.loadingMore).toBe(true);
    s = loadMoreReducer(s, { type: 'pageLoaded', items: page(8, 8), total: 20 });
    expect(s.items).toHaveLength(16);
    expect(s.page).toBe(2);
    expect(s.hasMore).toBe(true);
    expect(s.loadingMore).toBe(false);
  });

  it('hides the button once every piece is shown, even when the last page is full, or a page brings nothing new', () => {
    expect(loadMoreReducer(first(8, 16), { type: 'pageLoaded', items: page(8, 8), total: 16 }).hasMore).toBe(false);
    expect(loadMoreReducer(first(8, 11), { type: 'pageLoaded', items: page(8, 3), total: 11 }).hasMore).toBe(false);
    expect(loadMoreReducer(first(8, 20), { type: 'pageLoaded', items: [], total: 20 }).hasMore).toBe(false);
    expect(loadMoreReducer(first(8, 20), { type: 'pageLoaded', items: page(0, 8), total: 20 }).hasMore).toBe(false);
  });

  it('ignores presses while loading', () => {
    const loading = loadMoreReducer(first(8, 20), { type: 'start' });
    expect(canLoadMore(loading)).toBe(false);
    expect(loadMoreReducer(loading, { type: 'start' })).toBe(loading);
  });

  it('keeps existing items when a load fails, and lets the shopper try again', () => {
    const loading = loadMoreReducer(first(8, 20), { type: 'start' });
    const failed = loadMoreReducer(loading, { type: 'failed' });
    expect(failed.items).toHaveLength(8);
    expect(failed.page).toBe(1);
    expect(canLoadMore(failed)).toBe(true);
  });

  it('does not show a piece twice if pages overlap', () => {
    const next = loadMoreReducer(first(8, 20), { type: 'pageLoaded', items: page(6, 8), total: 20 });
    expect(next.items.map((i) => i.id)).toEqual(page(0, 14).map((i) => i.id));
  });
});
