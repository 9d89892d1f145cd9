/**
 * Options and variants on the product page (issue 40): which variant a choice of option values means, what
 * the page says about its availability, and which pictures it shows. A product the API sends without
 * variants (an older API) is one variant of its own, and the page behaves as it did before variants.
 */
import {
  availabilityLabel,
  isOnSale,
  RING_SIZER_VALUE,
  variantLabel,
  type GalleryImage,
  type Product,
  type ProductDetail,
  type ProductOption,
  type ProductVariant,
} from '@facet/contracts';

/**
 * A product as GET /api/products/{id} returns it (ProductDetail); the variant fields are absent from an
 * older API and from product lists.
 */
export type VariantProduct = Product & Partial<Pick<ProductDetail, 'options' | 'variants' | 'engraving' | 'gallery'>>;

/** Chosen option values by option name: { size: '6.5', metal: 'Platinum' }. */
export type Selection = Record<string, string>;

export function hasVariants(p: VariantProduct): boolean {
  return Array.isArray(p.variants) && p.variants.length > 0;
}

/** The product's variants, or its one implicit variant (id: the product's own) when the API sends none. */
export function productVariants(p: VariantProduct): ProductVariant[] {
  if (hasVariants(p)) return p.variants as ProductVariant[];
  return [
    {
      id: p.id,
      sku: '',
      options: {},
      price: p.price,
      available: p.in_stock ? null : 0,
      lead_time_days: null,
      is_default: true,
      image: null,
      description: null,
      features: null,
    },
  ];
}

/** Options with at least one value, in the product's order. */
export function productOptions(p: VariantProduct): ProductOption[] {
  return hasVariants(p) && Array.isArray(p.options) ? p.options.filter((o) => o.values.length > 0) : [];
}

/** The variant a shared link names (?variant=<id>) when the product has it, else the default one. */
export function initialVariant(p: VariantProduct, requestedId: string | null): ProductVariant {
  const variants = productVariants(p);
  return variants.find((v) => v.id === requestedId) ?? variants.find((v) => v.is_default) ?? variants[0];
}

function matches(v: ProductVariant, selection: Selection): boolean {
  return Object.entries(selection).every(([name, value]) => v.options[name] === value);
}

/**
 * The variant after choosing `value` for option `name`: the one that keeps every other choice, or else the
 * one with that value keeping the most of them (platinum may not come in every size), preferring one that
 * can be ordered. Null when no variant has the value.
 */
export function chooseOption(variants: readonly ProductVariant[], current: Selection, name: string, value: string): ProductVariant | null {
  const withValue = variants.filter((v) => v.options[name] === value);
  let best: ProductVariant | null = null;
  let bestScore = -1;
  for (const v of withValue) {
    const kept = Object.entries(current).filter(([n, val]) => n !== name && v.options[n] === val).length;
    const score = kept * 2 + (v.available === 0 ? 0 : 1);
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}

export type ValueState = 'available' | 'sold-out' | 'unavailable';

/** Whether a value of an option, with the other choices kept, can be ordered, is sold out or is not made. */
export function valueState(variants: readonly ProductVariant[], current: Selection, name: string, value: string): ValueState {
  const others = Object.fromEntries(Object.entries(current).filter(([n]) => n !== name));
  const candidates = variants.filter((v) => v.options[name] === value && matches(v, others));
  if (candidates.length === 0) return 'unavailable';
  return candidates.some((v) => v.available !== 0) ? 'available' : 'sold-out';
}

export type AvailabilityTone = 'success' | 'accent' | 'danger';

/** What the page says about the chosen variant ("Only 1 left", a lead time) and the badge it wears. */
export function availabilityOf(p: VariantProduct, v: ProductVariant): { text: string; tone: AvailabilityTone } {
  // Without variants from the API the page says what it always said.
  // A piece staff took out of stock is out of stock, whatever its variants say; without variants from the
  // API the page says what it always said.
  if (!p.in_stock) return { text: 'Out of Stock', tone: 'danger' };
  if (!hasVariants(p)) return { text: 'In Stock', tone: 'success' };
  const text = availabilityLabel(v);
  if (v.available === 0) return { text, tone: 'danger' };
  if (v.available !== null && v.available <= 3) return { text, tone: 'accent' };
  return { text, tone: v.available === null ? 'accent' : 'success' };
}

/** Sold out (or the product withdrawn from sale): the add button is disabled. */
export function canOrder(p: VariantProduct, v: ProductVariant): boolean {
  return p.in_stock && v.available !== 0;
}

/** The most one line may ask for: the units left of a stocked variant, else no limit of its own. */
export function quantityLimit(v: ProductVariant): number | null {
  return v.available === null ? null : Math.max(1, v.available);
}

/** Price and sale price of the chosen variant (the product's original price marks a sale only below it). */
export function priceOf(p: VariantProduct, v: ProductVariant): { price: number; wasPrice: number | null } {
  return { price: v.price, wasPrice: isOnSale({ price: v.price, original_price: p.original_price }) ? p.original_price : null };
}

/** How a chosen variant reads on a line: "Size 6.5", or "Not sure (free ring sizer)"; '' for a plain product. */
export function lineLabel(v: ProductVariant): string {
  return variantLabel(v.options);
}

/**
 * What the page says of the chosen variant: its own description and details where its metal, karat or
 * length makes it differ (an API before them sends neither), else the product's.
 */
export function wordsOf(p: VariantProduct, v: ProductVariant): { description: string; features: string[] } {
  return { description: v.description ?? p.description, features: v.features ?? p.features ?? [] };
}

/**
 * The pictures for a variant: the gallery's (with their alt text) meant for this variant first, then those
 * meant for every variant, led by the variant's own image when it has one; the product's images when there
 * is no gallery.
 */
export function galleryFor(p: VariantProduct, v: ProductVariant): GalleryImage[] {
  const all: GalleryImage[] =
    Array.isArray(p.gallery) && p.gallery.length > 0
      ? p.gallery
      : (p.images?.length ? p.images : [p.image]).map((src, i, list) => ({ src, alt: `${p.name}, view ${i + 1} of ${list.length}` }));
  const forThis = all.filter((g) => g.variant_ids?.includes(v.id));
  const forEvery = all.filter((g) => !g.variant_ids?.length);
  const shown = forThis.length + forEvery.length > 0 ? [...forThis, ...forEvery] : all;
  if (!v.image) return shown;
  const own = shown.find((g) => g.src === v.image);
  const label = lineLabel(v);
  return [own ?? { src: v.image, alt: label ? `${p.name}, ${label}` : p.name }, ...shown.filter((g) => g.src !== v.image)];
}

/** True for the size option of a ring that offers the free sizer. */
export function offersRingSizer(option: ProductOption): boolean {
  return option.name === 'size' && option.values.includes(RING_SIZER_VALUE);
}

/** Characters as a shopper counts them (an emoji is one), for the engraving counter. */
export function characterCount(text: string): number {
  return [...text].length;
}
