import { ProductDetail, RING_SIZER_VALUE, US_RING_SIZES } from '@facet/contracts';
import { randomUUID } from 'crypto';
import { QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { RunnersService } from '../../platform/projections/runners.service';
import { startTestApp, TestApp } from '../../testing/test-app';
import { defaultSku, productStream } from '../domain/product';
import { ProductsByIdsQuery } from '../queries/products-by-ids.query';
import { CatalogSeeder } from '../seed/catalog-seeder';

const RING = { name: 'Test Variant Ring', description: 'Made for the test.', price: 1000, category: 'women-rings' };
const sizeOptions = [{ name: 'size', values: ['6', '6.5', '7', RING_SIZER_VALUE] }];
const ringVariants = [
  { options: { size: '6' }, stock: 3 },
  { options: { size: '6.5' }, stock: null, lead_time_days: 12, price: 1100 },
  { options: { size: '7' }, stock: 1, sku: 'tvr-7' },
  { options: { size: RING_SIZER_VALUE }, stock: null, lead_time_days: 15 },
];

describe('Options, variants, engraving and gallery over HTTP', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.conformance(); // from here on every answer is checked against /api/docs-json
    await t.app.get(CatalogSeeder).seedIfEmpty();
    token = await t.staffToken();
  });
  afterAll(async () => t.close());

  const create = (body: object) => t.request('POST', '/api/admin/products', { body, token });
  const get = async (id: string): Promise<ProductDetail> => (await t.request('GET', `/api/products/${id}`)).body;

  it('should offer every seeded ring in US 3 to 9 in halves and the free ring sizer (the default), with engraving', async () => {
    const rings = [
      ...(await t.request('GET', '/api/products/category/women-rings')).body.products,
      ...(await t.request('GET', '/api/products/category/men-rings')).body.products,
    ];
    expect(rings.length).toBe(16);
    for (const { id } of rings) {
      const p = await get(id);
      const size = p.options.find((o) => o.name === 'size')!;
      expect(size.values).toEqual(expect.arrayContaining([...US_RING_SIZES.filter((s) => Number(s) <= 9), RING_SIZER_VALUE]));
      const fallback = p.variants.find((v) => v.is_default)!;
      expect(fallback.options.size).toBe(RING_SIZER_VALUE);
      expect(fallback.available).toBeNull();
      expect(fallback.lead_time_days).toBeGreaterThanOrEqual(10);
      expect(fallback.lead_time_days).toBeLessThanOrEqual(20);
      expect(p.engraving?.max_length).toBeGreaterThanOrEqual(12);
      expect(p.gallery.length).toBeGreaterThan(0);
      // A ring in several metals describes each picture by its metal.
      for (const g of p.gallery) expect(g.alt).toMatch(new RegExp(`^${p.name}( in .+ gold, view [1-3] of 3)?$`));
    }
  });

  it('should seed necklace lengths, several metals at their own prices, stocked sizes and one-of-a-kind pieces of 1', async () => {
    const all: ProductDetail[] = [];
    for (const { id } of (await t.request('GET', '/api/products?limit=100')).body.products) all.push(await get(id));
    const necklaces = all.filter((p) => p.category.endsWith('necklaces') && p.variants.length > 1);
    expect(necklaces.length).toBeGreaterThanOrEqual(14);
    expect(all.find((p) => p.category === 'women-necklaces' && p.variants.length > 1)!.options[0]).toEqual({
      name: 'length',
      values: ['16 in', '18 in', '20 in'],
    });
    const metals = all.filter((p) => p.options.some((o) => o.name === 'metal'));
    expect(metals.length).toBeGreaterThanOrEqual(5);
    // What differs by variant is the variant's: the stacking ring in rose gold says so, in its own picture.
    const petite = metals.find((p) => p.name === 'Petite Diamond Stacking Ring')!;
    const rose = petite.variants.find((v) => v.options.metal === '14K Rose Gold')!;
    expect(rose.description).toMatch(/^A whisper-fine band of 14K rose gold /);
    expect(rose.features?.[0]).toBe('14K rose gold');
    expect(rose.image).toBe('/images/products/petite-diamond-stacking-ring-14k-rose-gold-1.svg');
    expect(petite.gallery.filter((g) => g.variant_ids?.includes(rose.id)).map((g) => g.src)[0]).toBe(rose.image);
    const solana = metals.find((p) => p.name === 'Solana Paperclip Gold Necklace')!;
    expect(solana.variants.find((v) => v.options.length === '16 in' && v.options.metal === '14K Yellow Gold')!.features).toContain(
      '16 in length',
    );
    expect(metals.some((p) => new Set(p.variants.map((v) => v.price)).size > 1)).toBe(true);
    const unique = all.filter((p) => p.variants.length === 1 && p.variants[0].available !== null);
    // Three estate pieces of one, and two stocked pieces without options (5 and 3 units).
    expect(unique.map((p) => p.variants[0].available).sort()).toEqual([1, 1, 1, 3, 5]);
    const stockedSizes = all.flatMap((p) => p.variants.filter((v) => v.available !== null && v.options.size));
    expect(stockedSizes.length).toBeGreaterThanOrEqual(5);
    for (const v of stockedSizes) expect(v.available).toBeGreaterThanOrEqual(2);
  });

  it('should create a product with options, variants, stock, engraving and a gallery, and show them on its page', async () => {
    const res = await create({
      ...RING,
      options: sizeOptions,
      variants: ringVariants,
      engraving: { max_length: 20 },
      gallery: [
        { src: '/images/products/celeste-oval-diamond-solitaire-1.svg', alt: 'Seen from above' },
        { src: '/images/products/celeste-oval-diamond-solitaire-2.svg' },
      ],
    });
    expect(res.status).toBe(201);
    const p: ProductDetail = res.body;
    expect(p.variants).toHaveLength(4);
    const bySize = new Map(p.variants.map((v) => [v.options.size, v]));
    expect(bySize.get('6')).toMatchObject({ price: 1000, available: 3, lead_time_days: null, is_default: false });
    expect(bySize.get('6.5')).toMatchObject({ price: 1100, available: null, lead_time_days: 12 });
    expect(bySize.get('7')).toMatchObject({ sku: 'TVR-7', available: 1 });
    // None marked default: the ring-sizer variant is.
    expect(bySize.get(RING_SIZER_VALUE)!.is_default).toBe(true);
    expect(p.engraving).toEqual({ max_length: 20 });
    expect(p.gallery).toEqual([
      { src: '/images/products/celeste-oval-diamond-solitaire-1.svg', alt: 'Seen from above', variant_ids: [] },
      { src: '/images/products/celeste-oval-diamond-solitaire-2.svg', alt: RING.name, variant_ids: [] },
    ]);
    expect(p.images).toEqual(p.gallery.map((g) => g.src));
    expect(p.image).toBe(p.gallery[0].src);
    expect(await get(p.id)).toEqual(p);

    // A page with counts is not kept by the catalogue's HTTP cache: the stock moves without the catalogue moving.
    const page = await t.request('GET', `/api/products/${p.id}`);
    expect(page.headers.get('etag')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-cache');
    // Lists keep their shape: no variants there.
    const listed = (await t.request('GET', `/api/products?search=${encodeURIComponent(RING.name)}`)).body.products[0];
    expect(listed).not.toHaveProperty('variants');
    expect(listed).not.toHaveProperty('gallery');
  });

  it('should keep the ids of variants whose options match on edit, and stock only variants new or newly stocked', async () => {
    const p: ProductDetail = (await create({ ...RING, name: 'Test Edited Ring', options: sizeOptions, variants: ringVariants })).body;
    const ids = new Map(p.variants.map((v) => [v.options.size, v.id]));
    const res = await t.request('PUT', `/api/admin/products/${p.id}`, {
      body: {
        options: [{ name: 'size', values: ['6', '6.5', '8', RING_SIZER_VALUE] }],
        variants: [
          { options: { size: '6' }, stock: 99 }, // stocked already: its stock is changed in the inventory, not here
          { options: { size: '6.5' }, stock: 2 }, // was made to order
          { options: { size: '8' }, stock: 4 }, // new
          { options: { size: RING_SIZER_VALUE }, stock: null, is_default: true },
        ],
        version: p.version,
      },
      token,
    });
    expect(res.status).toBe(200);
    const after = new Map((res.body as ProductDetail).variants.map((v) => [v.options.size, v]));
    expect(after.get('6')).toMatchObject({ id: ids.get('6'), available: 3 });
    expect(after.get('6.5')).toMatchObject({ id: ids.get('6.5'), available: 2, lead_time_days: null });
    expect(after.get(RING_SIZER_VALUE)!.id).toBe(ids.get(RING_SIZER_VALUE));
    expect([...ids.values()]).not.toContain(after.get('8')!.id);
    expect(after.get('8')!.available).toBe(4);
    expect(after.has('7')).toBe(false);

    // An edit of other fields leaves the variants as they are.
    const renamed = await t.request('PUT', `/api/admin/products/${p.id}`, { body: { name: 'Test Renamed Ring' }, token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.variants).toEqual(res.body.variants);
  });

  it('should give a product sent as the spec shapes it one default made-to-order variant, and sell it through ProductsByIdsQuery', async () => {
    const res = await create({ name: 'Test Plain Pendant', price: 250, category: 'women-necklaces' });
    expect(res.status).toBe(201);
    const p: ProductDetail = res.body;
    expect(p.options).toEqual([]);
    expect(p.variants).toEqual([
      {
        id: p.id,
        sku: defaultSku(p.id),
        options: {},
        price: 250,
        available: null,
        lead_time_days: null,
        is_default: true,
        image: null,
        description: null,
        features: null,
      },
    ]);
    expect(p.engraving).toBeNull();
    const page = await t.request('GET', `/api/products/${p.id}`);
    expect(page.headers.get('etag')).toMatch(/^"c/);

    const ring: ProductDetail = (
      await create({ ...RING, name: 'Test Sold Ring', options: sizeOptions, variants: ringVariants, engraving: { max_length: 16 } })
    ).body;
    const sold = await t.app.get(QueryBus).execute(new ProductsByIdsQuery([p.id, ring.id]));
    const byId = new Map(sold.map((s) => [s.id, s]));
    expect(byId.get(p.id)).toMatchObject({
      options: [],
      engraving: null,
      variants: [{ variant_id: p.id, price_cents: 25_000, is_default: true, stock_mode: 'made_to_order' }],
    });
    expect(byId.get(ring.id)!.engraving).toEqual({ max_length: 16 });
    expect(byId.get(ring.id)!.variants.find((v) => v.options.size === '6.5')).toMatchObject({
      price_cents: 110_000,
      stock_mode: 'made_to_order',
      lead_time_days: 12,
    });
    expect(byId.get(ring.id)!.variants.find((v) => v.options.size === '6')).toMatchObject({ price_cents: 100_000, stock_mode: 'stocked' });
  });

  describe('hostile bodies are 400s naming the field, never 500s', () => {
    const one = (variant: object, options: object[] = sizeOptions) => ({
      ...RING,
      options,
      variants: [{ options: { size: '6' }, stock: null, is_default: true, ...variant }],
    });
    const cases: [string, object, RegExp][] = [
      ['a NUL in an option value', { ...RING, options: [{ name: 'size', values: ['6\u0000'] }] }, /NUL/],
      ['a lone surrogate in a variant option', one({ options: { size: '\ud800' } }), /invalid character/],
      ['a lone surrogate in an option name key', one({ options: { '\udc00': '6' } }), /invalid character/],
      ['a 10,000-character value', { ...RING, options: [{ name: 'size', values: ['9'.repeat(10_000)] }] }, /options\.0\.values/],
      ['stock below zero', one({ stock: -1 }), /variants\.0\.stock/],
      ['stock beyond 100,000', one({ stock: 100_001 }), /variants\.0\.stock/],
      ['fractional stock', one({ stock: 1.5 }), /variants\.0\.stock/],
      ['stock left out', { ...RING, options: sizeOptions, variants: [{ options: { size: '6' } }] }, /variants\.0\.stock/],
      ['a huge variant price', one({ price: 1e21 }), /variants\.0\.price/],
      ['a variant price of 0', one({ price: 0 }), /variants\.0\.price/],
      ['a variant price with three decimals', one({ price: 10.001 }), /variants\.0\.price/],
      ['options as an array', one({ options: ['6'] }), /variants\.0\.options/],
      ['an option value that is a number', one({ options: { size: 6 } }), /variants\.0\.options/],
      ['an unknown variant field', one({ colour: 'red' }), /colour/],
      ['a value the option lacks', one({ options: { size: '12' } }), /variants\.0\.options\.size must be one of/],
      [
        'two variants alike',
        {
          ...RING,
          options: sizeOptions,
          variants: [
            { options: { size: '6' }, stock: null },
            { options: { size: '6' }, stock: 1 },
          ],
        },
        /repeat the options/,
      ],
      [
        'two defaults',
        {
          ...RING,
          options: sizeOptions,
          variants: [
            { options: { size: '6' }, stock: null, is_default: true },
            { options: { size: '7' }, stock: 1, is_default: true },
          ],
        },
        /exactly one default/,
      ],
      ['a sku with a space', one({ sku: 'A B' }), /sku/],
      ['a variant image elsewhere', one({ image: 'https://evil.example/x.png' }), /variants\.0\.image/],
      ['engraving of 41 characters', { ...RING, engraving: { max_length: 41 } }, /engraving\.max_length/],
      ['engraving as text', { ...RING, engraving: 'yes' }, /engraving/],
      ['a gallery image elsewhere', { ...RING, gallery: [{ src: 'javascript:alert(1)', alt: 'x' }] }, /gallery\.0\.src/],
      [
        'a gallery naming a variant of nothing',
        { ...RING, gallery: [{ src: '/images/products/x.svg', alt: 'x', variant_ids: [randomUUID()] }] },
        /gallery\.0\.variant_ids must name variants/,
      ],
      ['alt text of 201 characters', { ...RING, gallery: [{ src: '/images/products/x.svg', alt: 'a'.repeat(201) }] }, /gallery\.0\.alt/],
      ['301 variants', { ...RING, variants: Array.from({ length: 301 }, () => ({ options: {}, stock: null })) }, /variants/],
      [
        'options with a __proto__ key',
        { ...RING, variants: [JSON.parse('{"options":{"__proto__":"6"},"stock":null}')] },
        /__proto__|variants\.0\.options/,
      ],
      ['null variants on create', { ...RING, variants: null }, /variants/],
      ['a NUL in a variant description', one({ description: 'gold\u0000' }), /NUL/],
      ['a lone surrogate in a variant detail', one({ features: ['\udc00 gold'] }), /invalid character/],
      ['a variant description that is a number', one({ description: 14 }), /description/],
      ['variant details as text', one({ features: '14K gold' }), /features/],
      ['a blank variant description', one({ description: '   ' }), /description/],
      ['31 variant details', one({ features: Array.from({ length: 31 }, (_, i) => `Line ${i}`) }), /features/],
      ['a variant detail of 201 characters', one({ features: ['a'.repeat(201)] }), /features/],
    ];
    it.each(cases)('%s', async (_name, body, message) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(message);
    });

    it('on edit too', async () => {
      const p: ProductDetail = (await create({ ...RING, name: 'Test Hostile Edit', options: sizeOptions, variants: ringVariants })).body;
      for (const body of [
        { options: [] },
        { variants: [{ options: { size: '6\u0000' }, stock: 1 }] },
        { variants: null },
        { gallery: [{ src: '/images/products/x.svg', alt: '\u202eevil' }] },
      ]) {
        const res = await t.request('PUT', `/api/admin/products/${p.id}`, { body, token });
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
      }
      expect((await get(p.id)).variants).toEqual(p.variants);
    });
  });

  it('should rebuild the same rows from a log holding products recorded before variants (replay compare: 0 differences)', async () => {
    const es = t.app.get(EventSourcing);
    const oldIds = [randomUUID(), randomUUID()];
    for (const [i, id] of oldIds.entries()) {
      // The shape ProductCreated had before issue 40: no options, variants, engraving or gallery.
      await es.append(
        productStream(id),
        [
          {
            type: 'ProductCreated',
            data: {
              product_id: id,
              name: `Test Old Piece ${i}`,
              description: 'Listed before variants.',
              price_cents: 45_000,
              original_price_cents: null,
              image: '/images/products/celeste-oval-diamond-solitaire-1.svg',
              images: ['/images/products/celeste-oval-diamond-solitaire-1.svg', '/images/products/celeste-oval-diamond-solitaire-2.svg'],
              category: 'women-necklaces',
              features: [],
              rating: 4.5,
              reviews_count: 0,
              in_stock: true,
            },
          },
        ],
        'no_stream',
      );
    }
    // And an old-shape edit of one of them.
    await es.append(
      productStream(oldIds[1]),
      [{ type: 'ProductEdited', data: { product_id: oldIds[1], changes: { name: 'Test Old Renamed' } } }],
      0,
    );
    const old = await get(oldIds[0]);
    expect(old.variants).toEqual([
      {
        id: oldIds[0],
        sku: defaultSku(oldIds[0]),
        options: {},
        price: 450,
        available: null,
        lead_time_days: null,
        is_default: true,
        image: null,
        description: null,
        features: null,
      },
    ]);
    expect(old.gallery.map((g) => g.alt)).toEqual(['Test Old Piece 0', 'Test Old Piece 0']);
    expect((await get(oldIds[1])).gallery.map((g) => g.alt)).toEqual(['Test Old Renamed', 'Test Old Renamed']);
    // An old product edited with today's fields.
    const edited = await t.request('PUT', `/api/admin/products/${oldIds[0]}`, {
      body: {
        options: [{ name: 'length', values: ['16 in', '18 in'] }],
        variants: [
          { options: { length: '16 in' }, stock: 2, features: [' 16 in length ', ''], description: 'Sixteen inches of it. ' },
          { options: { length: '18 in' }, stock: null, is_default: true },
        ],
        engraving: null,
      },
      token,
    });
    expect(edited.status).toBe(200);
    // A variant's own words, trimmed as the product's are; a save that leaves them out keeps them.
    const sixteen = () => edited.body.variants.find((v: { options: { length: string } }) => v.options.length === '16 in');
    expect(sixteen()).toMatchObject({ description: 'Sixteen inches of it.', features: ['16 in length'] });
    const kept = await t.request('PUT', `/api/admin/products/${oldIds[0]}`, {
      body: {
        variants: [
          { options: { length: '16 in' }, stock: 2 },
          { options: { length: '18 in' }, stock: null, is_default: true },
        ],
      },
      token,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.variants.find((v: { options: { length: string } }) => v.options.length === '16 in')).toMatchObject({
      description: 'Sixteen inches of it.',
      features: ['16 in length'],
    });

    const before = await Promise.all([...oldIds, edited.body.id].map(get));
    const result = await t.app.get(RunnersService).replay({ compare: true });
    expect(result.differences).toHaveProperty('products', 0);
    expect(Object.values(result.differences ?? {}).every((n) => n === 0)).toBe(true);
    expect(await Promise.all([...oldIds, edited.body.id].map(get))).toEqual(before);
  });

  it('should answer only as the OpenAPI document says', async () => {
    expect((await t.conformance()).violations).toEqual([]);
  });
});
