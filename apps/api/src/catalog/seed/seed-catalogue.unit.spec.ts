import { existsSync, readFileSync, statSync } from 'fs';
import { resolve } from 'path';
import { CATEGORY_IDS, PRICE_RANGE_BOUNDS, PRICE_RANGES, type PriceRange } from '@facet/contracts';
import { SEED_PRODUCTS, seedVariantsOf, type SeedProduct } from './seed-catalogue';

// apps/api/src/catalog/seed -> apps/storefront/public
const PUBLIC_DIR = resolve(__dirname, '../../../../storefront/public');

const RANGES = PRICE_RANGES.filter((r): r is Exclude<PriceRange, 'all'> => r !== 'all');

function inRange(price: number, range: PriceRange): boolean {
  const { min, max } = PRICE_RANGE_BOUNDS[range];
  return (min === null || price >= min) && (max === null || price <= max);
}

function searchable(p: SeedProduct): string {
  return [p.name, p.description, p.category, ...p.features].join(' ').toLowerCase();
}

describe('seed catalogue', () => {
  it('lists at least 64 pieces', () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(64);
  });

  it('has exactly 8 pieces in every category, and no other categories', () => {
    for (const id of CATEGORY_IDS) {
      expect({ id, count: SEED_PRODUCTS.filter((p) => p.category === id).length }).toEqual({ id, count: 8 });
    }
    for (const p of SEED_PRODUCTS) expect(CATEGORY_IDS).toContain(p.category);
  });

  it('uses unique kebab-case slugs and unique names', () => {
    const slugs = SEED_PRODUCTS.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(SEED_PRODUCTS.map((p) => p.name)).size).toBe(SEED_PRODUCTS.length);
  });

  it('keeps prices between $200 and $9,500, with sale prices below the original', () => {
    for (const p of SEED_PRODUCTS) {
      expect(p.price).toBeGreaterThanOrEqual(200);
      expect(p.price).toBeLessThanOrEqual(9500);
      if (p.original_price !== null) expect(p.original_price).toBeGreaterThan(p.price);
    }
  });

  it('covers every price range in every category', () => {
    for (const id of CATEGORY_IDS) {
      const inCategory = SEED_PRODUCTS.filter((p) => p.category === id);
      for (const range of RANGES) {
        expect({ id, range, covered: inCategory.some((p) => inRange(p.price, range)) }).toEqual({ id, range, covered: true });
      }
    }
  });

  it('puts about a quarter on sale and a handful out of stock', () => {
    const onSale = SEED_PRODUCTS.filter((p) => p.original_price !== null && p.original_price > p.price).length;
    const soldOut = SEED_PRODUCTS.filter((p) => !p.in_stock).length;
    expect(onSale).toBeGreaterThanOrEqual(Math.floor(SEED_PRODUCTS.length * 0.2));
    expect(onSale).toBeLessThanOrEqual(Math.ceil(SEED_PRODUCTS.length * 0.3));
    expect(soldOut).toBeGreaterThanOrEqual(4);
    expect(soldOut).toBeLessThanOrEqual(8);
  });

  it('has believable ratings, review counts, descriptions and features', () => {
    for (const p of SEED_PRODUCTS) {
      expect(p.rating).toBeGreaterThanOrEqual(4);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10)).toBeCloseTo(p.rating * 10, 6);
      expect(Number.isInteger(p.reviews_count)).toBe(true);
      expect(p.reviews_count).toBeGreaterThanOrEqual(0);
      expect(p.reviews_count).toBeLessThanOrEqual(400);
      expect(p.features.length).toBeGreaterThanOrEqual(4);
      expect(p.features.length).toBeLessThanOrEqual(6);
      expect(p.description.split(/[.!?](\s|$)/).filter((s) => s && s.trim()).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('answers every popular search', () => {
    const terms = [
      'Diamond rings',
      'Gold necklace',
      'Pearl earrings',
      'Sapphire',
      'Emerald',
      'Wedding rings',
      'Engagement rings',
      'Tennis bracelet',
      'Rose gold',
      'White gold',
    ];
    for (const term of terms) {
      expect({ term, found: SEED_PRODUCTS.some((p) => searchable(p).includes(term.toLowerCase())) }).toEqual({ term, found: true });
    }
  });

  it('points at three generated views per piece, each present on disk as a small self-contained SVG', () => {
    for (const p of SEED_PRODUCTS) {
      expect(p.images).toEqual([1, 2, 3].map((n) => `/images/products/${p.slug}-${n}.svg`));
      for (const url of p.images) {
        const file = resolve(PUBLIC_DIR, '.' + url);
        expect({ file, exists: existsSync(file) }).toEqual({ file, exists: true });
        expect(statSync(file).size).toBeLessThan(12 * 1024);
        const svg = readFileSync(file, 'utf8');
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800"')).toBe(true);
        // nothing loaded from anywhere: no scripts, no fonts, no external references
        expect(svg).not.toMatch(/<script|<text|<image|@import|href="(?!#)|url\((?!#)/);
        expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:/);
      }
    }
  });

  const seeded = (slug: string) => {
    const index = SEED_PRODUCTS.findIndex((p) => p.slug === slug);
    let n = 0;
    return { p: SEED_PRODUCTS[index], ...seedVariantsOf(SEED_PRODUCTS[index], index, () => `variant-${n++}`) };
  };

  it('writes what differs by variant into the variant: its metal and karat, its length', () => {
    const ring = seeded('petite-diamond-stacking-ring');
    const rose = ring.variants.find((v) => v.options.metal === '14K Rose Gold' && v.options.size === '6')!;
    expect(rose.description).toBe(
      'A whisper-fine band of 14K rose gold with a single 0.08 ct round diamond in a four-claw setting. Made for stacking, gifting and wearing every day.',
    );
    expect(rose.features?.[0]).toBe('14K rose gold');
    // The pictured metal reads as the piece does.
    const yellow = ring.variants.find((v) => v.options.metal === '14K Yellow Gold' && v.options.size === '6')!;
    expect(yellow.description ?? null).toBeNull();
    expect(yellow.features ?? null).toBeNull();

    const chain = seeded('solana-paperclip-gold-necklace');
    const short = chain.variants.find((v) => v.options.length === '16 in' && v.options.metal === '14K Yellow Gold')!;
    expect(short.features).toEqual(['14K yellow gold', 'Solid paperclip links', '16 in length', 'Lobster clasp', 'Hand-polished']);
    const whiteLong = chain.variants.find((v) => v.options.length === '20 in' && v.options.metal === '14K White Gold')!;
    expect(whiteLong.features).toEqual(['14K white gold', 'Solid paperclip links', '20 in length', 'Lobster clasp', 'Hand-polished']);
    expect(whiteLong.description).toContain('solid 14K white gold');

    const pendant = seeded('etoile-diamond-solitaire-pendant');
    const twenty = pendant.variants.find((v) => v.options.length === '20 in')!;
    expect(twenty.features).toContain('20 in chain');
    expect(twenty.description).toContain('20-inch cable chain');
    // No variant of a piece keeps a metal or length other than its own in its words.
    for (const p of SEED_PRODUCTS) {
      const { variants } = seedVariantsOf(p, 0);
      for (const v of variants) {
        const words = [v.description ?? p.description, ...(v.features ?? p.features)].join(' | ');
        if (v.options.metal)
          expect({ slug: p.slug, v: v.options, words }).toEqual({
            slug: p.slug,
            v: v.options,
            words: expect.stringMatching(new RegExp(v.options.metal, 'i')),
          });
        if (v.options.length) {
          const lengths = words.match(/\b\d+(?:–\d+)? in\b|\b\d+-inch\b/g) ?? [];
          expect({ slug: p.slug, lengths }).toEqual({
            slug: p.slug,
            lengths: lengths.map(() => expect.stringMatching(new RegExp(`^${v.options.length.replace(' in', '')}[ -]in`))),
          });
        }
      }
    }
  });

  it('gives every metal choice its own artwork, in front of the gallery when it is chosen', () => {
    for (const p of SEED_PRODUCTS.filter((q) => q.offer?.metal)) {
      const { variants, variantIds, gallery } = seeded(p.slug);
      const metals = Object.keys(p.offer!.metal!);
      const pictures = new Map<string, string>();
      for (const [i, v] of variants.entries()) {
        expect(v.image).toMatch(/^\/images\/products\/.+-1\.svg$/);
        pictures.set(v.options.metal, v.image!);
        // The variant's gallery: its metal's three views, its own picture first.
        const own = gallery!.filter((g) => g.variant_ids.includes(variantIds[i]));
        expect(own.map((g) => g.src)[0]).toBe(v.image);
        expect(own).toHaveLength(3);
      }
      expect(pictures.size).toBe(metals.length);
      expect(new Set(pictures.values()).size).toBe(metals.length);
      for (const g of gallery!) {
        const file = resolve(PUBLIC_DIR, '.' + g.src);
        expect({ file, exists: existsSync(file) }).toEqual({ file, exists: true });
        expect(statSync(file).size).toBeLessThan(12 * 1024);
      }
    }
  });
});
