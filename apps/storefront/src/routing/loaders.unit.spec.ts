import { searchSortFrom } from '../lib/search';
import { listingChoice, MAX_SEARCH_LENGTH, searchText, withListingChoice } from './loaders';

describe('searchText: search text read from the URL', () => {
  it('should turn control characters and lone surrogates into spaces, and keep the text around them', () => {
    expect(searchText('ring\u0000')).toBe('ring');
    expect(searchText('\u0001rose\tgold\u0000\u0000ring\u007f')).toBe('rose gold ring');
    expect(searchText('ring\u0085')).toBe('ring');
    expect(searchText('\ud800ring\udfff')).toBe('ring');
    expect(searchText('ring\udc00\ud800')).toBe('ring');
    expect(searchText('rose  gold')).toBe('rose gold'); // the API matches a phrase: one space, as the shop writes
  });

  it('should keep letters of every script, emoji (surrogate pairs) and typographic marks', () => {
    expect(searchText('  💍 bague à diamant – “émeraude” ')).toBe('💍 bague à diamant – “émeraude”');
    expect(searchText('指輪 \ud83d\udc8e')).toBe('指輪 💎');
  });

  it('should read a missing parameter as empty and cut long text at the limit', () => {
    expect(searchText(null)).toBe('');
    expect(searchText('x'.repeat(MAX_SEARCH_LENGTH + 50))).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

describe('listingChoice: the sort and price range read from the URL', () => {
  it('should read only the choices the shop offers, and the defaults for anything else (NUL, lone surrogates, huge or repeated values)', () => {
    expect(listingChoice(new URLSearchParams('sort=price-low&price=over-2000'))).toEqual({ sort: 'price-low', priceRange: 'over-2000' });
    for (const hostile of ['price-low\u0000', '\ud800', 'x'.repeat(100_000), '1e308', '-0', '', 'PRICE-LOW']) {
      const params = new URLSearchParams();
      params.set('sort', hostile);
      params.set('price', hostile);
      expect(listingChoice(params)).toEqual({ sort: 'featured', priceRange: 'all' });
      expect(searchSortFrom(hostile)).toBe('relevance');
    }
    // The first of repeated values is the one read.
    expect(listingChoice(new URLSearchParams('sort=price-high&sort=zzz')).sort).toBe('price-high');
  });

  it('should write a choice into the query, leave the defaults out, and keep the other parameters', () => {
    const next = withListingChoice(new URLSearchParams('q=ring&sort=price-low'), { sort: 'featured', priceRange: 'under-500' });
    expect(next.toString()).toBe('q=ring&price=under-500');
  });
});
