import { MAX_SEARCH_TERMS, searchTerms, singular } from './search-terms';

describe('Catalogue search words', () => {
  it('should take each word of a search of several, in lower case, whatever separates them', () => {
    expect(searchTerms('gold ring')).toEqual(['gold', 'ring']);
    expect(searchTerms('  White   GOLD band ')).toEqual(['white', 'gold', 'band']);
    expect(searchTerms('white-gold, band!')).toEqual(['white', 'gold', 'band']);
    expect(searchTerms('ring gold')).toEqual(['ring', 'gold']);
  });

  it('should search a plural as its singular, which finds both', () => {
    expect(searchTerms('diamond earrings')).toEqual(['diamond', 'earring']);
    expect(searchTerms('Earring')).toEqual(['earring']);
    expect(['rings', 'necklaces', 'studs', 'watches', 'boxes', 'accessories', 'glass', 'cuffs'].map(singular)).toEqual([
      'ring',
      'necklace',
      'stud',
      'watch',
      'box',
      'accessor',
      'glass',
      'cuff',
    ]);
    expect(singular('18ks')).toBe('18ks'); // a code, not a plural
  });

  it('should leave out words that say nothing of a piece, unless nothing else is typed', () => {
    expect(searchTerms('ring with a diamond')).toEqual(['ring', 'diamond']);
    expect(searchTerms("men's rings")).toEqual(['men', 'ring']);
    expect(searchTerms('the')).toEqual(['the']);
    expect(searchTerms('1.50 ct')).toEqual(['1', '50', 'ct']);
  });

  it('should take LIKE wildcards, quotes and other punctuation as separators, never as patterns', () => {
    expect(searchTerms('%')).toEqual([]);
    expect(searchTerms('_')).toEqual([]);
    expect(searchTerms('\\')).toEqual([]);
    expect(searchTerms('100%_gold\\')).toEqual(['100', 'gold']);
    expect(searchTerms("%' OR 1=1 --")).toEqual(['1']);
  });

  it('should keep accents in NFC, so a search typed decomposed finds the composed name', () => {
    expect(searchTerms('Rose\u0301')).toEqual(['rosé']);
    expect(searchTerms('Lumière')).toEqual(['lumière']);
  });

  it('should find no word in NUL bytes, lone surrogates or control characters, and keep at most a few words', () => {
    expect(searchTerms('\u0000')).toEqual([]);
    expect(searchTerms('ring\u0000gold')).toEqual(['ring', 'gold']);
    expect(searchTerms('\ud800ring\udc00')).toEqual(['ring']);
    expect(searchTerms('x'.repeat(10_000))).toEqual(['x'.repeat(10_000)]);
    const many = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    expect(searchTerms(many)).toHaveLength(MAX_SEARCH_TERMS);
    expect(searchTerms('ring ring RINGS')).toEqual(['ring']);
  });
});
