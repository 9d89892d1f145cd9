import { RING_SIZER_VALUE, type ProductVariant } from '@facet/contracts';
import { productBody } from '../../dataProvider';
import { adjustment } from './AdjustStockDialog';
import { parseValues } from './OptionsEditor';
import {
  OPTION_PRESETS,
  altProblem,
  combinations,
  galleryFields,
  galleryProblem,
  generateVariants,
  moved,
  optionsProblem,
  textProblem,
  toFormRecord,
  variantInputs,
  variantRowProblems,
  variantsProblem,
  withPreset,
  type VariantRow,
} from './productWire';

const row = (patch: Partial<VariantRow> = {}): VariantRow => ({
  sku: 'RING-6',
  options: { size: '6' },
  price: null,
  stock_mode: 'made_to_order',
  stock: null,
  lead_time_days: 15,
  is_default: true,
  image: null,
  ...patch,
});

describe('Product options and variants in the console', () => {
  describe('When staff use the ring size preset', () => {
    it('should offer US 3 to 13.5 in halves and the free ring sizer, and replace an option of that name', () => {
      const sizes = OPTION_PRESETS.size.values;
      expect(sizes).toHaveLength(23);
      expect(sizes.slice(0, 3)).toEqual(['3', '3.5', '4']);
      expect(sizes.at(-2)).toBe('13.5');
      expect(sizes.at(-1)).toBe(RING_SIZER_VALUE);
      const once = withPreset(
        [
          { name: 'size', values: ['7'] },
          { name: 'metal', values: ['Platinum'] },
        ],
        OPTION_PRESETS.size,
      );
      expect(once.map((o) => o.name)).toEqual(['size', 'metal']);
      expect(once[0].values).toHaveLength(23);
      // The preset's own list is copied, never shared with the form (an edit must not change the preset).
      once[0].values.push('99');
      expect(OPTION_PRESETS.size.values).toHaveLength(23);
    });
  });

  describe('When variants are generated from the options', () => {
    it('should make one made-to-order row per combination, the ring sizer row the default', () => {
      const options = [OPTION_PRESETS.size, { name: 'metal', values: ['Yellow Gold', 'Platinum'] }];
      const rows = generateVariants(options, [], 'Aurora Ring');
      expect(rows).toHaveLength(46);
      expect(rows[0]).toMatchObject({
        options: { size: '3', metal: 'Yellow Gold' },
        sku: 'AURORA-RING-3-YELLOW-GOLD',
        stock_mode: 'made_to_order',
      });
      expect(rows.filter((r) => r.is_default)).toHaveLength(1);
      expect(rows.find((r) => r.is_default)?.options).toEqual({ size: RING_SIZER_VALUE, metal: 'Yellow Gold' });
      expect(new Set(rows.map((r) => r.sku)).size).toBe(46);
      expect(variantsProblem(rows)).toBeUndefined();
    });

    it('should keep the rows that already exist (id, stock, price, default) and drop combinations no longer offered', () => {
      const saved = row({ id: 'v-6', options: { size: '6' }, stock_mode: 'stocked', available: 2, price: 900, is_default: true });
      const gone = row({ id: 'v-5', sku: 'RING-5', options: { size: '5' }, is_default: false });
      const rows = generateVariants([{ name: 'size', values: ['6', '6.5'] }], [gone, saved], 'ring');
      expect(rows.map((r) => r.options.size)).toEqual(['6', '6.5']);
      expect(rows[0]).toEqual(saved);
      expect(rows[1]).toMatchObject({ is_default: false, stock_mode: 'made_to_order' });
    });

    it('should give a product without options no combination but the empty one', () => {
      expect(combinations([])).toEqual([{}]);
      expect(generateVariants([], [], 'Pendant')).toEqual([expect.objectContaining({ options: {}, is_default: true, sku: 'PENDANT' })]);
    });

    it('should read comma-separated values without blanks', () => {
      expect(parseValues(' 6, 6.5,, 7 ,')).toEqual(['6', '6.5', '7']);
    });
  });

  describe('When staff type hostile values', () => {
    it('should refuse NUL, line breaks, lone surrogates, bidi overrides, blank and over-long text', () => {
      expect(textProblem('ring\u0000', 30)).toBe('facet.variants.error.control');
      expect(textProblem('a\nb', 30)).toBe('facet.variants.error.control');
      expect(textProblem('size \uD800', 30)).toBe('facet.variants.error.control');
      expect(textProblem('\uDC00size', 30)).toBe('facet.variants.error.control');
      expect(textProblem('abc\u202Egnp.exe', 30)).toBe('facet.validation.bidi_controls');
      expect(textProblem('\u200b ', 30)).toBe('facet.variants.error.required');
      expect(textProblem('x'.repeat(10_000), 30)).toBe('facet.variants.error.too_long');
      // A pair is one character: 💎 (two UTF-16 units) is fine, and counts once.
      expect(textProblem('💎'.repeat(30), 30)).toBeUndefined();
      expect(textProblem('Rose Gold', 30)).toBeUndefined();
    });

    it('should refuse option lists that are empty, repeated or too big', () => {
      expect(optionsProblem([{ name: 'size', values: [] }])).toBe('facet.variants.error.no_values');
      expect(optionsProblem([{ name: 'size', values: ['6', '6'] }])).toBe('facet.variants.error.duplicate_value');
      expect(
        optionsProblem([
          { name: 'Size', values: ['6'] },
          { name: 'size ', values: ['7'] },
        ]),
      ).toBe('facet.variants.error.duplicate_option');
      expect(optionsProblem([{ name: 'size', values: ['6', 'x'.repeat(10_000)] }])).toBe('facet.variants.error.too_long');
      expect(optionsProblem([{ name: 'size', values: Array.from({ length: 61 }, (_, i) => String(i)) }])).toBe(
        'facet.variants.error.too_many_values',
      );
      expect(optionsProblem([{ name: 'size\u0000', values: ['6'] }])).toBe('facet.variants.error.control');
      expect(optionsProblem([OPTION_PRESETS.size, OPTION_PRESETS.metal])).toBeUndefined();
    });

    it('should refuse negative, fractional, huge and non-numeric starting stock, and bad prices and lead times', () => {
      const stocked = (stock: unknown) => variantRowProblems(row({ stock_mode: 'stocked', stock: stock as number })).stock;
      expect(stocked(-1)).toBe('facet.variants.error.out_of_range');
      expect(stocked(100_001)).toBe('facet.variants.error.out_of_range');
      expect(stocked(1e21)).toBe('facet.variants.error.out_of_range');
      expect(stocked(Number.MAX_SAFE_INTEGER + 2)).toBe('facet.variants.error.out_of_range');
      expect(stocked(1.5)).toBe('facet.variants.error.whole_number');
      expect(stocked(Number.NaN)).toBe('facet.variants.error.whole_number');
      expect(stocked(null)).toBe('facet.variants.error.required');
      expect(stocked(0)).toBeUndefined();
      expect(stocked(1)).toBeUndefined();
      // A row stocked when saved changes its stock through adjustments, not this field.
      expect(variantRowProblems(row({ id: 'v', stock_mode: 'stocked', stock: -5, available: 3 })).stock).toBeUndefined();
      expect(variantRowProblems(row({ price: -1 })).price).toBe('facet.variants.error.price');
      expect(variantRowProblems(row({ price: 10.001 })).price).toBe('facet.variants.error.price');
      expect(variantRowProblems(row({ price: 1e9 })).price).toBe('facet.variants.error.price');
      expect(variantRowProblems(row({ lead_time_days: 0 })).lead_time_days).toBe('facet.variants.error.out_of_range');
      expect(variantRowProblems(row({ lead_time_days: 366 })).lead_time_days).toBe('facet.variants.error.out_of_range');
      expect(variantRowProblems(row({ sku: 'ring 6' })).sku).toBe('facet.variants.error.sku_chars');
      expect(variantRowProblems(row({ sku: 'RING-6\u0000' })).sku).toBe('facet.variants.error.control');
    });

    it('should want exactly one default, distinct SKUs and distinct combinations', () => {
      expect(variantsProblem([row(), row({ sku: 'B', options: { size: '7' } })])).toBe('facet.variants.error.one_default');
      expect(variantsProblem([row(), row({ options: { size: '7' }, is_default: false })])).toBe('facet.variants.error.duplicate_sku');
      expect(variantsProblem([row(), row({ sku: 'B', is_default: false })])).toBe('facet.variants.error.duplicate_combination');
      expect(variantsProblem([row({ stock_mode: 'stocked', stock: -3 })])).toBe('facet.variants.error.row');
    });
  });

  describe('When a product is read and saved', () => {
    const variants: ProductVariant[] = [
      {
        id: 'v1',
        sku: 'R-6',
        options: { size: '6' },
        price: 1200,
        available: 3,
        lead_time_days: null,
        is_default: false,
        image: null,
        description: null,
        features: null,
      },
      {
        id: 'v2',
        sku: 'R-SIZER',
        options: { size: RING_SIZER_VALUE },
        price: 1000,
        available: null,
        lead_time_days: 20,
        is_default: true,
        image: null,
        description: null,
        features: null,
      },
    ];
    const record = {
      id: 'p1',
      name: 'Aurora',
      price: 1000,
      image: '/images/a.svg',
      images: ['/images/a.svg', '/images/b.svg'],
      version: 4,
      options: [{ name: 'size', values: ['6', RING_SIZER_VALUE] }],
      variants,
      engraving: null,
    };

    it('should read variants as rows: stock mode from available, an override only where the price differs', () => {
      const form = toFormRecord(record);
      expect(form.variants).toEqual([
        expect.objectContaining({ id: 'v1', stock_mode: 'stocked', available: 3, price: 1200, stock: null }),
        expect.objectContaining({ id: 'v2', stock_mode: 'made_to_order', lead_time_days: 20, price: null, is_default: true }),
      ]);
      // A product from before galleries: its images, described by its name.
      expect(form.gallery).toEqual([
        { src: '/images/a.svg', alt: 'Aurora' },
        { src: '/images/b.svg', alt: 'Aurora' },
      ]);
    });

    it('should send new stocked rows with their count, made-to-order rows with null and a lead time', () => {
      const inputs = variantInputs([
        row({ sku: '', stock_mode: 'stocked', stock: 4, lead_time_days: null }),
        row({ sku: ' R-7 ', options: { size: '7' }, price: 1100, is_default: false }),
      ]);
      expect(inputs).toEqual([
        { options: { size: '6' }, stock: 4, is_default: true, image: null },
        { options: { size: '7' }, stock: null, is_default: false, image: null, sku: 'R-7', price: 1100, lead_time_days: 15 },
      ]);
    });

    it('should send the starting count of a saved made-to-order row switched to stocked, and the shown count of one stocked already', () => {
      const switched = row({ id: 'v-6', stock_mode: 'stocked', stock: 3, lead_time_days: null, available: null });
      const stocked = row({ id: 'v-7', options: { size: '7' }, stock_mode: 'stocked', stock: null, lead_time_days: null, available: 2 });
      expect(variantInputs([switched, stocked]).map((v) => v.stock)).toEqual([3, 2]);
      expect(variantRowProblems({ ...switched, stock: -1 })).toEqual({ stock: 'facet.variants.error.out_of_range' });
      expect(variantRowProblems({ ...stocked, stock: -1 })).toEqual({});
    });

    it('should leave options, variants and gallery out of an edit that did not change them (a price edit keeps the stock alone)', () => {
      const form = toFormRecord(record);
      const body = productBody({ ...form, price: 1100 }, record);
      expect(body.price).toBe(1100);
      expect(body.version).toBe(4);
      for (const key of ['options', 'variants', 'gallery', 'engraving']) expect(body).not.toHaveProperty(key);
    });

    it('should send the variants, engraving and gallery that changed, the first image as the featured one', () => {
      const form = toFormRecord(record);
      const gallery = moved(
        form.gallery.map((g: any, i: number) => ({ ...g, alt: `View ${i + 1}` })),
        1,
        0,
      );
      const body = productBody({ ...form, engraving: { max_length: 12 }, gallery, variants: form.variants.slice(1) }, record);
      expect(body.engraving).toEqual({ max_length: 12 });
      expect(body.image).toBe('/images/b.svg');
      expect(body.images).toEqual(['/images/b.svg', '/images/a.svg']);
      expect(body.gallery).toEqual([
        { src: '/images/b.svg', alt: 'View 2', variant_ids: [] },
        { src: '/images/a.svg', alt: 'View 1', variant_ids: [] },
      ]);
      expect(body.variants).toEqual([
        { options: { size: RING_SIZER_VALUE }, stock: null, is_default: true, image: null, sku: 'R-SIZER', lead_time_days: 20 },
      ]);
      expect(body).not.toHaveProperty('options');
    });

    it('should create a product without variants as before (the API adds its default variant)', () => {
      const body = productBody({
        name: 'Plain',
        price: 10,
        category: 'women-rings',
        options: [],
        variants: [],
        gallery: [],
        engraving: null,
      });
      expect(body).not.toHaveProperty('variants');
      expect(body).not.toHaveProperty('gallery');
      expect(body.options).toEqual([]);
      expect(body.engraving).toBeNull();
    });
  });

  describe('When the gallery is checked', () => {
    it('should want alt text on every image, at most 200 characters, no control characters', () => {
      expect(altProblem('')).toBe('facet.variants.error.required');
      expect(altProblem('Ring on a hand')).toBeUndefined();
      expect(altProblem('x'.repeat(201))).toBe('facet.variants.error.too_long');
      expect(altProblem('x'.repeat(10_000))).toBe('facet.variants.error.too_long');
      expect(altProblem('ring\u0000')).toBe('facet.variants.error.control');
      expect(altProblem('ring \uD83D')).toBe('facet.variants.error.control');
      expect(
        galleryProblem([
          { src: '/a', alt: 'A' },
          { src: '/b', alt: ' ' },
        ]),
      ).toBe('facet.gallery.alt_missing');
      expect(galleryProblem(Array.from({ length: 13 }, (_, i) => ({ src: `/${i}`, alt: 'x' })))).toBe('facet.gallery.too_many');
      expect(galleryFields([{ src: '/a', alt: ' Front ' }])).toEqual({
        gallery: [{ src: '/a', alt: 'Front', variant_ids: [] }],
        image: '/a',
        images: ['/a'],
      });
    });

    it('should move an entry and leave the list alone for moves off either end', () => {
      expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
      expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
      const list = ['a', 'b'];
      expect(moved(list, 0, -1)).toBe(list);
      expect(moved(list, 1, 2)).toBe(list);
    });
  });

  describe('When staff adjust stock', () => {
    it('should want a reason and a whole, non-zero change within range', () => {
      expect(adjustment('delta', '2', '')).toEqual({ problems: { reason: 'facet.stock.error.reason' } });
      expect(adjustment('delta', '2', '  \u200b')).toEqual({ problems: { reason: 'facet.stock.error.reason' } });
      expect(adjustment('delta', '0', 'count')).toEqual({ problems: { amount: 'facet.stock.error.zero' } });
      expect(adjustment('delta', '1.5', 'count')).toEqual({ problems: { amount: 'facet.variants.error.whole_number' } });
      expect(adjustment('delta', '-100001', 'count')).toEqual({ problems: { amount: 'facet.variants.error.out_of_range' } });
      expect(adjustment('set_to', '-1', 'count')).toEqual({ problems: { amount: 'facet.variants.error.out_of_range' } });
      expect(adjustment('set_to', '1e21', 'count')).toEqual({ problems: { amount: 'facet.variants.error.out_of_range' } });
      expect(adjustment('delta', '', 'x\u0000')).toEqual({
        problems: { amount: 'facet.variants.error.required', reason: 'facet.variants.error.control' },
      });
      expect(adjustment('delta', '-2', ' Damaged in the workshop ')).toEqual({ input: { delta: -2, reason: 'Damaged in the workshop' } });
      expect(adjustment('set_to', '0', 'Sold at the fair')).toEqual({ input: { set_to: 0, reason: 'Sold at the fair' } });
    });
  });
});
