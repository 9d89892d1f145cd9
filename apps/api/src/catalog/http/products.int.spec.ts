import { CATEGORY_IDS } from '@facet/contracts';
import { CatalogSeeder } from '../seed/catalog-seeder';
import { DatabaseService } from '../../platform/database/database.service';
import { startTestApp, TestApp } from '../../testing/test-app';

describe('Catalogue over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(CatalogSeeder).seedIfEmpty();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('When browsing', () => {
    it('should list products with paging and a total', async () => {
      const res = await t.request('GET', '/api/products?limit=12&page=2');
      expect(res.status).toBe(200);
      expect(res.body.products).toHaveLength(12);
      expect(res.body).toMatchObject({ page: 2, limit: 12 });
      expect(res.body.total).toBeGreaterThanOrEqual(64);
      const p = res.body.products[0];
      expect(Object.keys(p).sort()).toEqual(
        [
          'category',
          'created_at',
          'description',
          'features',
          'id',
          'image',
          'images',
          'in_stock',
          'name',
          'original_price',
          'price',
          'rating',
          'reviews_count',
          'updated_at',
          'version',
        ].sort(),
      );
    });

    it('should filter by category and price range and sort by price', async () => {
      const res = await t.request('GET', '/api/products?category=women-rings&price_range=1000-2000&sort_by=price-low&limit=50');
      expect(res.status).toBe(200);
      const prices = res.body.products.map((p: any) => p.price);
      expect(prices.length).toBeGreaterThan(0);
      expect(res.body.products.every((p: any) => p.category === 'women-rings' && p.price >= 1000 && p.price <= 2000)).toBe(true);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    });

    it('should sort by rating, highest first, and by name', async () => {
      const byRating = (await t.request('GET', '/api/products?sort_by=rating&limit=100')).body.products.map((p: any) => p.rating);
      expect([...byRating].sort((a, b) => b - a)).toEqual(byRating);
      const byName = (await t.request('GET', '/api/products?sort_by=name&limit=100')).body.products.map((p: any) => p.name);
      expect(byName[0].localeCompare(byName[byName.length - 1])).toBeLessThan(0);
    });

    it('should search name, description, category and features case-insensitively', async () => {
      const res = await t.request('GET', '/api/products?search=SAPPHIRE&limit=100');
      expect(res.status).toBe(200);
      expect(res.body.total).toBeGreaterThan(0);
      for (const p of res.body.products) {
        expect(`${p.name} ${p.description} ${p.category} ${p.features.join(' ')}`.toLowerCase()).toContain('sapphire');
      }
      // Quotes and LIKE's wildcards are no SQL and no pattern: only the words of the text are searched ("1").
      const all = (await t.request('GET', '/api/products?limit=1')).body.total;
      const injected = await t.request('GET', `/api/products?search=${encodeURIComponent("%' OR 1=1 --")}&limit=100`);
      expect(injected.status).toBe(200);
      expect(injected.body.total).toBeLessThan(all);
      for (const text of ['%', '_', '\\', '%%', "'", '--']) {
        const none = await t.request('GET', `/api/products?search=${encodeURIComponent(text)}`);
        expect([text, none.status, none.body.total]).toEqual([text, 200, 0]);
      }
    });

    it('should find the pieces that hold every word of a search of several, in any order, the best matches first', async () => {
      const haystack = (p: any) => `${p.name} ${p.description} ${p.category} ${p.features.join(' ')}`.toLowerCase();
      const search = async (text: string) => {
        const res = await t.request('GET', `/api/products?search=${encodeURIComponent(text)}&limit=100`);
        expect(res.status).toBe(200);
        return res.body as { products: any[]; total: number };
      };
      const goldRing = await search('gold ring');
      expect(goldRing.total).toBeGreaterThan(0);
      expect(goldRing.products[0].name).toBe('Heritage Gold Signet Ring');
      for (const p of goldRing.products) expect(haystack(p)).toEqual(expect.stringMatching(/gold[\s\S]*ring|ring[\s\S]*gold/));
      expect((await search('Ring  GOLD')).products.map((p) => p.id).sort()).toEqual(goldRing.products.map((p) => p.id).sort());
      expect((await search('gold, ring!')).total).toBe(goldRing.total);

      const earrings = await search('diamond earrings');
      expect(earrings.total).toBeGreaterThan(0);
      expect(earrings.products.every((p) => p.category.endsWith('earrings') || /earring/.test(haystack(p)))).toBe(true);
      expect(earrings.products[0].name).toMatch(/Diamond .*Earrings/);
      expect((await search('diamond earring')).total).toBe(earrings.total);

      const band = await search('white gold band');
      expect(band.products[0].name).toBe('Atlas Brushed White Gold Band');
      // Words of the pieces' metal options are searched too, and a search of a word no piece holds finds none.
      expect((await search('gold qwertyuiop')).total).toBe(0);
    });

    it('should answer a category with its total, and 404 for an unknown one', async () => {
      for (const id of CATEGORY_IDS) {
        const res = await t.request('GET', `/api/products/category/${id}?limit=3`);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(8);
        expect(res.body.products).toHaveLength(3);
      }
      expect((await t.request('GET', '/api/products/category/tiaras')).body).toEqual({ detail: 'Resource not found' });
    });

    it('should give random products, 3 by default', async () => {
      expect((await t.request('GET', '/api/products/random')).body).toHaveLength(3);
      expect((await t.request('GET', '/api/products/random?limit=4')).body).toHaveLength(4);
    });

    it('should give one product, and 404 with the spec body for unknown ids', async () => {
      const list = await t.request('GET', '/api/products?limit=1');
      const one = await t.request('GET', `/api/products/${list.body.products[0].id}`);
      expect(one.status).toBe(200);
      expect(one.body.id).toBe(list.body.products[0].id);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
        const res = await t.request('GET', `/api/products/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: 'Resource not found' });
      }
    });

    it('should list the eight categories and find one', async () => {
      const all = await t.request('GET', '/api/categories');
      expect(all.body.map((c: any) => c.id)).toEqual([...CATEGORY_IDS]);
      expect((await t.request('GET', '/api/categories/men-rings')).body.name).toBe("Men's Rings");
      expect((await t.request('GET', '/api/categories/nope')).status).toBe(404);
    });
  });

  describe('When the input is bad', () => {
    it.each([
      ['/api/products?limit=abc', 'limit'],
      ['/api/products?limit=1000', 'limit'],
      ['/api/products?limit=-1', 'limit'],
      ['/api/products?page=0', 'page'],
      ['/api/products?sort_by=price', 'sort_by'],
      ['/api/products?price_range=cheap', 'price_range'],
      ['/api/products?category=tiaras', 'category'],
      ['/api/products?evil=1', 'evil'],
      ['/api/products?in_stock=yes', 'in_stock'],
      ['/api/products?in_stock=1', 'in_stock'],
      [`/api/products?search=${'a'.repeat(201)}`, 'search'],
      ['/api/products?search=ring%00', 'search'],
      ['/api/products?search=ring&search=gold', 'search'],
      ['/api/products/random?limit=1000', 'limit'],
    ])('GET %s should be a 400 naming %s', async (path, field) => {
      const res = await t.request('GET', path);
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(field);
      expect(res.body.errors[0].field).toBe(field);
    });
  });

  describe('When staff manage the catalogue', () => {
    const ring = { name: 'Test Halo Ring', description: 'A halo of pavé.', price: 1234.5, category: 'women-rings', features: ['18K gold'] };

    it('should refuse anyone without a staff session', async () => {
      expect((await t.request('POST', '/api/admin/products', { body: ring })).status).toBe(401);
      expect((await t.request('GET', '/api/admin/products')).status).toBe(401);
      expect((await t.request('DELETE', '/api/admin/clear-inventory')).status).toBe(401);
      expect((await t.request('POST', '/api/admin/products', { body: ring, token: 'forged-token' })).status).toBe(401);
    });

    it('should create with defaults, edit, detect a stale edit, and delete', async () => {
      const token = await t.staffToken();
      const created = await t.request('POST', '/api/admin/products', { body: ring, token });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Test Halo Ring',
        price: 1234.5,
        // Derived from approved reviews (issue 41): none yet.
        rating: 0,
        reviews_count: 0,
        in_stock: true,
        version: 0,
      });
      const id = created.body.id;
      // Read your own write: the public route shows it at once.
      expect((await t.request('GET', `/api/products/${id}`)).body.name).toBe('Test Halo Ring');

      const edited = await t.request('PUT', `/api/admin/products/${id}`, { body: { price: 999, original_price: 1299, version: 0 }, token });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ price: 999, original_price: 1299, version: 1 });

      const stale = await t.request('PUT', `/api/admin/products/${id}`, { body: { name: 'Lost update', version: 0 }, token });
      expect(stale.status).toBe(409);
      expect(stale.body.detail).toMatch(/changed by someone else/);
      const staleHeader = await t.request('PUT', `/api/admin/products/${id}`, {
        body: { name: 'Lost update' },
        token,
        headers: { 'if-match': '"0"' },
      });
      expect(staleHeader.status).toBe(409);
      expect((await t.request('GET', `/api/products/${id}`)).body.name).toBe('Test Halo Ring');

      expect((await t.request('DELETE', `/api/admin/products/${id}`, { token })).status).toBe(200);
      expect((await t.request('GET', `/api/products/${id}`)).status).toBe(404);
      expect((await t.request('DELETE', `/api/admin/products/${id}`, { token })).status).toBe(404);
      expect((await t.request('PUT', `/api/admin/products/${id}`, { body: { price: 5 }, token })).status).toBe(404);
    });

    it.each([
      [{ ...ring, price: -5 }, 'price'],
      [{ ...ring, price: 'cheap' }, 'price'],
      [{ ...ring, price: 10.123 }, 'price'],
      [{ ...ring, category: 'tiaras' }, 'category'],
      [{ ...ring, name: '' }, 'name'],
      [{ ...ring, image: 'javascript:alert(1)' }, 'image'],
      [{ ...ring, image: 'https://evil.example/x.png' }, 'image'],
      [{ ...ring, image: '/api/media/../admin/orders' }, 'image'],
      [{ ...ring, image: '/api/admin/orders' }, 'image'],
      [{ ...ring, image: '/images/products/./ring.svg' }, 'image'],
      [{ ...ring, image: '/images//evil.example/x.png' }, 'image'],
      [{ ...ring, images: ['/images/products/ring.svg', '/api/media/%2e%2e/admin'] }, 'images'],
      [{ ...ring, role: 'admin' }, 'role'],
      [{ ...ring, rating: 7 }, 'rating'],
      [{ ...ring, features: 'shiny' }, 'features'],
    ])('should refuse %o with a 400 naming the field', async (body, field) => {
      const res = await t.request('POST', '/api/admin/products', { body, token: await t.staffToken() });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    });

    it('should answer malformed JSON and non-JSON bodies with a 4xx, never a 500', async () => {
      const token = await t.staffToken();
      const bad = await t.request('POST', '/api/admin/products', { body: '{"name":', token });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toMatch(/JSON/);
      const text = await t.request('POST', '/api/admin/products', { body: 'name=x', token, headers: { 'content-type': 'text/plain' } });
      expect(text.status).toBe(415);
    });

    it('should upload an image whose bytes are an image, and refuse one that lies', async () => {
      const token = await t.staffToken();
      const png = Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5e00000000049454e44ae426082',
        'hex',
      );
      const ok = await t.request('POST', '/api/admin/uploads', {
        body: { data_url: `data:image/png;base64,${png.toString('base64')}` },
        token,
      });
      expect(ok.status).toBe(201);
      const served = await fetch(t.url + ok.body.url);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const lie = await t.request('POST', '/api/admin/uploads', {
        body: { data_url: `data:image/png;base64,${html.toString('base64')}` },
        token,
      });
      expect(lie.status).toBe(400);
      expect(lie.body.detail).toBe('Invalid file type: Please select a valid image file (JPG, PNG, GIF, etc.)');
    });

    it('should clear the inventory for an admin once, however many clear at the same moment', async () => {
      const token = await t.staffToken();
      const clears = async () =>
        (await t.app.get(DatabaseService).one<any>(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = 'InventoryCleared'`))
          .n as number;
      const before = await clears();
      const answers = await Promise.all(Array.from({ length: 5 }, () => t.request('DELETE', '/api/admin/clear-inventory', { token })));
      expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
      const deleted = answers.map((r) => r.body.deleted as number).sort((a, b) => b - a);
      expect(deleted[0]).toBeGreaterThanOrEqual(64);
      expect(deleted.slice(1)).toEqual([0, 0, 0, 0]);
      expect(await clears()).toBe(before + 1);
      expect((await t.request('GET', '/api/products')).body.total).toBe(0);
      // A product added afterwards is cleared by the next clear, once.
      expect((await t.request('POST', '/api/admin/products', { body: { ...ring, name: 'After The Clear' }, token })).status).toBe(201);
      const again = await Promise.all(Array.from({ length: 5 }, () => t.request('DELETE', '/api/admin/clear-inventory', { token })));
      expect(again.map((r) => r.body.deleted as number).sort()).toEqual([0, 0, 0, 0, 1]);
      expect(await clears()).toBe(before + 2);
    });
  });
});
