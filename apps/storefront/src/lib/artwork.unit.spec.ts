import { picture } from './artwork';

describe('picture', () => {
  it('should show the WebP made beside an artwork SVG', () => {
    expect(picture('/images/products/celeste-oval-diamond-solitaire-1.svg')).toBe('/images/products/celeste-oval-diamond-solitaire-1.webp');
    expect(picture('/images/hero/slide-1.svg')).toBe('/images/hero/slide-1.webp');
    expect(picture('/images/categories/women-rings.svg')).toBe('/images/categories/women-rings.webp');
  });

  it('should leave logos, uploads, other addresses and odd paths as they are', () => {
    for (const src of [
      '/images/brand/logo.svg',
      '/api/media/3f2a.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
      '/images/products/../brand/logo.svg',
      '/images/products/x.svg?v=1',
      'https://example.com/images/products/x.svg',
      '',
    ]) {
      expect(picture(src)).toBe(src);
    }
  });
});
