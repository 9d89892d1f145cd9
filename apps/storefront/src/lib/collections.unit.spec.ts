import { COLLECTIONS, findCollection, resolveCategoryParam } from './collections';

describe('collections', () => {
  it('has the eight collection screens at their routes', () => {
    expect(COLLECTIONS.map((c) => c.category.href)).toEqual([
      '/jewelry/rings',
      '/jewelry/necklaces',
      '/jewelry/earrings',
      '/jewelry/bracelets',
      '/jewelry/mens-rings',
      '/jewelry/mens-necklaces',
      '/jewelry/mens-earrings',
      '/jewelry/mens-bracelets',
    ]);
  });

  it("titles women's and men's screens as the spec does", () => {
    const necklaces = findCollection('necklaces')!;
    expect(necklaces.title).toBe("WOMEN'S NECKLACES");
    expect(necklaces.heading).toBe('NECKLACE COLLECTION');
    expect(necklaces.type).toBe('necklaces');
    const mensRings = findCollection('mens-rings')!;
    expect(mensRings.title).toBe("MEN'S RINGS");
    expect(mensRings.heading).toBe("MEN'S RING COLLECTION");
    expect(mensRings.department).toBe('men');
  });

  it("gives only the women's rings page the Load More button", () => {
    expect(COLLECTIONS.filter((c) => c.loadMore).map((c) => c.slug)).toEqual(['rings']);
  });

  it('resolves category ids and the short names used by the wishlist shortcuts', () => {
    expect(resolveCategoryParam('men-bracelets')).toBe('men-bracelets');
    expect(resolveCategoryParam('rings')).toBe('women-rings');
    expect(resolveCategoryParam('earrings')).toBe('women-earrings');
    expect(resolveCategoryParam('mens-rings')).toBe('men-rings');
    expect(resolveCategoryParam('watches')).toBeUndefined();
  });
});
