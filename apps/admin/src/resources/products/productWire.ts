import {
  ENGRAVING_MAX_LENGTH_LIMIT,
  GALLERY_ALT_MAX_LENGTH,
  GALLERY_MAX_IMAGES,
  MAX_PRODUCT_PRICE,
  MAX_STOCK_UNITS,
  RING_SIZER_VALUE,
  US_RING_SIZES,
  hasBidiControls,
  hasVisibleText,
  type EngravingRule,
  type GalleryImage,
  type ProductOption,
  type ProductVariant,
  type StockMode,
  type VariantInput,
} from '@facet/contracts';

/**
 * The product form's options, variants, engraving and gallery (issue 40): how a product read from the API
 * becomes form values, how those values are checked, and what a save sends back.
 */

/** A variant as the form edits it: the stock mode spelled out, the price an override (null: the product's). */
export interface VariantRow {
  /** The API's id; absent for a row not saved yet. */
  id?: string;
  sku: string;
  options: Record<string, string>;
  price: number | null;
  stock_mode: StockMode;
  /** Units to start with, for a row becoming stocked (new, or made to order before); stocked rows change stock through adjustments. */
  stock: number | null;
  lead_time_days: number | null;
  is_default: boolean;
  image: string | null;
  /** What the API said is available (saved stocked rows), for display. */
  available?: number | null;
}

// The API's limits (catalog/domain/product.ts VARIANT_LIMITS), so the form refuses what the API would.
export const MAX_OPTIONS = 10;
export const MAX_OPTION_VALUES = 60;
export const MAX_VARIANTS = 300;
export const OPTION_NAME_MAX = 30;
export const OPTION_VALUE_MAX = 40;
export const SKU_MAX = 64;
export const SKU_PATTERN = /^[A-Z0-9._-]+$/;
export const REASON_MAX = 200;
export const MAX_LEAD_TIME_DAYS = 365;
export const DEFAULT_LEAD_TIME_DAYS = 15;
export const DEFAULT_ENGRAVING_LENGTH = 20;

/** One-click option lists jewellers use. */
export const OPTION_PRESETS: Record<'size' | 'length' | 'metal' | 'karat', ProductOption> = {
  size: { name: 'size', values: [...US_RING_SIZES, RING_SIZER_VALUE] },
  length: { name: 'length', values: ['16"', '18"', '20"', '22"', '24"'] },
  metal: { name: 'metal', values: ['Yellow Gold', 'White Gold', 'Rose Gold', 'Platinum'] },
  karat: { name: 'karat', values: ['14k', '18k'] },
};

/** Adds a preset option, or replaces the values of the option of that name. */
export function withPreset(options: ProductOption[], preset: ProductOption): ProductOption[] {
  const copy = { name: preset.name, values: [...preset.values] };
  const at = options.findIndex((o) => o.name.trim().toLowerCase() === preset.name);
  if (at < 0) return [...options, copy];
  return options.map((o, i) => (i === at ? copy : o));
}

// NUL and the other C0/C1 controls (tab, newline included: these are one-line names), and UTF-16 halves without their pair.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a one-line text is refused (a message key), or undefined: visible, no controls or lone surrogates, not too long. */
export function textProblem(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || !hasVisibleText(value)) return 'facet.variants.error.required';
  if (CONTROL.test(value) || LONE_SURROGATE.test(value)) return 'facet.variants.error.control';
  if (hasBidiControls(value)) return 'facet.validation.bidi_controls';
  if ([...value].length > max) return 'facet.variants.error.too_long';
  return undefined;
}

/** An integer from lo to hi, else the message key saying so. */
export function wholeNumberProblem(value: unknown, lo: number, hi: number): string | undefined {
  if (value === null || value === undefined || value === '') return 'facet.variants.error.required';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n)) return 'facet.variants.error.whole_number';
  if (n < lo || n > hi) return 'facet.variants.error.out_of_range';
  return undefined;
}

/** Every combination of the options' values, in the order staff listed them (one empty combination without options). */
export function combinations(options: ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value }))),
    [{}],
  );
}

const sameOptions = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/** A readable SKU: the product's prefix and each option value's letters and digits, e.g. AURORA-6-5-YG. */
export function skuFor(prefix: string, options: Record<string, string>): string {
  const part = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toUpperCase();
  const sizer = (v: string) => (v === RING_SIZER_VALUE ? 'SIZER' : part(v));
  return [part(prefix).slice(0, 24) || 'FCT', ...Object.values(options).map(sizer)].filter(Boolean).join('-').slice(0, SKU_MAX);
}

/**
 * The rows for every combination of the options: a combination that already has a row keeps it (its id,
 * sku, stock and price), a new one is made to order like most fine jewellery. The default stays where it
 * was, else it goes to the ring sizer's row, else to the first.
 */
export function generateVariants(options: ProductOption[], existing: VariantRow[], skuPrefix: string): VariantRow[] {
  const used = options.filter((o) => o.name.trim() && o.values.length > 0);
  const rows = combinations(used).map(
    (combo): VariantRow =>
      existing.find((r) => sameOptions(r.options, combo)) ?? {
        sku: skuFor(skuPrefix, combo),
        options: combo,
        price: null,
        stock_mode: 'made_to_order',
        stock: null,
        lead_time_days: DEFAULT_LEAD_TIME_DAYS,
        is_default: false,
        image: null,
      },
  );
  const current = rows.findIndex((r) => r.is_default);
  const sizer = rows.findIndex((r) => Object.values(r.options).includes(RING_SIZER_VALUE));
  const chosen = current >= 0 ? current : sizer >= 0 ? sizer : 0;
  return rows.map((r, i) => ({ ...r, is_default: i === chosen }));
}

/**
 * Whether a row was stocked when the product was read: its stock then changes only through adjustments (the
 * ledger records them). A saved made-to-order row switched to stocked is not: it starts from a count, as a new row does.
 */
export function stockedWhenSaved(row: Pick<VariantRow, 'id' | 'available'>): boolean {
  return Boolean(row.id) && row.available !== null && row.available !== undefined;
}

/** A variant the API returned, as a form row: an override only where its price differs from the product's. */
export function toVariantRow(v: ProductVariant, productPrice: number | undefined): VariantRow {
  const stocked = v.available !== null && v.available !== undefined;
  return {
    id: v.id,
    sku: v.sku,
    options: { ...(v.options ?? {}) },
    price: typeof v.price === 'number' && v.price !== productPrice ? v.price : null,
    stock_mode: stocked ? 'stocked' : 'made_to_order',
    stock: null,
    lead_time_days: stocked ? null : (v.lead_time_days ?? null),
    is_default: Boolean(v.is_default),
    image: v.image ?? null,
    available: stocked ? v.available : null,
  };
}

/** A product read from the API as the form's record: variants as rows, the gallery filled in from older images. */
export function toFormRecord<R extends Record<string, unknown>>(
  record: R,
): R & { options: ProductOption[]; variants: VariantRow[]; gallery: GalleryImage[]; engraving: EngravingRule | null } {
  // The product as the API sends it (or as the form already holds it: rows with stock_mode).
  const product = record as Partial<Record<'variants' | 'images' | 'gallery' | 'options', unknown>> & {
    price?: number;
    image?: string;
    name?: unknown;
    engraving?: EngravingRule | null;
  };
  const variants: VariantRow[] = Array.isArray(product.variants)
    ? (product.variants as (ProductVariant | VariantRow)[]).map((v) => ('stock_mode' in v ? v : toVariantRow(v, product.price)))
    : [];
  const images: string[] =
    Array.isArray(product.images) && product.images.length ? (product.images as string[]) : product.image ? [product.image] : [];
  const gallery: GalleryImage[] = Array.isArray(product.gallery)
    ? (product.gallery as GalleryImage[])
    : images.map((src) => ({ src, alt: typeof product.name === 'string' ? product.name : '' }));
  return {
    ...record,
    options: Array.isArray(product.options) ? (product.options as ProductOption[]) : [],
    variants,
    gallery,
    engraving: product.engraving ?? null,
  };
}

/**
 * What a save sends for the variants. The API keeps a saved variant (its id, stock and history) by its
 * options; new stocked rows (and saved ones switched from made to order) send their starting count, rows stocked
 * already the count they showed (staff change stock through adjustments, which the ledger records). No rows: nothing sent, and the API keeps (or makes) the
 * one default variant.
 */
export function variantInputs(rows: VariantRow[]): VariantInput[] {
  return rows.map((r) => {
    const stocked = r.stock_mode === 'stocked';
    const input: VariantInput = {
      options: r.options,
      stock: stocked ? (stockedWhenSaved(r) ? (r.available ?? 0) : Number(r.stock ?? 0)) : null,
      is_default: r.is_default,
      image: r.image || null,
    };
    if (r.sku.trim()) input.sku = r.sku.trim();
    if (r.price !== null && r.price !== undefined && String(r.price) !== '') input.price = Number(r.price);
    if (!stocked) input.lead_time_days = r.lead_time_days === null || String(r.lead_time_days) === '' ? null : Number(r.lead_time_days);
    return input;
  });
}

/** The gallery as the API takes it, and the older fields it decides: image (the featured, first one) and images. */
export function galleryFields(gallery: GalleryImage[]): { gallery: GalleryImage[]; image?: string; images: string[] } {
  const clean = gallery.map((g) => ({ src: g.src, alt: g.alt.trim(), variant_ids: [...(g.variant_ids ?? [])] }));
  return { gallery: clean, ...(clean.length ? { image: clean[0].src } : {}), images: clean.map((g) => g.src) };
}

/** Form-level problems of the options: a message key for the first one, or undefined. */
export function optionsProblem(options: ProductOption[] | null | undefined): string | undefined {
  if (!options?.length) return undefined;
  if (options.length > MAX_OPTIONS) return 'facet.variants.error.too_many_options';
  const names = new Set<string>();
  for (const o of options) {
    const bad = textProblem(o.name, OPTION_NAME_MAX);
    if (bad) return bad;
    const key = o.name.trim().toLowerCase();
    if (names.has(key)) return 'facet.variants.error.duplicate_option';
    names.add(key);
    if (!o.values.length) return 'facet.variants.error.no_values';
    if (o.values.length > MAX_OPTION_VALUES) return 'facet.variants.error.too_many_values';
    if (new Set(o.values).size !== o.values.length) return 'facet.variants.error.duplicate_value';
    for (const v of o.values) {
      const badValue = textProblem(v, OPTION_VALUE_MAX);
      if (badValue) return badValue;
    }
  }
  return undefined;
}

/** A row's problem per field, for the table to show beside the field. */
export function variantRowProblems(row: VariantRow): Partial<Record<'sku' | 'price' | 'stock' | 'lead_time_days', string>> {
  const problems: Partial<Record<'sku' | 'price' | 'stock' | 'lead_time_days', string>> = {};
  if (row.sku !== '' && row.sku !== undefined) {
    const bad = textProblem(row.sku, SKU_MAX);
    if (bad) problems.sku = bad;
    else if (!SKU_PATTERN.test(row.sku.trim())) problems.sku = 'facet.variants.error.sku_chars';
  }
  if (row.price !== null && row.price !== undefined && String(row.price) !== '') {
    const p = Number(row.price);
    if (!Number.isFinite(p) || p < 0.01 || p > MAX_PRODUCT_PRICE || Math.round(p * 100) !== p * 100)
      problems.price = 'facet.variants.error.price';
  }
  if (row.stock_mode === 'stocked' && !stockedWhenSaved(row)) {
    const bad = wholeNumberProblem(row.stock, 0, MAX_STOCK_UNITS);
    if (bad) problems.stock = bad;
  }
  if (row.stock_mode === 'made_to_order' && row.lead_time_days !== null && String(row.lead_time_days) !== '') {
    const bad = wholeNumberProblem(row.lead_time_days, 1, MAX_LEAD_TIME_DAYS);
    if (bad) problems.lead_time_days = bad;
  }
  return problems;
}

/** Form-level problems of the variant rows: a message key for the first one, or undefined. */
export function variantsProblem(rows: VariantRow[] | null | undefined): string | undefined {
  if (!rows?.length) return undefined;
  if (rows.length > MAX_VARIANTS) return 'facet.variants.error.too_many_variants';
  if (rows.filter((r) => r.is_default).length !== 1) return 'facet.variants.error.one_default';
  const skus = rows.map((r) => r.sku.trim().toUpperCase()).filter(Boolean);
  if (new Set(skus).size !== skus.length) return 'facet.variants.error.duplicate_sku';
  const combos = rows.map((r) => JSON.stringify(Object.entries(r.options).sort()));
  if (new Set(combos).size !== combos.length) return 'facet.variants.error.duplicate_combination';
  for (const r of rows) if (Object.keys(variantRowProblems(r)).length) return 'facet.variants.error.row';
  return undefined;
}

/** Form-level problems of the engraving rule. */
export function engravingRuleProblem(rule: EngravingRule | null | undefined): string | undefined {
  if (!rule) return undefined;
  return wholeNumberProblem(rule.max_length, 1, ENGRAVING_MAX_LENGTH_LIMIT);
}

/** An image's alt text problem: required, visible, one line, at most 200 characters. */
export const altProblem = (alt: unknown) => textProblem(alt, GALLERY_ALT_MAX_LENGTH);

/** Form-level problems of the gallery. */
export function galleryProblem(gallery: GalleryImage[] | null | undefined): string | undefined {
  if (!gallery?.length) return undefined;
  if (gallery.length > GALLERY_MAX_IMAGES) return 'facet.gallery.too_many';
  return gallery.some((g) => altProblem(g.alt)) ? 'facet.gallery.alt_missing' : undefined;
}

/** Moves one entry of a list from one place to another (a drag, or a move up/down button). */
export function moved<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}
