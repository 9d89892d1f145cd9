import { POPULAR_SEARCHES } from '@facet/contracts';
import { product } from '../test/fixtures';
import { ofKind, popularSuggestions, searchSortToApi } from './search';

describe('search page matching', () => {
  const ring = product({ name: 'Solitaire', description: 'Platinum setting', category: 'women-rings', features: ['GIA certified'] });
  const hoops = product({ name: 'Hoops', description: 'Yellow gold', category: 'women-earrings', features: [] });
  const chain = product({ name: 'Rope Chain', description: 'Solid gold', category: 'men-necklaces', features: ['Lobster clasp'] });
  const all = [ring, hoops, chain];

  it('keeps every product the server found for the query, in its order, for all jewelry', () => {
    // The server matched the words ("gold ring" finds a piece holding both, in any order); nothing is
    // matched again here as one phrase, which found nothing for a search of two words.
    expect(ofKind([chain, ring, hoops])).toEqual([chain, ring, hoops]);
    expect(ofKind(all, 'all')).toEqual(all);
  });

  it('filters by kind across departments, and earrings are not rings', () => {
    const menRing = product({ name: 'Signet', category: 'men-rings', description: 'gold' });
    expect(ofKind([...all, menRing], 'rings')).toEqual([ring, menRing]);
    expect(ofKind([...all, menRing], 'earrings')).toEqual([hoops]);
    expect(ofKind([...all, menRing], 'necklaces')).toEqual([chain]);
  });

  it('sends relevance to the server as featured', () => {
    expect(searchSortToApi('relevance')).toBe('featured');
    expect(searchSortToApi('price-high')).toBe('price-high');
  });

  it('suggests at most five popular searches matching what is typed', () => {
    expect(POPULAR_SEARCHES).toHaveLength(10);
    expect(popularSuggestions(POPULAR_SEARCHES, '')).toHaveLength(5);
    expect(popularSuggestions(POPULAR_SEARCHES, 'gold')).toEqual(['Gold necklace', 'Rose gold', 'White gold']);
    expect(popularSuggestions(POPULAR_SEARCHES, 'RINGS')).toEqual(['Diamond rings', 'Pearl earrings', 'Wedding rings', 'Engagement rings']);
  });
});
