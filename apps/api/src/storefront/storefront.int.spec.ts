import { Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CATEGORIES, formatPrice } from '@facet/contracts';
import { existsSync } from 'fs';
import { request as httpRequest } from 'http';
import { brotliDecompressSync, gunzipSync } from 'zlib';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { jsonLdIn, validateJsonLd } from '../testing/schema-org';
import { ReviewSeeder } from '../reviews/seed/review-seeder';
import { startTestApp, TestApp } from '../testing/test-app';
import { STOREFRONT_SSR_BUNDLE } from './storefront-renderer';

if (!existsSync(STOREFRONT_SSR_BUNDLE)) {
  throw new Error(`The storefront's server build is missing (${STOREFRONT_SSR_BUNDLE}): run "bash scripts/ensure.sh build" first.`);
}

/** A raw GET: the bytes as sent (fetch would decode them), with the response headers. */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, any>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function page(t: TestApp, path: string) {
  const res = await fetch(t.url + path);
  return { status: res.status, headers: res.headers, html: await res.text() };
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of the first <h1>, tags stripped, entities decoded. */
function h1(html: string): string | null {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m ? decodeEntities(m[1].replace(/<[^>]+>/g, '')) : null;
}

/** Every <script> start tag: only external modules and JSON data blocks are allowed (CSP script-src 'self'). */
function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/g) ?? [];
}

/** The shop's public origin in this spec's configuration (canonical links, the sitemap). */
const SHOP = 'https://shop.facet.test';

describe('Server-rendered storefront', () => {
  let t: TestApp;
  let products: any[];
  beforeAll(async () => {
    // As behind a proxy: the local address first, the one shoppers and search engines know the shop by after it.
    t = await startTestApp({ PUBLIC_ORIGINS: `http://localhost:3000,${SHOP}` });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    // The seeded ratings as reviews (issue 41): the rating a product shows is that of its approved reviews.
    await t.app.get(ReviewSeeder).seedIfMissing();
    products = (await t.request('GET', '/api/products?limit=100')).body.products;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('A product page', () => {
    it("should hold the product's name in its h1, its price and its JSON-LD in the HTML, before any script runs", async () => {
      const p = products.find((x) => x.reviews_count > 0 && x.in_stock);
      const res = await page(t, `/product/${p.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(h1(res.html)).toBe(p.name);
      expect(res.html).toContain(`<span class="price">${formatPrice(p.price)}</span>`);

      const ld = jsonLdIn(res.html);
      const product = ld.find((d) => d['@type'] === 'Product') as any;
      expect(product).toBeDefined();
      expect(validateJsonLd(product)).toEqual([]);
      expect(product.name).toBe(p.name);
      expect(product.offers).toMatchObject({
        '@type': 'Offer',
        price: p.price.toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      });
      expect(product.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: p.reviews_count });
      // The reviews the page shows, as Review items (issue 41).
      expect(product.review).toHaveLength(Math.min(p.reviews_count, 10));
      expect(product.review[0]).toMatchObject({ '@type': 'Review', author: { '@type': 'Person' }, reviewRating: { '@type': 'Rating' } });
      expect(res.html).toContain('data-testid="product-reviews"');
      const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList') as any;
      expect(validateJsonLd(crumbs)).toEqual([]);
      expect(crumbs.itemListElement.map((i: any) => i.name)).toEqual(['Home', CATEGORIES.find((c) => c.id === p.category)!.name, p.name]);

      // Head: title, description, canonical, Open Graph and Twitter card with the product image, LCP preload.
      expect(res.html).toContain(`<link rel="canonical" href="${SHOP}/product/${p.id}">`);
      expect(res.html).toMatch(/<title>[^<]+ \| Facet Fine Jewelry<\/title>/);
      expect(res.html).toMatch(/<meta name="description" content="[^"]{20,}">/);
      expect(res.html).toContain('<meta property="og:type" content="product">');
      expect(res.html).toMatch(
        new RegExp(`<meta property="og:image" content="${SHOP}[^"]*${p.image.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">`),
      );
      expect(res.html).toContain('<meta name="twitter:card" content="summary_large_image">');
      // The picture preloaded and shown is the WebP the build made from the product's SVG, served as such.
      const webp = p.image.replace(/\.svg$/, '.webp');
      expect(res.html).toContain(`<link rel="preload" as="image" href="${webp}" fetchpriority="high">`);
      // The page chunk's styles are inlined, each file named by a disabled link (never fetched) so the app's
      // loader does not fetch it again after hydrating.
      const inlined = [...res.html.matchAll(/<link rel="stylesheet" href="(\/assets\/[\w-]+\.css)" disabled>/g)].map((m) => m[1]);
      expect(inlined.some((href) => href.includes('ProductPage'))).toBe(true);
      expect(res.html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
      expect(res.html).toContain(`src="${webp}"`);
      expect(res.html).not.toMatch(/<img[^>]+src="\/images\/products\/[^"]+\.svg"/);
      const picture = await fetch(t.url + webp);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect(picture.headers.get('cache-control')).toMatch(/max-age=86400/);
      expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect(preloadedFonts(res.html)).toContain('inter-latin-600-normal');
      // No inline executable script: the CSP (script-src 'self') would refuse it.
      for (const tag of scriptTags(res.html)) expect(tag).toMatch(/type="(module"[^>]* src=|application\/json"|application\/ld\+json")/);

      // The data the browser hydrates from is in the page: no second fetch of the product.
      const data = JSON.parse(/<script type="application\/json" id="facet-data">([\s\S]*?)<\/script>/.exec(res.html)![1]);
      expect(data.loaderData.product.product.id).toBe(p.id);
      expect(data.loaderData.product.related.length).toBe(3);
    });

    it('should mark a product out of stock, and leave out a rating no review stands behind', async () => {
      const token = await t.staffToken();
      const created = await t.request('POST', '/api/admin/products', {
        token,
        body: { name: 'Unrated Test Band', description: 'A plain band.', price: 450, category: 'men-rings', features: [], in_stock: false },
      });
      expect(created.status).toBe(201);
      const res = await page(t, `/product/${created.body.id}`);
      const product = jsonLdIn(res.html).find((d) => d['@type'] === 'Product') as any;
      expect(validateJsonLd(product)).toEqual([]);
      expect(product.offers.availability).toBe('https://schema.org/OutOfStock');
      expect(product.aggregateRating).toBeUndefined();
      expect(res.html).toContain('Out of Stock');
    });

    it('should show a new price at once after staff edit it (the catalogue cache is invalidated)', async () => {
      const token = await t.staffToken();
      const p = products[5];
      const before = await page(t, `/product/${p.id}`);
      expect(before.html).toContain(formatPrice(p.price));
      const edited = await t.request('PUT', `/api/admin/products/${p.id}`, { token, body: { price: 7777, version: p.version } });
      expect(edited.status).toBe(200);
      const after = await page(t, `/product/${p.id}`);
      expect(after.html).toContain(`<span class="price">${formatPrice(7777)}</span>`);
      expect((jsonLdIn(after.html).find((d) => d['@type'] === 'Product') as any).offers.price).toBe('7777.00');
    });

    it('should keep hostile product text inert in the markup, the JSON-LD and the hydration data', async () => {
      const token = await t.staffToken();
      const name = '</script><script>window.__xss=1</script><img src=x onerror=alert(1)> \u2028 & "quoted"';
      const created = await t.request('POST', '/api/admin/products', {
        token,
        body: { name, description: '<!-- </title> --> <b>bold</b>', price: 100, category: 'women-earrings', features: ['</style>'] },
      });
      expect(created.status).toBe(201);
      const res = await page(t, `/product/${created.body.id}`);
      expect(res.status).toBe(200);
      expect(res.html).not.toContain('<script>window.__xss');
      expect(res.html).not.toContain('<img src=x');
      expect(h1(res.html)).toBe(name);
      expect(jsonLdIn(res.html).find((d) => d['@type'] === 'Product')!.name).toBe(name);
      for (const tag of scriptTags(res.html)) expect(tag).toMatch(/type="(module"[^>]* src=|application\/json"|application\/ld\+json")/);
      expect((res.html.match(/<title>/g) ?? []).length).toBe(1);
    });

    it('should answer 404 for an unknown product, with the page that leads back home', async () => {
      const unknown = await page(t, '/product/00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.html).toContain('This piece is no longer available');
      expect(unknown.html).toContain('<meta name="robots" content="noindex, follow">');
      for (const path of ['/product/not-a-uuid', `/product/${'9'.repeat(5000)}`, '/product/%F0%9F%92%8D']) {
        expect({ path, status: (await page(t, path)).status }).toEqual({ path, status: 404 });
      }
      // Bytes that are not a URL (NUL, a lone surrogate) are refused by the HTTP layer before routing.
      for (const path of ['/product/%00', '/product/%ED%A0%80']) {
        expect({ path, status: (await page(t, path)).status }).toEqual({ path, status: 400 });
      }
    });
  });

  describe('Other pages', () => {
    it('should answer 404 for unknown URLs, with the not-found page', async () => {
      for (const path of ['/no-such-page', '/jewelry/tiaras', '/category/tiaras', '/about/more/deeper']) {
        const res = await page(t, path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      }
      expect((await page(t, '/no-such-page')).html).toContain('This page has slipped its setting');
      expect((await page(t, '/category/tiaras')).html).toContain('Category not found');
    });

    it('should answer a line terminator anywhere in a path with the plain 404 page, logging no error', async () => {
      const errors = jest.spyOn(Logger.prototype, 'error');
      try {
        const paths = ['/rings%0A', '/rings%0D', '/%0A', '/jewelry/%E2%80%A8rings', '/about%E2%80%A9', '/product/x%0Ay', '/a%0D%0Ab?q=1'];
        for (const path of paths) {
          const res = await page(t, path);
          // A product id with a newline is a product page's own "not found".
          const heading = path.startsWith('/product/') ? 'Product not found' : 'This page has slipped its setting';
          expect({ path, status: res.status, notFound: res.html.includes(heading) }).toEqual({ path, status: 404, notFound: true });
          expect(res.html).not.toMatch(/Hey developer|Unexpected Application Error/);
          expect(res.html).toContain('<meta name="robots" content="noindex');
        }
        expect(errors).not.toHaveBeenCalled();
      } finally {
        errors.mockRestore();
      }
    });

    it('should render home with the Organization, the featured pieces, the hero preloaded and the styles inline', async () => {
      const res = await page(t, '/');
      expect(res.status).toBe(200);
      const org = jsonLdIn(res.html).find((d) => d['@type'] === 'Organization');
      expect(validateJsonLd(org)).toEqual([]);
      expect(res.html).toContain('<link rel="preload" as="image" href="/images/hero/slide-1.webp" fetchpriority="high">');
      // Only the first slide's picture: the others would compete with it, the page's largest paint.
      expect(res.html).toContain('src="/images/hero/slide-1.webp"');
      expect(res.html).not.toContain('/images/hero/slide-2.webp');
      // The parser asks for the small boot script only; it asks for the app once the first screen is shown.
      expect(res.html).toMatch(
        /<script type="module" crossorigin src="\/assets\/boot-[\w-]+\.js" data-app="\/assets\/index-[\w-]+\.js"><\/script>/,
      );
      expect(res.html.match(/<script type="module"/g)).toHaveLength(1);
      expect(res.html).not.toMatch(/<link rel="modulepreload"[^>]*index-/);
      // Nor for the chunks the app imports (React, the router): the browser asks for them as it reads the app.
      expect(res.html).not.toMatch(/<link rel="modulepreload"[^>]*(react|router)-/);
      expect(res.html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
      expect(res.html).toMatch(/<link rel="preload" as="font" type="font\/woff2" href="\/assets\/[^"]+\.woff2" crossorigin>/);
      // The faces home's first screen shows are preloaded, and none it does not show.
      expect(preloadedFonts(res.html)).toEqual(['cormorant-garamond-latin-300-normal', 'inter-latin-400-normal', 'inter-latin-500-normal']);
      // Only those are declared in the page's style; the others are listed for boot.ts, which declares them
      // once the first screen is shown (so text further down does not fetch them beside the first picture).
      expect(declaredFonts(res.html)).toEqual(preloadedFonts(res.html));
      const listing = /<script type="application\/json" id="later-fonts">([^<]*)<\/script>/.exec(res.html)!;
      const later = JSON.parse(listing[1]);
      expect(later).toHaveLength(4);
      for (const face of later) {
        expect(face).toEqual({
          family: expect.stringMatching(/^(Inter|Cormorant Garamond)$/),
          style: expect.stringMatching(/^(normal|italic)$/),
          weight: expect.stringMatching(/^[1-9]00$/),
          src: expect.stringMatching(/^\/assets\/[a-z0-9-]+-(normal|italic)-[\w-]+\.woff2$/),
          unicodeRange: expect.stringMatching(/^U\+0020-007E,/),
        });
        expect(res.html.replace(listing[0], '')).not.toContain(face.src); // neither declared nor preloaded
        expect((await fetch(t.url + face.src)).status).toBe(200);
      }
      expect(res.html).not.toMatch(/<link rel="stylesheet"/);
      expect(res.html).toMatch(/<style>[^<]*font-display:\s*swap/);
      expect(res.html).toContain('data-testid="featured-product"');
      expect(h1(res.html)).toBeTruthy();
    });

    it("should answer a missing script or style of either app's assets with a 404, not a page under its name", async () => {
      for (const path of ['/assets/index-gone.js', '/admin/assets/index-gone.js', '/admin/assets/gone.css']) {
        const res = await fetch(t.url + path);
        expect(`${path} ${res.status} ${res.headers.get('content-type')}`).toMatch(new RegExp(`^${path} 404 application/json`));
        await res.text();
      }
      // The console's own routes still get its page.
      const page = await fetch(t.url + '/admin/products');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      await page.text();
    });

    it('should render home and answer folders with the 404 page for clients that ask for no compression', async () => {
      // A static folder (/, /images/) is a 403 inside @fastify/static; crawlers and curl send no Accept-Encoding.
      const home = await fetch(t.url + '/', { headers: { 'accept-encoding': 'identity' } });
      expect(home.status).toBe(200);
      expect(h1(await home.text())).toBeTruthy();
      for (const folder of ['/images/', '/assets/', '/images/hero/']) {
        const res = await fetch(t.url + folder, { headers: { 'accept-encoding': 'identity' } });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toContain('text/html');
        await res.text();
      }
    });

    it.each([
      ['/jewelry', 'Fine Jewelry'],
      ['/jewelry/rings', "WOMEN'S RINGS"],
      ['/jewelry/mens-bracelets', "MEN'S BRACELETS"],
      ['/category/women-necklaces', "Women's Necklaces"],
      ['/catalogue', 'Product Catalogue'],
      ['/catalog', 'Product Catalogue'],
      ['/search?q=diamond', 'Results for “diamond”'],
      ['/about', null],
      ['/contact', null],
      ['/privacy-policy', null],
      ['/terms-of-service', null],
    ])('should render %s on the server', async (path, heading) => {
      const res = await page(t, path);
      expect(res.status).toBe(200);
      if (heading) expect(h1(res.html)).toBe(heading);
      else expect(h1(res.html)).toBeTruthy();
      expect(res.html).toMatch(new RegExp(`<link rel="canonical" href="${SHOP}[^"]*">`));
      expect(res.html).toMatch(/<meta property="og:title" content="[^"]+">/);
      for (const ld of jsonLdIn(res.html)) expect(validateJsonLd(ld)).toEqual([]);
    });

    it("should list a collection's pieces in the HTML", async () => {
      const res = await page(t, '/jewelry/necklaces');
      const names = products.filter((p) => p.category === 'women-necklaces').map((p) => p.name);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(decodeEntities(res.html)).toContain(name);
    });

    it('should send cart, checkout and account screens as a shell kept out of search engines', async () => {
      for (const path of ['/cart', '/checkout', '/profile', '/orders', '/login', '/payment']) {
        const res = await page(t, path);
        expect(res.status).toBe(200);
        expect(res.html).toContain('class="page-loading"');
        expect(res.html).toContain('<meta name="robots" content="noindex, follow">');
        expect(res.html).toContain('class="site-header"');
      }
    });

    it('should render hostile queries without an error: NUL bytes, lone surrogates, huge strings, a burst', async () => {
      const paths = [
        '/search?q=%00',
        '/search?q=ring%00%00',
        '/search?q=%ED%A0%80',
        '/search?q=%F0%9F%92%8D',
        `/search?q=${'x'.repeat(5000)}`,
        '/catalogue?search=%00',
        `/catalogue?search=${encodeURIComponent("%' OR 1=1 --")}`,
        '/catalogue?search=%ED%B0%80abc',
        '/jewelry/rings?page=-1&limit=1e308',
        '/product?id=%00',
      ];
      for (const path of paths) {
        const res = await page(t, path);
        expect({ path, status: res.status }).toEqual({ path, status: path.startsWith('/product?') ? 404 : 200 });
      }
      const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => page(t, `/product/${products[i % products.length].id}`)));
      expect(burst.map((r) => r.status)).toEqual(burst.map(() => 200));
      burst.forEach((r, i) => expect(h1(r.html)).toBe(products[i % products.length].name));
    });

    it('should search for the text around control characters in the URL, and send no NUL byte in the HTML', async () => {
      const count = (html: string) => /(\d+) (?:items|products) found/.exec(html)?.[1] ?? null;
      const search = await page(t, '/search?q=ring');
      const catalogue = await page(t, '/catalogue?search=ring');
      expect(Number(count(search.html))).toBeGreaterThan(0);
      // Before, "ring%00" found nothing (the API refuses a NUL) and the NUL went into the title, h1 and input raw.
      for (const path of ['/search?q=ring%00', '/search?q=%01ring%00%00', '/search?q=%7Fring%1F']) {
        const res = await page(t, path);
        expect({ path, nul: res.html.includes('\u0000'), h1: h1(res.html), found: count(res.html) }).toEqual({
          path,
          nul: false,
          h1: 'Results for “ring”',
          found: count(search.html),
        });
        expect(res.html).toContain('<title>Search: ring | Facet');
      }
      for (const path of ['/catalogue?search=ring%00', '/catalogue?search=%00ring%0A']) {
        const res = await page(t, path);
        expect({ path, nul: res.html.includes('\u0000'), found: count(res.html) }).toEqual({
          path,
          nul: false,
          found: count(catalogue.html),
        });
      }
    });

    it('should render a product page in process well under 15 ms at the median', async () => {
      const renderer = t.app.get(require('./storefront-renderer').StorefrontRenderer);
      const path = `/product/${products[0].id}`;
      for (let i = 0; i < 20; i++) await renderer.page(path); // warm up
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const start = process.hrtime.bigint();
        const result = await renderer.page(path);
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
        expect(result.status).toBe(200);
      }
      times.sort((a, b) => a - b);
      const p50 = times[99];
      const p90 = times[179];
      console.log(`server render of a product page, 200 renders: p50 ${p50.toFixed(2)} ms, p90 ${p90.toFixed(2)} ms`);
      // The target is 15 ms (5 ms measured on a quiet core); this shared, loaded test machine gets a wide margin.
      expect(p50).toBeLessThan(100);
    });
  });

  describe('The custom-design page', () => {
    it('should be server-rendered with its own title, description and canonical link, open to search engines', async () => {
      const res = await page(t, '/custom-design');
      expect(res.status).toBe(200);
      expect(res.html).toContain('<title>Custom Jewelry Design | Facet Fine Jewelry</title>');
      expect(res.html).toMatch(/<meta name="description" content="Design your own [^"]{60,}">/);
      // One description: the template's generic one gives way to the page's.
      expect(res.html.match(/<meta\s+name="description"/g)).toHaveLength(1);
      expect(res.html).toContain(`<link rel="canonical" href="${SHOP}/custom-design">`);
      expect(res.html).not.toMatch(/<meta name="robots"[^>]*noindex/);
      // The wizard's first step is in the HTML, not a loading shell.
      expect(h1(res.html)).toBe('Design Your Own');
      expect(res.html).toContain('What would you like us to create?');
      const robots = await page(t, '/robots.txt');
      expect(robots.html).not.toMatch(/^Disallow: \/custom-design/m);
    });
  });

  it("should send each page's own description and no other (the template's generic one used to come first)", async () => {
    for (const path of ['/', '/about', '/jewelry/rings', '/catalogue', `/product/${products[0].id}`, '/no-such-page']) {
      const res = await page(t, path);
      const descriptions = [...res.html.matchAll(/<meta\s+name="description"\s+content="([^"]*)"/g)].map((m) => m[1]);
      expect({ path, descriptions: descriptions.length }).toEqual({ path, descriptions: 1 });
    }
    expect((await page(t, '/about')).html).toMatch(/<meta name="description" content="The Facet story/);
  });

  describe('robots.txt and sitemap.xml', () => {
    it('should serve robots.txt as text pointing at the sitemap and keeping private screens out', async () => {
      const res = await page(t, '/robots.txt');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.html).toMatch(/^User-agent: \*$/m);
      expect(res.html).toMatch(/^Sitemap: https:\/\/shop\.facet\.test\/sitemap\.xml$/m);
      for (const path of ['/admin', '/api', '/cart', '/checkout', '/profile', '/orders', '/login', '/payment']) {
        expect(res.html).toContain(`Disallow: ${path}\n`);
      }
      expect(res.html).not.toMatch(/^Disallow: \/$/m);
    });

    it('should list every category and product in the sitemap, lastmod from their latest event', async () => {
      const token = await t.staffToken();
      const p = products[7];
      const current = (await t.request('GET', `/api/products/${p.id}`)).body;
      await t.request('PUT', `/api/admin/products/${p.id}`, { token, body: { name: current.name + ' II', version: current.version } });
      const edited = (await t.request('GET', `/api/products/${p.id}`)).body;

      const res = await page(t, '/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(res.html).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      const locs = [...res.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).origin);
      expect(new Set(locs)).toEqual(new Set([SHOP])); // never http://localhost:3000
      const entries = new Map(
        [...res.html.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => [
          new URL(m[1]).pathname,
          m[2],
        ]),
      );
      const all = (await t.request('GET', '/api/products?limit=100')).body.products;
      for (const x of all) expect(entries.has(`/product/${x.id}`)).toBe(true);
      for (const c of CATEGORIES) expect(entries.get(c.href)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(entries.get(`/product/${p.id}`)).toBe(new Date(edited.updated_at).toISOString());
      const category = CATEGORIES.find((c) => c.id === p.category)!;
      expect(entries.get(category.href)).toBe(new Date(edited.updated_at).toISOString());
      expect(entries.has('/')).toBe(true);
      expect(entries.get('/custom-design')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect([...entries.keys()].some((k) => k.startsWith('/cart') || k.startsWith('/admin'))).toBe(false);
    });
  });

  describe('HTTP caching of catalogue reads', () => {
    it('should tag catalogue reads with a strong ETag from the projection position and answer 304 to it', async () => {
      const first = await rawGet(t.url, '/api/products?limit=24');
      expect(first.status).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"c\d+-\d+(-\d+-\d+)?"$/); // the products projection's position, then the inventory's
      expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');

      const again = await rawGet(t.url, '/api/products?limit=24', { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect((await rawGet(t.url, '/api/products?limit=24', { 'if-none-match': `"x", W/${etag}` })).status).toBe(304);
      expect((await rawGet(t.url, '/api/products?limit=24', { 'if-none-match': '"c0-0"' })).status).toBe(200);
      expect((await rawGet(t.url, `/api/products/${products[0].id}`, { 'if-none-match': etag })).status).toBe(304);
      expect((await rawGet(t.url, '/api/categories', { 'if-none-match': etag })).status).toBe(304);

      // The catalogue changes: the tag moves, the old one gets the new body.
      const token = await t.staffToken();
      const p = (await t.request('GET', `/api/products/${products[9].id}`)).body;
      await t.request('PUT', `/api/admin/products/${p.id}`, { token, body: { price: 4321, version: p.version } });
      const after = await rawGet(t.url, '/api/products?limit=24', { 'if-none-match': etag });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      const one = await rawGet(t.url, `/api/products/${p.id}`, { 'if-none-match': etag });
      expect(JSON.parse(one.body.toString()).price).toBe(4321);
    });

    it('should answer 304 only where the read answers 200: a bad query stays 400, a missing product 404, and * needs one that exists', async () => {
      const etag = (await rawGet(t.url, '/api/products?limit=24')).headers.etag as string;
      expect((await rawGet(t.url, '/api/products?page=0')).status).toBe(400);
      expect((await rawGet(t.url, '/api/products?page=0', { 'if-none-match': etag })).status).toBe(400);
      expect((await rawGet(t.url, '/api/products/category/nope', { 'if-none-match': etag })).status).toBe(404);
      const missing = '/api/products/00000000-0000-4000-8000-000000000000';
      expect((await rawGet(t.url, missing, { 'if-none-match': etag })).status).toBe(404);
      expect((await rawGet(t.url, missing, { 'if-none-match': '*' })).status).toBe(404);
      // A product that exists: * and its tag still revalidate, also once its body is kept.
      for (let i = 0; i < 2; i++) {
        expect((await rawGet(t.url, `/api/products/${products[1].id}`, { 'if-none-match': '*' })).status).toBe(304);
        const same = await rawGet(t.url, `/api/products/${products[1].id}`, { 'if-none-match': etag });
        expect(same.status).toBe(304);
        expect(same.body.length).toBe(0);
        expect(same.headers.etag).toBe(etag);
      }
      // Repeated, the bad URLs still do not become 304.
      expect((await rawGet(t.url, '/api/products?page=0', { 'if-none-match': etag })).status).toBe(400);
      expect((await rawGet(t.url, missing, { 'if-none-match': '*' })).status).toBe(404);
    });

    it('should answer a repeated read with the same bytes and headers without running the route, until the catalogue moves', async () => {
      const url = `/api/products?limit=7&sort_by=price-low&search=${encodeURIComponent('ring')}`;
      const first = await rawGet(t.url, url);
      const list = jest.spyOn(t.app.get(QueryBus), 'execute');
      const second = await rawGet(t.url, url);
      const third = await rawGet(t.url, url, { 'accept-encoding': 'br' });
      // Kept: the route (its validation and query) did not run, and the bytes and headers are the same.
      expect(list).not.toHaveBeenCalled();
      expect(second.status).toBe(200);
      expect(second.body.equals(first.body)).toBe(true);
      const comparable = (h: Record<string, any>) => {
        const { date: _date, 'x-correlation-id': _corr, ...rest } = h;
        return rest;
      };
      expect(comparable(second.headers)).toEqual(comparable(first.headers));
      // Still compressed for a client that asks, with its own tag.
      expect(third.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(third.body).equals(first.body)).toBe(true);
      expect(third.headers.etag).toMatch(/-br"$/);
      // A different query is its own answer; an invalid one is never kept.
      expect(JSON.parse((await rawGet(t.url, url.replace('limit=7', 'limit=3'))).body.toString()).products).toHaveLength(3);
      expect((await rawGet(t.url, '/api/products?limit=-1')).status).toBe(400);
      expect((await rawGet(t.url, '/api/products?limit=-1')).status).toBe(400);
      list.mockRestore();

      // The catalogue changes: the next read runs the route again and shows the change.
      const token = await t.staffToken();
      const cheapest = JSON.parse(first.body.toString()).products[0];
      const p = (await t.request('GET', `/api/products/${cheapest.id}`)).body;
      await t.request('PUT', `/api/admin/products/${p.id}`, { token, body: { name: `${p.name} Renamed`, version: p.version } });
      const after = await rawGet(t.url, url);
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(JSON.parse(after.body.toString()).products[0].name).toBe(`${p.name} Renamed`);
    });

    it('should not cache the random pick, errors, or personal answers publicly', async () => {
      const random = await rawGet(t.url, '/api/products/random?limit=3');
      expect(random.headers.etag).toBeUndefined();
      expect(random.headers['cache-control']).toBe('no-cache');
      const missing = await rawGet(t.url, '/api/products/00000000-0000-4000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.headers.etag).toBeUndefined();
      const bad = await rawGet(t.url, '/api/products?limit=0');
      expect(bad.status).toBe(400);
      expect(bad.headers.etag).toBeUndefined();
      const staff = await rawGet(t.url, '/api/admin/products', { authorization: `Bearer ${await t.staffToken()}` });
      expect(staff.status).toBe(200);
      expect(String(staff.headers['cache-control'] ?? '')).not.toContain('public');
      expect(staff.headers.etag).toBeUndefined();
    });
  });

  describe('Compression', () => {
    it('should compress JSON over 1 KB with brotli or gzip, as the client accepts', async () => {
      const plain = await rawGet(t.url, '/api/products?limit=24');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);

      const br = await rawGet(t.url, '/api/products?limit=24', { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      expect(br.headers.etag).toMatch(/-br"$/);

      const gz = await rawGet(t.url, '/api/products?limit=24', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      console.log(`/api/products?limit=24: ${plain.body.length} B plain, ${gz.body.length} B gzip, ${br.body.length} B brotli`);

      // A compressed copy's tag still revalidates.
      expect((await rawGet(t.url, '/api/products?limit=24', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag })).status).toBe(
        304,
      );
    });

    it('should leave small answers alone and compress server-rendered pages', async () => {
      const small = await rawGet(t.url, '/api/categories/women-rings', { 'accept-encoding': 'br, gzip' });
      expect(small.body.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      const html = await rawGet(t.url, `/product/${products[0].id}`, { 'accept-encoding': 'br' });
      expect(html.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(html.body).toString()).toContain(products[0].name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    });

    it('should choose the encoding as browsers and odd clients ask for it, and say the answer varies with it', async () => {
      const url = '/api/products?limit=24';
      const plain = await rawGet(t.url, url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      // Caches must keep the encodings apart even for a client that got the plain text.
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const cases: [string, string | undefined][] = [
        ['gzip, deflate, br, zstd', 'br'], // Chrome
        ['br;q=0, gzip', 'gzip'],
        ['br;q=0.5, gzip;q=0.9', 'gzip'],
        ['GZIP', 'gzip'],
        ['x-gzip', 'gzip'],
        ['*', 'gzip'],
        ['deflate, zstd', undefined],
        ['br;q=abc, gzip;q=0', undefined], // a weight that is no number counts as 0
        [`${'a;q=1, '.repeat(1500)}br`, 'br'], // 10 KB of header
        ['', undefined],
      ];
      for (const [header, expected] of cases) {
        const res = await rawGet(t.url, url, { 'accept-encoding': header });
        expect({ header: header.slice(0, 40), status: res.status, encoding: res.headers['content-encoding'] }).toEqual({
          header: header.slice(0, 40),
          status: 200,
          encoding: expected,
        });
        const text = expected === 'br' ? brotliDecompressSync(res.body) : expected === 'gzip' ? gunzipSync(res.body) : res.body;
        expect(text.equals(plain.body)).toBe(true);
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
      }
      // HEAD: the headers of the compressed answer, no body.
      const head = await new Promise<{ status?: number; encoding?: string; length: number }>((resolve, reject) => {
        const req = httpRequest(t.url + url, { method: 'HEAD', headers: { 'accept-encoding': 'br' } }, (res) => {
          let length = 0;
          res.on('data', (c) => (length += c.length));
          res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], length }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(head).toEqual({ status: 200, encoding: 'br', length: 0 });
    });

    it('should send a kept compressed copy again only for the same text: a catalogue change is compressed anew', async () => {
      const url = `/api/products?limit=20&sort_by=name`;
      const first = await rawGet(t.url, url, { 'accept-encoding': 'br' });
      const again = await rawGet(t.url, url, { 'accept-encoding': 'br' });
      expect(again.body.equals(first.body)).toBe(true);
      expect(again.headers.etag).toBe(first.headers.etag);
      const token = await t.staffToken();
      const listed = JSON.parse(brotliDecompressSync(first.body).toString()).products[0];
      const p = (await t.request('GET', `/api/products/${listed.id}`)).body;
      expect(
        (await t.request('PUT', `/api/admin/products/${p.id}`, { token, body: { price: p.price + 1, version: p.version } })).status,
      ).toBe(200);
      const after = await rawGet(t.url, url, { 'accept-encoding': 'br' });
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(JSON.parse(brotliDecompressSync(after.body).toString()).products[0].price).toBe(p.price + 1);
      // The plain answer agrees with the compressed one.
      const plain = await rawGet(t.url, url);
      expect(brotliDecompressSync(after.body).equals(plain.body)).toBe(true);
      // A page: compressed for the client that asks, the same text as sent plain.
      const pagePlain = await rawGet(t.url, `/product/${p.id}`, { 'accept-encoding': 'identity' });
      const pageGzip = await rawGet(t.url, `/product/${p.id}`, { 'accept-encoding': 'gzip' });
      expect(pageGzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(pageGzip.body).equals(pagePlain.body)).toBe(true);
    });
  });
});

// The shell's NODE_ENV (development is the documented default) changes neither the build (see
// storefront-build.int.spec.ts) nor what the shop serves from it.
describe.each(['development', 'production'])('A shop started with NODE_ENV=%s', (nodeEnv) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: nodeEnv, PRIVACY_SECRET: 'a-privacy-secret-of-this-test-only-0123456789' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
  });
  afterAll(async () => {
    await t.close();
  });

  it("should server-render a product's h1 and answer 404 for an unknown page in the raw HTML, and report healthy rendering", async () => {
    const product = (await t.request('GET', '/api/products?limit=1')).body.products[0];
    const productPage = await rawGet(t.url, `/product/${product.id}`);
    expect(productPage.status).toBe(200);
    expect(h1(productPage.body.toString('utf8'))).toBe(product.name);
    const unknown = await rawGet(t.url, '/no-such-page');
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString('utf8')).toContain('This page has slipped its setting');
    const health = await t.request('GET', '/api/health');
    expect(health.body.reasons.filter((r: string) => r.startsWith('storefront'))).toEqual([]);
  });
});

describe('Without server rendering (no SSR build, or FACET_SSR=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ FACET_SSR: 'false' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
  });
  afterAll(async () => {
    await t.close();
  });

  it('should serve the browser-only shell for every page, as before, and keep robots.txt and the sitemap', async () => {
    const product = (await t.request('GET', '/api/products?limit=1')).body.products[0];
    for (const path of ['/', `/product/${product.id}`, '/jewelry/rings', '/no-such-page']) {
      const res = await page(t, path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.html).toContain('<div id="root"></div>');
      expect(res.html).not.toContain('facet-data');
    }
    expect((await page(t, '/robots.txt')).status).toBe(200);
    expect((await page(t, '/sitemap.xml')).html).toContain(`/product/${product.id}</loc>`);
  });
});

describe('The schema.org validator used above', () => {
  it('should refuse the mistakes search engines refuse', () => {
    const good = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Ring',
      image: ['https://shop.test/a.svg'],
      offers: { '@type': 'Offer', price: '10.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 3 },
    };
    expect(validateJsonLd(good)).toEqual([]);
    const broken = (patch: Record<string, unknown>) => validateJsonLd({ ...good, ...patch });
    expect(broken({ offers: undefined }).join()).toContain('requires offers');
    expect(broken({ offers: { ...good.offers, price: '$1,234' } }).join()).toContain('price');
    expect(broken({ offers: { ...good.offers, priceCurrency: 'dollars' } }).join()).toContain('ISO 4217');
    expect(broken({ offers: { ...good.offers, availability: 'in stock' } }).join()).toContain('availability');
    expect(broken({ aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 0 } }).join()).toContain('reviewCount');
    expect(broken({ aggregateRating: { '@type': 'AggregateRating', ratingValue: 7, reviewCount: 2 } }).join()).toContain('outside');
    expect(broken({ image: ['/relative.svg'] }).join()).toContain('absolute URL');
    expect(broken({ colour: 'gold' }).join()).toContain('colour');
    expect(broken({ '@context': 'http://schema.org' }).join()).toContain('@context');
    expect(
      validateJsonLd({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 2, name: 'Home', item: 'https://shop.test/' },
          { '@type': 'ListItem', position: 1, name: 'Rings', item: 'https://shop.test/rings' },
        ],
      }).join(),
    ).toContain('position must be 1');
  });
});

/** The font faces a page's inline style declares (@font-face), by name. */
function declaredFonts(html: string): string[] {
  return [...html.matchAll(/@font-face\{[^}]*url\(\/assets\/([a-z0-9-]+-(?:normal|italic))-[^)]+\)/g)].map((m) => m[1]);
}

/** The font faces a page preloads, by name (the built files are <face>-<hash>.woff2). */
function preloadedFonts(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" href="\/assets\/([a-z0-9-]+-(?:normal|italic))-[^"]+"/g)].map(
    (m) => m[1],
  );
}
