import { rankSuggestions } from '@facet/contracts';
import { catalogueSearchHref, searchPageHref, suggestionView } from './suggestions';

const names = (xs: { name: string }[]) => xs.map((x) => x.name);

describe('header suggestions', () => {
  const items = [
    { name: 'Vintage Diamond Band' },
    { name: 'Diamond Studs' },
    { name: 'Rose Gold Ring' },
    { name: 'Blue Sapphire Ring' },
    { name: 'Diamond Tennis Bracelet' },
    { name: 'Solitaire with diamond halo' },
  ];

  it('puts names starting with the query first, then a word starting with it, then the rest, A-Z within each', () => {
    const ranked = rankSuggestions(
      [{ name: 'Pendant with Ring' }, { name: 'Earring Pair' }, { name: 'Ring of Fire' }, { name: 'Band Ring' }],
      'ring',
    );
    expect(names(ranked)).toEqual(['Ring of Fire', 'Band Ring', 'Pendant with Ring', 'Earring Pair']);
  });

  it('matches case-insensitively on the name only', () => {
    expect(names(rankSuggestions(items, 'DIAMOND'))).toEqual([
      'Diamond Studs',
      'Diamond Tennis Bracelet',
      'Solitaire with diamond halo',
      'Vintage Diamond Band',
    ]);
  });

  const found = <T>(products: T[], total = products.length) => ({ products, total });
  const gold = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `g${i}`, name: `Gold Chain ${i}` }));

  it('shows nothing for an empty or blank query', () => {
    expect(suggestionView(found(gold(3)), '   ')).toEqual({ shown: [], total: 0, hasMore: false });
  });

  it('shows at most 5 and offers View all N results when more exist', () => {
    const view = suggestionView(found(gold(9)), 'gold');
    expect(view.shown).toHaveLength(5);
    expect(view.hasMore).toBe(true);
    expect(view.total).toBe(9);
  });

  it('has no View all link when 5 or fewer match', () => {
    expect(suggestionView(found(gold(5)), 'gold').hasMore).toBe(false);
  });

  it("counts the search's total, beyond the page fetched, and offers it even when few names match", () => {
    const page = [{ id: 'a', name: 'Halo Ring' }, { id: 'b', name: 'Diamond Studs' }, ...gold(3)];
    const view = suggestionView(found(page, 34), 'diamond');
    expect(names(view.shown)).toEqual(['Diamond Studs', 'Halo Ring', 'Gold Chain 0', 'Gold Chain 1', 'Gold Chain 2']);
    expect(view).toMatchObject({ total: 34, hasMore: true });
    expect(suggestionView(found(page.slice(0, 2), 2), 'diamond')).toMatchObject({ total: 2, hasMore: false });
  });

  it('links to the catalogue and search pages with the query encoded', () => {
    expect(catalogueSearchHref(' rose gold ')).toBe('/catalogue?search=rose%20gold');
    expect(searchPageHref('a&b')).toBe('/search?q=a%26b');
  });
});
