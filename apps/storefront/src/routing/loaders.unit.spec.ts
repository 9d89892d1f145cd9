import { MAX_SEARCH_LENGTH, searchText } from './loaders';

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
