import type { ProductVariant } from '@facet/contracts';
import { product } from '../test/fixtures';
import {
  availabilityOf,
  canOrder,
  chooseOption,
  galleryFor,
  initialVariant,
  productVariants,
  valueState,
  wordsOf,
  type VariantProduct,
} from './variants';

const v = (id: string, options: Record<string, string>, more: Partial<ProductVariant> = {}): ProductVariant => ({
  id,
  sku: id,
  options,
  price: 100,
  available: null,
  lead_time_days: 10,
  is_default: false,
  image: null,
  description: null,
  features: null,
  ...more,
});

describe('variants on the product page', () => {
  const variants = [
    v('y6', { metal: 'Yellow', size: '6' }, { is_default: true }),
    v('y7', { metal: 'Yellow', size: '7' }, { available: 0, lead_time_days: null }),
    v('p6', { metal: 'Platinum', size: '6' }, { available: 0, lead_time_days: null }),
    v('p7', { metal: 'Platinum', size: '7' }, { available: 2, lead_time_days: null }),
    v('p8', { metal: 'Platinum', size: '8' }),
  ];

  it('keeps the other choices when it can, else the most of them, preferring what can be ordered', () => {
    expect(chooseOption(variants, { metal: 'Yellow', size: '6' }, 'size', '7')?.id).toBe('y7');
    expect(chooseOption(variants, { metal: 'Yellow', size: '6' }, 'metal', 'Platinum')?.id).toBe('p6');
    // No yellow 8: the yellow that can be ordered.
    expect(chooseOption(variants, { metal: 'Platinum', size: '8' }, 'metal', 'Yellow')?.id).toBe('y6');
    expect(chooseOption(variants, { metal: 'Yellow', size: '6' }, 'metal', 'Rose')).toBeNull();
  });

  it('says whether a value can be ordered with the other choices kept', () => {
    const chosen = { metal: 'Yellow', size: '6' };
    expect(valueState(variants, chosen, 'size', '7')).toBe('sold-out');
    expect(valueState(variants, chosen, 'size', '8')).toBe('unavailable');
    expect(valueState(variants, chosen, 'metal', 'Platinum')).toBe('sold-out');
    expect(valueState(variants, { metal: 'Platinum', size: '7' }, 'size', '8')).toBe('available');
  });

  it('reads availability per variant, and as before for a product without variants', () => {
    const p: VariantProduct = { ...product(), variants, options: [] };
    expect(availabilityOf(p, variants[0]).text).toBe('Made to order: ships in 10 business days');
    expect(availabilityOf(p, variants[3])).toEqual({ text: 'Only 2 left', tone: 'accent' });
    expect(availabilityOf(p, variants[1])).toEqual({ text: 'Sold out', tone: 'danger' });
    expect(canOrder(p, variants[1])).toBe(false);
    expect(canOrder({ ...p, in_stock: false }, variants[0])).toBe(false);
    // Taken out of stock by staff: out of stock whatever its variants say.
    expect(availabilityOf({ ...p, in_stock: false }, variants[0])).toEqual({ text: 'Out of Stock', tone: 'danger' });
    const plain = product({ in_stock: false });
    expect(productVariants(plain)).toEqual([expect.objectContaining({ id: plain.id, options: {}, price: plain.price, available: 0 })]);
    expect(availabilityOf(plain, initialVariant(plain, null)).text).toBe('Out of Stock');
  });

  it("shows the pictures meant for the variant, led by its own, with each picture's alt text", () => {
    const p: VariantProduct = {
      ...product({ name: 'Band' }),
      variants,
      gallery: [
        { src: '/a.jpg', alt: 'Band, front' },
        { src: '/y.jpg', alt: 'Band in yellow gold', variant_ids: ['y6', 'y7'] },
        { src: '/p.jpg', alt: 'Band in platinum', variant_ids: ['p6', 'p7', 'p8'] },
      ],
    };
    // The variant's own pictures come to the front, before those of every variant.
    expect(galleryFor(p, variants[0]).map((g) => g.alt)).toEqual(['Band in yellow gold', 'Band, front']);
    expect(galleryFor(p, { ...variants[3], image: '/p.jpg' }).map((g) => g.src)).toEqual(['/p.jpg', '/a.jpg']);
    expect(galleryFor(p, { ...variants[4], image: '/new.jpg' })[0]).toEqual({ src: '/new.jpg', alt: 'Band, Metal Platinum · Size 8' });
  });

  it("says what the chosen variant says of itself (its metal, its length), else the product's words", () => {
    const p: VariantProduct = {
      ...product({ description: 'A band of 14K yellow gold.', features: ['14K yellow gold', '2 mm'] }),
      variants,
    };
    const rose = v('r6', { metal: 'Rose', size: '6' }, { description: 'A band of 14K rose gold.', features: ['14K rose gold', '2 mm'] });
    expect(wordsOf(p, rose)).toEqual({ description: 'A band of 14K rose gold.', features: ['14K rose gold', '2 mm'] });
    expect(wordsOf(p, variants[0])).toEqual({ description: 'A band of 14K yellow gold.', features: ['14K yellow gold', '2 mm'] });
    // An API before variants had words of their own sends neither field.
    const { description: _d, features: _f, ...older } = rose;
    expect(wordsOf(p, older as ProductVariant).description).toBe('A band of 14K yellow gold.');
  });
});
