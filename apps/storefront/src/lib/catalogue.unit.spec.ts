import { product } from '../test/fixtures';
import {
  applyCatalogue,
  catalogueQuery,
  clearedFilters,
  countLine,
  DEFAULT_FILTERS,
  filterCatalogue,
  filtersFromParams,
  filtersToParams,
  PRICE_SLIDER,
  sortProducts,
} from './catalogue';

describe('catalogue filtering', () => {
  const solitaire = product({
    name: 'Classic Solitaire',
    description: 'A round brilliant diamond.',
    price: 4200,
    category: 'women-rings',
    rating: 4.9,
  });
  const chain = product({
    name: 'Cuban Link Chain',
    description: 'Solid gold links.',
    price: 1800,
    category: 'men-necklaces',
    rating: 4.2,
  });
  const studs = product({
    name: 'Pearl Studs',
    description: 'Akoya pearls with a DIAMOND accent.',
    price: 500,
    category: 'women-earrings',
    rating: undefined as unknown as number,
  });
  const band = product({ name: 'Wedding Band', description: 'Platinum.', price: 10000, category: 'men-rings', rating: 4.5 });
  const all = [solitaire, chain, studs, band];

  it('matches search case-insensitively on name or description', () => {
    expect(filterCatalogue(all, { ...DEFAULT_FILTERS, search: 'diamond' })).toEqual([solitaire, studs]);
    expect(filterCatalogue(all, { ...DEFAULT_FILTERS, search: '  CUBAN ' })).toEqual([chain]);
  });

  it("treats category 'all' as no filter, otherwise an exact match", () => {
    expect(filterCatalogue(all, DEFAULT_FILTERS)).toEqual(all);
    expect(filterCatalogue(all, { ...DEFAULT_FILTERS, category: 'men-rings' })).toEqual([band]);
    expect(filterCatalogue(all, { ...DEFAULT_FILTERS, category: 'rings' })).toEqual([]);
  });

  it('keeps prices within min and max, inclusive', () => {
    expect(filterCatalogue(all, { ...DEFAULT_FILTERS, minPrice: 500, maxPrice: 1800 })).toEqual([chain, studs]);
    expect(filterCatalogue(all, { ...DEFAULT_FILTERS, minPrice: 10000, maxPrice: 10000 })).toEqual([band]);
  });

  it('does not cross-check the sliders: min above max finds nothing', () => {
    expect(filterCatalogue(all, { ...DEFAULT_FILTERS, minPrice: 5000, maxPrice: 1000 })).toEqual([]);
  });

  it('clears to search empty, category all, price 0-10000, sort featured, sold-out pieces shown', () => {
    expect(clearedFilters()).toEqual({ search: '', category: 'all', minPrice: 0, maxPrice: 10000, sort: 'featured', inStock: false });
    expect(PRICE_SLIDER).toEqual({ min: 0, max: 10000, step: 100 });
  });

  describe('sorting', () => {
    const n = (xs: { name: string }[]) => xs.map((x) => x.name);
    it('featured keeps the source order', () => {
      expect(sortProducts(all, 'featured')).toEqual(all);
      expect(sortProducts(all, 'featured')).not.toBe(all);
    });
    it('price low to high and high to low', () => {
      expect(n(sortProducts(all, 'price-low'))).toEqual(['Pearl Studs', 'Cuban Link Chain', 'Classic Solitaire', 'Wedding Band']);
      expect(n(sortProducts(all, 'price-high'))).toEqual(['Wedding Band', 'Classic Solitaire', 'Cuban Link Chain', 'Pearl Studs']);
    });
    it('name A-Z by locale compare', () => {
      expect(n(sortProducts(all, 'name'))).toEqual(['Classic Solitaire', 'Cuban Link Chain', 'Pearl Studs', 'Wedding Band']);
    });
    it('rating highest first with a missing rating as 0', () => {
      expect(n(sortProducts(all, 'rating'))).toEqual(['Classic Solitaire', 'Wedding Band', 'Cuban Link Chain', 'Pearl Studs']);
    });
  });

  it('filters then sorts', () => {
    const result = applyCatalogue(all, { ...DEFAULT_FILTERS, search: 'diamond', sort: 'price-low' });
    expect(result).toEqual([studs, solitaire]);
  });

  it("says '<n> product(s) found', singular when exactly 1", () => {
    expect(countLine(0, 'product')).toBe('0 products found');
    expect(countLine(1, 'product')).toBe('1 product found');
    expect(countLine(12, 'necklace', 'necklaces')).toBe('12 necklaces found');
  });

  describe('filters in the URL', () => {
    const read = (query: string) => filtersFromParams(new URLSearchParams(query));
    it('reads every filter from the URL and writes them back, defaults left out', () => {
      const query = 'search=gold+ring&category=women-rings&min_price=500&max_price=2000&sort=price-low&in_stock=true';
      const f = read(query);
      expect(f).toEqual({ search: 'gold ring', category: 'women-rings', minPrice: 500, maxPrice: 2000, sort: 'price-low', inStock: true });
      expect(filtersToParams(f).toString()).toBe(query);
      expect(read('')).toEqual(clearedFilters());
      expect(filtersToParams(clearedFilters()).toString()).toBe('');
      expect(catalogueQuery(f, 1)).toMatchObject({
        search: 'gold ring',
        category: 'women-rings',
        min_price: 500,
        max_price: 2000,
        in_stock: true,
      });
      expect(catalogueQuery(clearedFilters(), 1)).not.toHaveProperty('in_stock');
    });

    it('reads what is no filter value as its default, and hostile search text as text', () => {
      expect(read('category=tiaras&sort=cheapest&in_stock=1&min_price=-5&max_price=1e9')).toEqual(clearedFilters());
      expect(read('min_price=250&max_price=99999')).toMatchObject({ minPrice: 300, maxPrice: PRICE_SLIDER.max });
      expect(read('min_price=abc&max_price=')).toMatchObject({ minPrice: PRICE_SLIDER.min, maxPrice: PRICE_SLIDER.max });
      // URLSearchParams holds no lone surrogate (it reads one as U+FFFD), and none is made here.
      expect(filtersFromParams(new URLSearchParams([['search', 'ring\ud800gold']])).search).toBe('ring\ufffdgold');
      expect(read('search=ring%00gold').search).toBe('ring gold');
      expect(read(`search=${'x'.repeat(500)}`).search).toHaveLength(200);
      expect(read('search=100%25_off').search).toBe('100%_off'); // sent as typed: the API takes % and _ literally
      expect(read('category=all').category).toBe('all');
    });
  });
});
