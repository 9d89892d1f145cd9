import type { Product } from '@facet/contracts';
import { renderHead } from './head';
import { productJsonLd, scriptJson } from './jsonLd';
import { metaForRoute, productMeta } from './meta';
import { COLLECTIONS } from '../lib/collections';

const product: Product = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Aurora "Halo" </script><b>',
  description: 'A ring & a promise',
  price: 1234.5,
  original_price: null,
  image: '/images/products/a.svg',
  images: ['/images/products/a.svg', '/images/products/b.svg'],
  category: 'women-rings',
  features: [],
  rating: 4.75,
  reviews_count: 0,
  in_stock: true,
  version: 1,
  created_at: '',
  updated_at: '',
};

describe('page heads', () => {
  it('should escape every value written into the head', () => {
    const meta = productMeta({
      data: { key: product.id, product, related: [] },
      url: new URL('http://shop.test/x'),
      origin: 'http://shop.test',
    });
    const head = renderHead(meta, 'http://shop.test', { fonts: [], scripts: ['/assets/a"b.js'] });
    expect(head).not.toContain('</script><b>');
    expect(head).toContain('<title>Aurora &quot;Halo&quot; &lt;/script&gt;&lt;b&gt; | Facet Fine Jewelry</title>');
    expect(head).toContain('href="/assets/a&quot;b.js"');
    // Only the JSON-LD blocks open a script element, and none closes early.
    expect(head.match(/<script/g)).toHaveLength(2);
    expect(head.match(/<\/script>/g)).toHaveLength(2);
  });

  it('should make script JSON unable to close its element or break a line in old parsers', () => {
    const text = scriptJson({ a: '</script><!-- & \u2028\u2029' });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- & \u2028\u2029' });
  });

  it('should give a product without reviews an offer but no rating, with absolute image urls', () => {
    const ld = productJsonLd(product, 'https://facet.example') as any;
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.offers).toMatchObject({ price: '1234.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
    expect(ld.image).toEqual(['https://facet.example/images/products/a.svg', 'https://facet.example/images/products/b.svg']);
    const rated = productJsonLd({ ...product, reviews_count: 3 }, 'https://facet.example') as any;
    expect(rated.aggregateRating).toMatchObject({ ratingValue: 4.8, reviewCount: 3 });
  });

  it('should carry the approved reviews shown as Review items beside the AggregateRating, and none without reviews (issue 41)', () => {
    const review = {
      id: 'r1',
      product_id: product.id,
      stars: 4,
      title: 'Lovely',
      text: 'It sparkles </script>',
      author: 'Ada L.',
      verified: true,
      created_at: '2026-03-01T10:00:00.000Z',
    };
    const ld = productJsonLd({ ...product, rating: 4, reviews_count: 1 }, 'https://facet.example', [review]) as any;
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        name: 'Lovely',
        reviewBody: 'It sparkles </script>',
        datePublished: '2026-03-01',
        author: { '@type': 'Person', name: 'Ada L.' },
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
    const unrated = productJsonLd(product, 'https://facet.example', []) as any;
    expect(unrated.aggregateRating).toBeUndefined();
    expect(unrated.review).toBeUndefined();
    const meta = productMeta({
      data: { key: product.id, product: { ...product, reviews_count: 1 }, related: [], reviews: { items: [review] } },
      url: new URL('http://shop.test/x'),
      origin: 'http://shop.test',
    });
    expect(renderHead(meta, 'http://shop.test', { fonts: [], scripts: [] })).not.toContain('sparkles </script>');
  });

  it('should name a head for every collection, and keep unknown and browser-only screens out of indexes', () => {
    const url = new URL('http://shop.test/jewelry/rings');
    for (const c of COLLECTIONS) {
      const meta = metaForRoute(`collection:${c.slug}`, COLLECTIONS)({ data: null, url, origin: 'http://shop.test' });
      expect(meta).toMatchObject({ title: c.category.name, path: c.category.href, lcpImage: c.category.image });
      expect(meta.noindex).toBeUndefined();
    }
    expect(metaForRoute('not-found', COLLECTIONS)({ data: null, url, origin: '' }).noindex).toBe(true);
    expect(metaForRoute('0', COLLECTIONS)({ data: null, url: new URL('http://shop.test/cart'), origin: '' }).noindex).toBe(true);
    expect(productMeta({ data: { key: 'x', product: null, related: [] }, url, origin: '' }).noindex).toBe(true);
  });

  it('should give /custom-design its own indexable head: title, description, canonical and a breadcrumb', () => {
    const url = new URL('http://shop.test/custom-design');
    const meta = metaForRoute('custom-design', COLLECTIONS)({ data: null, url, origin: 'http://shop.test' });
    expect(meta).toMatchObject({ title: 'Custom Jewelry Design', path: '/custom-design' });
    expect(meta.noindex).toBeUndefined();
    expect(meta.description.length).toBeGreaterThan(80);
    const head = renderHead(meta, 'http://shop.test', { fonts: [], scripts: [] });
    expect(head).toContain('<title>Custom Jewelry Design | Facet Fine Jewelry</title>');
    expect(head).toContain('<link rel="canonical" href="http://shop.test/custom-design">');
    expect(head).not.toContain('noindex');
    expect(head).toContain('"BreadcrumbList"');
  });
});
