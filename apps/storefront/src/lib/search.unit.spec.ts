import { POPULAR_SEARCHES } from '@facet/contracts';
import { product } from '../test/fixtures';
import { popularSuggestions, searchProducts, searchSortToApi } from './search';

describe('search page matching', () => {
  const ring = product({ name: 'Solitaire', description: 'Platinum setting', category: 'women-rings', features: ['GIA certified'] });
  const hoops = product({ name: 'Hoops', description: 'Yellow gold', category: 'women-earrings', features: [] });
  const chain = product({ name: 'Rope Chain', description: 'Solid gold', category: 'men-necklaces', features: ['Lobster clasp'] });
  const all = [ring, hoops, chain];

  it('matches case-insensitively on name, description, category and features', () => {
    expect(searchProducts(all, 'SOLITAIRE')).toEqual([ring]);
    expect(searchProducts(all, 'gold')).toEqual([hoops, chain]);
    expect(searchProducts(all, 'necklaces')).toEqual([chain]);
    expect(searchProducts(all, 'gia')).toEqual([ring]);
  });

  it('matches either spelling of an accented letter (NFC or NFD) on both sides', () => {
    const cafe = product({ name: 'Caf\u00e9 Band', description: 'Pav\u0065\u0301 set', category: 'women-rings', features: [] });
    expect(searchProducts([...all, cafe], 'cafe\u0301')).toEqual([cafe]);
    expect(searchProducts([...all, cafe], 'pav\u00e9')).toEqual([cafe]);
  });

  it('yields nothing for an empty or blank query', () => {
    expect(searchProducts(all, '')).toEqual([]);
    expect(searchProducts(all, '   ')).toEqual([]);
  });

  it('filters by kind across departments, and earrings are not rings', () => {
    const menRing = product({ name: 'Signet', category: 'men-rings', description: 'gold' });
    expect(searchProducts([...all, menRing], 'gold', 'rings')).toEqual([menRing]);
    expect(searchProducts([...all, menRing], 'gold', 'earrings')).toEqual([hoops]);
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
