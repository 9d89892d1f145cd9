import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('should turn the five markup characters into entities, & first so nothing is escaped twice', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('should end neither a double- nor a single-quoted attribute value', () => {
    expect(escapeHtml(`" onload="x`)).toBe('&quot; onload=&quot;x');
    expect(escapeHtml(`' onload='x`)).toBe('&#39; onload=&#39;x');
  });

  it('should pass NUL, lone surrogates and line separators through unchanged', () => {
    for (const text of ['a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', '\u2028\u2029', '\r\n\t', '💎']) {
      expect(escapeHtml(text)).toBe(text);
    }
  });

  it('should write null and undefined as nothing and other values as their text', () => {
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(0)).toBe('0');
    expect(escapeHtml(12.5)).toBe('12.5');
    expect(escapeHtml(false)).toBe('false');
  });
});
