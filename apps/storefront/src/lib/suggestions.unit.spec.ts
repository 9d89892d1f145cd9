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

  it('shows nothing for an empty or blank query', () => {
    expect(suggestionView(items, '   ')).toEqual({ shown: [], total: 0, hasMore: false });
  });

  it('shows at most 5 and offers View all N results when more exist', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ name: `Gold Chain ${i}` }));
    const view = suggestionView(many, 'gold');
    expect(view.shown).toHaveLength(5);
    expect(view.hasMore).toBe(true);
    expect(view.total).toBe(9);
  });

  it('has no View all link when 5 or fewer match', () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `Gold Chain ${i}` }));
    expect(suggestionView(five, 'gold').hasMore).toBe(false);
  });

  it('links to the catalogue and search pages with the query encoded', () => {
    expect(catalogueSearchHref(' rose gold ')).toBe('/catalogue?search=rose%20gold');
    expect(searchPageHref('a&b')).toBe('/search?q=a%26b');
  });
});
