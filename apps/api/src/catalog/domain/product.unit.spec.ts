import { readEvent, RING_SIZER_VALUE } from '@facet/contracts';
import { DomainError } from '../../platform/domain/errors';
import { fold } from '../../platform/event-store/decider';
import {
  defaultSku,
  product,
  ProductCreated,
  ProductEdited,
  ProductEvent,
  ProductInput,
  ProductState,
  shownFields,
  VariantDraft,
} from './product';

const PRODUCT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const base: ProductInput = {
  name: 'Celeste Oval Diamond Solitaire',
  description: 'A ring.',
  price_cents: 785_000,
  original_price_cents: null,
  image: '/images/products/celeste-1.svg',
  images: ['/images/products/celeste-1.svg', '/images/products/celeste-2.svg'],
  category: 'women-rings',
  features: [],
  rating: 4.9,
  reviews_count: 3,
  in_stock: true,
};

const draft = (options: Record<string, string>, more: Partial<VariantDraft> = {}): VariantDraft => ({
  sku: null,
  options,
  price_cents: null,
  stock_mode: 'made_to_order',
  lead_time_days: 15,
  is_default: false,
  image: null,
  ...more,
});

const sizes = { name: 'size', values: ['6', '6.5', RING_SIZER_VALUE] };
const ring = (more: Partial<ProductInput> = {}): ProductInput => ({
  ...base,
  options: [sizes],
  variants: [
    draft({ size: '6' }),
    draft({ size: '6.5' }, { stock_mode: 'stocked', lead_time_days: null }),
    draft({ size: RING_SIZER_VALUE }, { is_default: true }),
  ],
  engraving: { max_length: 20 },
  ...more,
});

let counter = 0;
const newVariantId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

function create(fields: ProductInput): ProductCreated {
  return product.decide(
    { type: 'CreateProduct', productId: PRODUCT_ID, fields, newVariantId },
    product.initialState(),
  )[0] as ProductCreated;
}

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).status).toBe(400);
    return err as DomainError;
  }
  throw new Error('not refused');
}

const listed = (events: ProductEvent[]): ProductState => fold(product, events);

describe('product decider: options, variants, engraving, gallery', () => {
  it('should give a product sent without variants one default made-to-order variant whose id is the product id', () => {
    const created = create(base);
    expect(created.data.variants).toEqual([
      {
        variant_id: PRODUCT_ID,
        sku: defaultSku(PRODUCT_ID),
        options: {},
        price_cents: null,
        stock_mode: 'made_to_order',
        lead_time_days: null,
        is_default: true,
        image: null,
      },
    ]);
    expect(defaultSku(PRODUCT_ID)).toBe('FCT-0A1B2C3D');
    expect(created.data.options).toEqual([]);
    expect(created.data.engraving).toBeNull();
    expect(created.data.gallery).toEqual(base.images.map((src) => ({ src, alt: base.name, variant_ids: [] })));
  });

  it('should upcast an event recorded before variants to the same shape a new product without variants gets', () => {
    const { options: _o, variants: _v, engraving: _e, gallery: _g, ...old } = create(base).data;
    // As the registry reads it (readRecorded): version 1, upcast to today's shape.
    const recorded = (type: ProductEvent['type'], data: unknown) => ({ type, data: readEvent(type, 1, data) }) as ProductEvent;
    const state = listed([recorded('ProductCreated', old)]);
    expect(shownFields(state.fields!)).toEqual(shownFields(listed([create(base)]).fields!));
    // Its gallery follows a later rename while it has none of its own.
    const renamed = listed([
      recorded('ProductCreated', old),
      recorded('ProductEdited', { product_id: PRODUCT_ID, changes: { name: 'Renamed' } }),
    ]);
    expect(shownFields(renamed.fields!).gallery.map((g) => g.alt)).toEqual(['Renamed', 'Renamed']);
  });

  it('should create a ring with sizes, a ring-sizer default and engraving, giving each variant an id and sku', () => {
    const created = create(ring());
    expect(created.data.variants).toHaveLength(3);
    expect(new Set(created.data.variants.map((v) => v.variant_id)).size).toBe(3);
    for (const v of created.data.variants) expect(v.sku).toMatch(/^FCT-0A1B2C3D-[0-9A-F]{12}$/);
    expect(created.data.variants.find((v) => v.is_default)?.options).toEqual({ size: RING_SIZER_VALUE });
    expect(created.data.engraving).toEqual({ max_length: 20 });
  });

  it('should keep the id and sku of a variant whose options match on edit, and make new ones for new options', () => {
    const created = create(ring());
    const before = new Map(created.data.variants.map((v) => [v.options.size, v]));
    const [edited] = product.decide(
      {
        type: 'EditProduct',
        productId: PRODUCT_ID,
        newVariantId,
        changes: {
          options: [{ name: 'size', values: ['6', '6.5', '7', RING_SIZER_VALUE] }],
          variants: [
            draft({ size: '7' }),
            draft({ size: RING_SIZER_VALUE }, { is_default: true }),
            draft({ size: '6' }, { price_cents: 800_000 }),
          ],
        },
      },
      listed([created]),
    ) as ProductEdited[];
    const after = new Map(edited.data.changes.variants!.map((v) => [v.options.size, v]));
    expect(after.get('6')!.variant_id).toBe(before.get('6')!.variant_id);
    expect(after.get('6')!.sku).toBe(before.get('6')!.sku);
    expect(after.get('6')!.price_cents).toBe(800_000);
    expect(after.get(RING_SIZER_VALUE)!.variant_id).toBe(before.get(RING_SIZER_VALUE)!.variant_id);
    expect([...before.values()].map((v) => v.variant_id)).not.toContain(after.get('7')!.variant_id);
    expect(after.has('6.5')).toBe(false);
  });

  it("should record a variant's own description and details, keep them through a save that leaves them out, and clear them with null", () => {
    const metals = { name: 'metal', values: ['14K Yellow Gold', '14K Rose Gold'] };
    const created = create({
      ...base,
      options: [metals],
      variants: [
        draft({ metal: '14K Yellow Gold' }, { is_default: true }),
        draft({ metal: '14K Rose Gold' }, { description: 'A band of 14K rose gold.', features: ['14K rose gold'] }),
      ],
    });
    const rose = created.data.variants[1];
    expect(rose).toMatchObject({ description: 'A band of 14K rose gold.', features: ['14K rose gold'] });
    expect('description' in created.data.variants[0]).toBe(false);
    const state = listed([created]);
    // A console that does not edit them sends the variants without: nothing changes.
    const resent = [draft({ metal: '14K Yellow Gold' }, { is_default: true }), draft({ metal: '14K Rose Gold' })];
    expect(product.decide({ type: 'EditProduct', productId: PRODUCT_ID, newVariantId, changes: { variants: resent } }, state)).toEqual([]);
    // null: the product's words again.
    const [cleared] = product.decide(
      {
        type: 'EditProduct',
        productId: PRODUCT_ID,
        newVariantId,
        changes: { variants: [resent[0], draft({ metal: '14K Rose Gold' }, { description: null, features: null })] },
      },
      state,
    ) as ProductEdited[];
    expect(cleared.data.changes.variants![1]).toMatchObject({ variant_id: rose.variant_id, description: null, features: null });
    // An event recorded before variants had words of their own reads as the product's.
    expect(fold(product, [created, cleared]).fields!.variants[1].description).toBeNull();
  });

  it('should keep the gallery and images in step, and drop gallery links to removed variants', () => {
    const created = create(ring());
    const stocked = created.data.variants.find((v) => v.options.size === '6.5')!;
    const state = listed([created]);
    const [withGallery] = product.decide(
      {
        type: 'EditProduct',
        productId: PRODUCT_ID,
        changes: {
          gallery: [
            { src: '/images/products/celeste-2.svg', alt: '', variant_ids: [stocked.variant_id] },
            { src: '/images/products/celeste-3.svg', alt: 'From the side', variant_ids: [] },
          ],
        },
      },
      state,
    ) as ProductEdited[];
    expect(withGallery.data.changes.images).toEqual(['/images/products/celeste-2.svg', '/images/products/celeste-3.svg']);
    // The featured image is no longer shown: the gallery's first is.
    expect(withGallery.data.changes.image).toBe('/images/products/celeste-2.svg');
    expect(withGallery.data.changes.gallery![0].alt).toBe(base.name);

    const state2 = listed([created, withGallery]);
    const [removed] = product.decide(
      { type: 'EditProduct', productId: PRODUCT_ID, changes: { variants: [draft({ size: RING_SIZER_VALUE }, { is_default: true })] } },
      state2,
    ) as ProductEdited[];
    expect(removed.data.changes.gallery![0].variant_ids).toEqual([]);

    const [imagesOnly] = product.decide(
      {
        type: 'EditProduct',
        productId: PRODUCT_ID,
        changes: { images: ['/images/products/celeste-3.svg', '/images/products/celeste-9.svg'] },
      },
      state2,
    ) as ProductEdited[];
    expect(imagesOnly.data.changes.gallery).toEqual([
      { src: '/images/products/celeste-3.svg', alt: 'From the side', variant_ids: [] },
      { src: '/images/products/celeste-9.svg', alt: base.name, variant_ids: [] },
    ]);
  });

  it('should decide nothing for an edit that sends what is there', () => {
    const created = create(ring());
    const again = product.decide(
      {
        type: 'EditProduct',
        productId: PRODUCT_ID,
        changes: { variants: ring().variants, options: [sizes], engraving: { max_length: 20 } },
      },
      listed([created]),
    );
    expect(again).toEqual([]);
  });

  describe('refuses with a 400 naming the field', () => {
    const cases: [string, () => ProductInput, RegExp][] = [
      [
        'a variant missing an option',
        () => ring({ variants: [draft({}, { is_default: true })] }),
        /variants\.0\.options must give a value for each option \(size\)/,
      ],
      [
        'a variant with an unknown option',
        () => ring({ variants: [draft({ size: '6', metal: 'Gold' }, { is_default: true })] }),
        /variants\.0\.options/,
      ],
      [
        'a value the option does not have',
        () => ring({ variants: [draft({ size: '12' }, { is_default: true })] }),
        /variants\.0\.options\.size must be one of/,
      ],
      [
        'two variants with the same options',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true }), draft({ size: '6' })] }),
        /variants\.1\.options repeat/,
      ],
      [
        'two variants with the same sku',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true, sku: 'A-1' }), draft({ size: '6.5' }, { sku: 'A-1' })] }),
        /variants\.1\.sku repeats/,
      ],
      [
        'no default',
        () => ring({ variants: [draft({ size: '6' }), draft({ size: '6.5' })] }),
        /exactly one default variant \(is_default\), not 0/,
      ],
      [
        'two defaults',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true }), draft({ size: '6.5' }, { is_default: true })] }),
        /not 2/,
      ],
      ['options without variants', () => ring({ variants: undefined }), /variants\.0\.options must give a value for each option/],
      [
        'a lower-case sku',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true, sku: 'abc' })] }),
        /variants\.0\.sku must be 1 to 64/,
      ],
      [
        'a 65-character sku',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true, sku: 'A'.repeat(65) })] }),
        /variants\.0\.sku/,
      ],
      ['a NUL in an option name', () => ring({ options: [{ name: 'si\u0000ze', values: ['6'] }] }), /options\.0\.name contains a NUL/],
      [
        'a lone surrogate in a value',
        () => ring({ options: [{ name: 'size', values: ['6\ud800'] }] }),
        /options\.0\.values\.0 contains an invalid character/,
      ],
      [
        'a 10,000-character value',
        () => ring({ options: [{ name: 'size', values: ['6'.repeat(10_000)] }] }),
        /options\.0\.values\.0 must be at most 40 characters/,
      ],
      [
        'a 31-character option name',
        () => ring({ options: [{ name: 's'.repeat(31), values: ['6'] }] }),
        /options\.0\.name must be at most 30/,
      ],
      ['an invisible value', () => ring({ options: [{ name: 'size', values: ['\u200b'] }] }), /options\.0\.values\.0 must not be empty/],
      ['an untrimmed value', () => ring({ options: [{ name: 'size', values: [' 6'] }] }), /must not start or end with spaces/],
      ['a bidi override in a name', () => ring({ options: [{ name: 'size\u202e', values: ['6'] }] }), /bidi/],
      ['repeated option names in any case', () => ring({ options: [sizes, { name: 'Size', values: ['7'] }] }), /options\.1\.name repeats/],
      ['repeated values', () => ring({ options: [{ name: 'size', values: ['6', '6'] }] }), /options\.0\.values\.1 repeats/],
      [
        '11 options',
        () => ring({ options: Array.from({ length: 11 }, (_, i) => ({ name: `o${i}`, values: ['x'] })) }),
        /options must be at most 10/,
      ],
      [
        '61 values',
        () => ring({ options: [{ name: 'size', values: Array.from({ length: 61 }, (_, i) => `v${i}`) }] }),
        /options\.0\.values must hold 1 to 60/,
      ],
      ['an option without values', () => ring({ options: [{ name: 'size', values: [] }] }), /options\.0\.values must hold 1 to 60/],
      [
        'a variant price of 0',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true, price_cents: 0 })], options: [{ name: 'size', values: ['6'] }] }),
        /variants\.0\.price must be from 0.01/,
      ],
      [
        'a variant price beyond the product limit',
        () =>
          ring({
            variants: [draft({ size: '6' }, { is_default: true, price_cents: 100_000_001 })],
            options: [{ name: 'size', values: ['6'] }],
          }),
        /variants\.0\.price/,
      ],
      [
        'a fractional cent',
        () =>
          ring({ variants: [draft({ size: '6' }, { is_default: true, price_cents: 10.5 })], options: [{ name: 'size', values: ['6'] }] }),
        /variants\.0\.price/,
      ],
      [
        'a lead time on a stocked variant',
        () =>
          ring({
            variants: [draft({ size: '6' }, { is_default: true, stock_mode: 'stocked', lead_time_days: 5 })],
            options: [{ name: 'size', values: ['6'] }],
          }),
        /lead_time_days is for made-to-order/,
      ],
      [
        'a lead time of a year and a day',
        () =>
          ring({ variants: [draft({ size: '6' }, { is_default: true, lead_time_days: 366 })], options: [{ name: 'size', values: ['6'] }] }),
        /lead_time_days must be/,
      ],
      [
        'an engraving limit of 41',
        () => ring({ engraving: { max_length: 41 } }),
        /engraving\.max_length must be a whole number from 1 to 40/,
      ],
      [
        "a gallery picture of another product's variant",
        () => ring({ gallery: [{ src: '/images/products/x.svg', alt: 'x', variant_ids: ['00000000-0000-4000-8000-999999999999'] }] }),
        /gallery\.0\.variant_ids must name variants/,
      ],
      [
        'a NUL in alt text',
        () => ring({ gallery: [{ src: '/images/products/x.svg', alt: 'a\u0000b', variant_ids: [] }] }),
        /gallery\.0\.alt contains a NUL/,
      ],
      [
        '13 gallery pictures',
        () => ring({ gallery: Array.from({ length: 13 }, (_, i) => ({ src: `/images/products/${i}.svg`, alt: 'x', variant_ids: [] })) }),
        /gallery must be at most 12/,
      ],
      [
        'a NUL in a variant description',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true, description: 'a\u0000b' }), draft({ size: '6.5' })] }),
        /variants\.0\.description contains a NUL/,
      ],
      [
        'a lone surrogate in a variant detail',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true }), draft({ size: '6.5' }, { features: ['ok', 'x\ud800'] })] }),
        /variants\.1\.features\.1 /,
      ],
      [
        'an empty variant description',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true, description: ' ' })] }),
        /variants\.0\.description must not be empty/,
      ],
      [
        'a variant details list that is not a list',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true, features: 'gold' as unknown as string[] })] }),
        /variants\.0\.features must be a list of at most 30 lines, or null/,
      ],
      [
        'a variant description too long',
        () => ring({ variants: [draft({ size: '6' }, { is_default: true, description: 'x'.repeat(5001) })] }),
        /variants\.0\.description must be at most 5000 characters/,
      ],
    ];
    it.each(cases)('%s', (_name, fields, message) => {
      expect(refusal(() => create(fields())).message).toMatch(message);
    });

    it('a price exactly at the limit is taken, a cent more is not', () => {
      const one = { name: 'size', values: ['6'] };
      expect(
        create(ring({ options: [one], variants: [draft({ size: '6' }, { is_default: true, price_cents: 100_000_000 })] })).data.variants[0]
          .price_cents,
      ).toBe(100_000_000);
      refusal(() => create(ring({ options: [one], variants: [draft({ size: '6' }, { is_default: true, price_cents: 100_000_001 })] })));
    });

    it('300 variants are taken, 301 are not', () => {
      const values = Array.from({ length: 60 }, (_, i) => `v${i}`);
      const options = [
        { name: 'size', values },
        { name: 'metal', values: ['a', 'b', 'c', 'd', 'e', 'f'] },
      ];
      const all = values.flatMap((size) => options[1].values.map((metal) => draft({ size, metal })));
      all[0].is_default = true;
      expect(create(ring({ options, variants: all.slice(0, 300) })).data.variants).toHaveLength(300);
      expect(refusal(() => create(ring({ options, variants: all.slice(0, 301) }))).message).toMatch(/variants must hold 1 to 300/);
    });

    it('an edit that would break the variants (an option removed that variants use)', () => {
      const state = listed([create(ring())]);
      const err = refusal(() => product.decide({ type: 'EditProduct', productId: PRODUCT_ID, changes: { options: [] } }, state));
      expect(err.message).toMatch(/variants\.0\.options must give a value for each option \(none\)/);
    });
  });
});
