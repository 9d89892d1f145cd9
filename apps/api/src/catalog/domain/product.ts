import {
  assertNever,
  type CatalogEvent,
  defaultSku,
  defaultVariant,
  ENGRAVING_MAX_LENGTH_LIMIT,
  type EventOfType,
  eventTypes,
  GALLERY_ALT_MAX_LENGTH,
  GALLERY_MAX_IMAGES,
  hasBidiControls,
  hasStackedMarks,
  hasVisibleText,
  MAX_PRODUCT_PRICE,
  type InventoryCleared,
  PRODUCT_EVENT_SCHEMAS,
  type ProductEvent,
  type ProductFields,
  type ProductGalleryImage,
  type VariantFieldName,
  type VariantSpec,
} from '@facet/contracts';
import { randomUUID } from 'crypto';
import { BadInputError, ConflictError, DomainError, NotFoundError } from '../../platform/domain/errors';
import { unstorableReason } from '../../platform/http/storable-input';

// The events live in libs/contracts (events/catalog.ts, issue 42), with the upcaster of products recorded
// before variants (version 1) and the default variant it gives them; re-exported for this part.
export { defaultSku, defaultVariant };
export type {
  CatalogEvent,
  CatalogueSeeded,
  InventoryCleared,
  ProductCreated,
  ProductDeleted,
  ProductEdited,
  ProductEvent,
  ProductFields,
  VariantSpec,
} from '@facet/contracts';
/** One picture of the gallery as events carry it (the wire's GalleryImage has variant_ids optional). */
export type GalleryImage = ProductGalleryImage;

/** A variant as staff send it: its id is kept (same options) or made by the decider, its sku made when null. */
export type VariantDraft = Omit<VariantSpec, 'variant_id' | 'sku'> & { sku: string | null };
/** What a command says of a product: variants as drafts; options, engraving and gallery may be left out, alt text blank. */
export type ProductInput = Omit<ProductFields, VariantFieldName> &
  Partial<Pick<ProductFields, 'options' | 'engraving' | 'gallery'>> & { variants?: VariantDraft[] };

/** The product streams' events and the catalogue stream's clears (the products read model's, the catalogue as of a date's). */
export const PRODUCT_EVENT_TYPES = [
  ...eventTypes(PRODUCT_EVENT_SCHEMAS),
  'InventoryCleared',
] as const satisfies readonly CatalogEvent['type'][];
export type ProductOrClearEvent = EventOfType<CatalogEvent, (typeof PRODUCT_EVENT_TYPES)[number]>;

export const productStream = (id: string) => `product-${id}`;
export const CATALOGUE_STREAM = 'catalogue';

/** Limits on what staff define (the decider refuses more; the admin DTOs say the same). */
export const VARIANT_LIMITS = {
  options: 10,
  optionName: 30,
  values: 60,
  value: 40,
  variants: 300,
  sku: 64,
  gallery: GALLERY_MAX_IMAGES,
  alt: GALLERY_ALT_MAX_LENGTH,
  leadTimeDays: 365,
  /** A variant's own description and details: the product's own limits. */
  description: 5000,
  features: 30,
  feature: 200,
} as const;
export const SKU_PATTERN = /^[A-Z0-9._-]+$/;

/** A variant's sku when staff give none: the product's, then the variant id's last 12 hex digits (48 random bits). */
const generatedSku = (productId: string, variantId: string) =>
  `${defaultSku(productId)}-${variantId.replace(/-/g, '').slice(-12).toUpperCase()}`;

/** Pictures of a product that has no gallery of its own: its images, described by its name. */
export function galleryFromImages(fields: Pick<ProductFields, 'name' | 'image' | 'images'>): GalleryImage[] {
  const images = fields.images?.length ? fields.images : [fields.image];
  return images.map((src) => ({ src, alt: fields.name, variant_ids: [] }));
}

/** The same key for the same choice, whatever order the options were written in. */
export function optionsKey(options: Record<string, string>): string {
  return JSON.stringify(
    Object.keys(options)
      .sort()
      .map((k) => [k, options[k]]),
  );
}

/** A variant's price in cents: its own, or the product's. */
export const variantPriceCents = (v: Pick<VariantSpec, 'price_cents'>, productPriceCents: number) => v.price_cents ?? productPriceCents;

export interface ProductState {
  status: 'none' | 'listed' | 'deleted';
  /** As its events say (upcast to today's shape): a picture without alt text is described by the name (shownFields). */
  fields: ProductFields | null;
}

export type ProductCommand =
  | { type: 'CreateProduct'; productId: string; fields: ProductInput; newVariantId?: () => string }
  | { type: 'EditProduct'; productId: string; changes: Partial<ProductInput>; newVariantId?: () => string }
  | { type: 'DeleteProduct'; productId: string };

/** The versions appended today (older ones are upcast when read, events/catalog.ts). */
const PRODUCT_CREATED_VERSION = PRODUCT_EVENT_SCHEMAS.ProductCreated.version;
const PRODUCT_EDITED_VERSION = PRODUCT_EVENT_SCHEMAS.ProductEdited.version;

/**
 * A product's fields as staff see and edit them: the pictures of a product recorded before galleries, which
 * have no alt text of their own, described by its name as it is now (so they follow its renames).
 */
export function shownFields(fields: ProductFields): ProductFields {
  return fields.gallery.some((g) => g.alt === '') ? { ...fields, gallery: described(fields.gallery, fields.name) } : fields;
}

export const product = {
  initialState: (): ProductState => ({ status: 'none', fields: null }),

  evolve(state: ProductState, event: ProductEvent): ProductState {
    switch (event.type) {
      case 'ProductCreated': {
        const { product_id: _id, ...fields } = event.data;
        return { status: 'listed', fields };
      }
      case 'ProductEdited':
        return { ...state, fields: { ...(state.fields as ProductFields), ...event.data.changes } };
      case 'ProductDeleted':
        return { ...state, status: 'deleted' };
      default:
        return assertNever(event);
    }
  },

  decide(command: ProductCommand, state: ProductState): ProductEvent[] {
    switch (command.type) {
      case 'CreateProduct': {
        if (state.status !== 'none') throw new ConflictError('A product with this id already exists.');
        const { variants: drafts, ...rest } = command.fields;
        const variants = resolveVariants(drafts, [], command.productId, command.newVariantId);
        const fields: ProductFields = {
          ...rest,
          options: rest.options ?? [],
          engraving: rest.engraving ?? null,
          gallery: rest.gallery ? described(rest.gallery, rest.name) : galleryFromImages(rest),
          variants,
        };
        if (command.fields.gallery) fields.images = fields.gallery.map((g) => g.src);
        assertValidProduct(fields);
        return [{ type: 'ProductCreated', schemaVersion: PRODUCT_CREATED_VERSION, data: { product_id: command.productId, ...fields } }];
      }
      case 'EditProduct': {
        if (state.status !== 'listed') throw new NotFoundError();
        const current = shownFields(state.fields as ProductFields);
        const wanted = inStep(current, command.changes, command.productId, command.newVariantId);
        const changes = Object.fromEntries(
          Object.entries(wanted).filter(([k, v]) => JSON.stringify(current[k as keyof ProductFields]) !== JSON.stringify(v)),
        ) as Partial<ProductFields>;
        const merged = { ...current, ...changes };
        if (merged.original_price_cents !== null && merged.original_price_cents <= 0) {
          throw new ConflictError('original_price must be above zero.');
        }
        assertValidProduct(merged);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'ProductEdited', schemaVersion: PRODUCT_EDITED_VERSION, data: { product_id: command.productId, changes } }];
      }
      case 'DeleteProduct':
        if (state.status !== 'listed') throw new NotFoundError();
        return [{ type: 'ProductDeleted', data: { product_id: command.productId } }];
    }
  },
};

/**
 * Drafts as variants: a draft with the options of an existing variant keeps that variant's id (and sku when
 * it names none), any other gets a new id. No drafts (or none sent): the product's own default variant.
 */
function resolveVariants(
  drafts: VariantDraft[] | undefined,
  existing: VariantSpec[],
  productId: string,
  newVariantId: () => string = randomUUID,
): VariantSpec[] {
  if (!drafts || drafts.length === 0) return [defaultVariant(productId)];
  const byOptions = new Map(existing.map((v) => [optionsKey(v.options), v]));
  return drafts.map(({ sku, ...draft }) => {
    const kept = byOptions.get(optionsKey(draft.options));
    const variant_id = kept?.variant_id ?? newVariantId();
    const variant: VariantSpec = { variant_id, sku: sku ?? kept?.sku ?? generatedSku(productId, variant_id), ...draft };
    // Its own text, left out of a save (a client that does not edit it), is kept; null gives the product's.
    if (draft.description === undefined) delete variant.description;
    if (draft.features === undefined) delete variant.features;
    if (draft.description === undefined && kept?.description != null) variant.description = kept.description;
    if (draft.features === undefined && kept?.features != null) variant.features = kept.features;
    return variant;
  });
}

/**
 * An edit's changes with what follows from them: variants from drafts; images from a gallery sent (the
 * featured image kept when still shown, else the gallery's first); a gallery from images sent without one
 * (keeping each kept picture's alt text); gallery pictures no longer pointing at removed variants.
 */
function inStep(
  current: ProductFields,
  input: Partial<ProductInput>,
  productId: string,
  newVariantId?: () => string,
): Partial<ProductFields> {
  const { variants: drafts, ...rest } = input;
  const changes: Partial<ProductFields> = { ...rest };
  if (drafts !== undefined) changes.variants = resolveVariants(drafts, current.variants, productId, newVariantId);
  if (changes.gallery) {
    changes.gallery = described(changes.gallery, changes.name ?? current.name);
    const srcs = changes.gallery.map((g) => g.src);
    changes.images = srcs;
    if (changes.image === undefined && srcs.length > 0 && !srcs.includes(current.image)) changes.image = srcs[0];
  } else if (changes.images) {
    const name = changes.name ?? current.name;
    changes.gallery = changes.images.map((src) => current.gallery.find((g) => g.src === src) ?? { src, alt: name, variant_ids: [] });
  }
  if (changes.variants && !input.gallery) {
    const ids = new Set(changes.variants.map((v) => v.variant_id));
    changes.gallery = (changes.gallery ?? current.gallery).map((g) => ({ ...g, variant_ids: g.variant_ids.filter((id) => ids.has(id)) }));
  }
  return changes;
}

/** Pictures sent without alt text are described by the product's name. */
const described = (gallery: GalleryImage[], name: string) => gallery.map((g) => (g.alt === '' ? { ...g, alt: name } : g));

type Problem = { field: string; message: string };

/** Why a text staff typed cannot be a name, value, sku or alt text, or null when it can. */
function textProblem(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return 'must be text';
  const unstorable = unstorableReason(value);
  if (unstorable) return unstorable;
  if (value.length > max) return `must be at most ${max} characters`;
  if (!hasVisibleText(value)) return 'must not be empty';
  if (value.trim() !== value) return 'must not start or end with spaces';
  if (hasBidiControls(value)) return 'must not hold bidi override, embedding or isolate characters';
  if (hasStackedMarks(value)) return 'has a letter with too many combining marks stacked on it';
  return null;
}

const isWhole = (n: unknown, min: number, max: number) => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** Every rule of options, variants, engraving and gallery the product breaks (at most 20). */
export function variantProblems(fields: Pick<ProductFields, VariantFieldName>): Problem[] {
  const problems: Problem[] = [];
  const add = (field: string, message: string) => problems.length < 20 && problems.push({ field, message: `${field} ${message}` });
  const { options, variants, engraving, gallery } = fields;

  if (!Array.isArray(options) || options.length > VARIANT_LIMITS.options)
    add('options', `must be at most ${VARIANT_LIMITS.options} options`);
  const names = new Set<string>();
  for (const [i, option] of (Array.isArray(options) ? options : []).entries()) {
    const nameProblem = textProblem(option?.name, VARIANT_LIMITS.optionName);
    if (nameProblem) add(`options.${i}.name`, nameProblem);
    else if (names.has(option.name.toLowerCase())) add(`options.${i}.name`, `repeats the option ${option.name}`);
    else names.add(option.name.toLowerCase());
    const values = Array.isArray(option?.values) ? option.values : [];
    if (values.length < 1 || values.length > VARIANT_LIMITS.values)
      add(`options.${i}.values`, `must hold 1 to ${VARIANT_LIMITS.values} values`);
    const seen = new Set<string>();
    for (const [j, value] of values.entries()) {
      const valueProblem = textProblem(value, VARIANT_LIMITS.value);
      if (valueProblem) add(`options.${i}.values.${j}`, valueProblem);
      else if (seen.has(value)) add(`options.${i}.values.${j}`, `repeats the value ${value}`);
      seen.add(value);
    }
  }

  if (!Array.isArray(variants) || variants.length < 1 || variants.length > VARIANT_LIMITS.variants) {
    add('variants', `must hold 1 to ${VARIANT_LIMITS.variants} variants`);
  }
  const list = Array.isArray(variants) ? variants.slice(0, VARIANT_LIMITS.variants + 1) : [];
  const skus = new Set<string>();
  const choices = new Set<string>();
  const valuesOf = new Map(
    (Array.isArray(options) ? options : []).map((o) => [o?.name, new Set(Array.isArray(o?.values) ? o.values : [])]),
  );
  for (const [i, v] of list.entries()) {
    const at = `variants.${i}`;
    if (typeof v?.sku !== 'string' || v.sku.length < 1 || v.sku.length > VARIANT_LIMITS.sku || !SKU_PATTERN.test(v.sku)) {
      add(`${at}.sku`, `must be 1 to ${VARIANT_LIMITS.sku} of A-Z, 0-9, dot, dash and underscore`);
    } else if (skus.has(v.sku)) add(`${at}.sku`, `repeats the sku ${v.sku}`);
    else skus.add(v.sku);
    const chosen = v?.options && typeof v.options === 'object' ? Object.entries(v.options) : [];
    if (chosen.length !== valuesOf.size || chosen.some(([name]) => !valuesOf.has(name))) {
      add(`${at}.options`, `must give a value for each option (${[...valuesOf.keys()].join(', ') || 'none'}) and no other`);
    } else {
      for (const [name, value] of chosen) {
        if (!valuesOf.get(name)?.has(value)) add(`${at}.options.${name}`, `must be one of the values of the option ${name}`);
      }
      const key = optionsKey(v.options);
      if (choices.has(key)) add(`${at}.options`, 'repeat the options of another variant');
      choices.add(key);
    }
    if (v?.price_cents !== null && !isWhole(v?.price_cents, 1, MAX_PRODUCT_PRICE * 100)) {
      add(`${at}.price`, `must be from 0.01 to ${MAX_PRODUCT_PRICE}`);
    }
    if (v?.stock_mode !== 'stocked' && v?.stock_mode !== 'made_to_order') add(`${at}.stock`, 'must be a count or null');
    if (v?.lead_time_days !== null && !isWhole(v?.lead_time_days, 0, VARIANT_LIMITS.leadTimeDays)) {
      add(`${at}.lead_time_days`, `must be a whole number of days from 0 to ${VARIANT_LIMITS.leadTimeDays}, or null`);
    } else if (v?.lead_time_days !== null && v?.stock_mode === 'stocked') {
      add(`${at}.lead_time_days`, 'is for made-to-order variants (stock null) only');
    }
    if (v?.image !== null && (typeof v?.image !== 'string' || unstorableReason(v.image) || v.image.length > 300))
      add(`${at}.image`, 'must be a path on this site or null');
    if (v?.description != null) {
      const problem = textProblem(v.description, VARIANT_LIMITS.description);
      if (problem) add(`${at}.description`, `${problem} (null: the product's)`);
    }
    if (v?.features != null) {
      if (!Array.isArray(v.features) || v.features.length > VARIANT_LIMITS.features) {
        add(`${at}.features`, `must be a list of at most ${VARIANT_LIMITS.features} lines, or null`);
      } else {
        for (const [j, line] of v.features.entries()) {
          const problem = textProblem(line, VARIANT_LIMITS.feature);
          if (problem) add(`${at}.features.${j}`, problem);
        }
      }
    }
  }
  const defaults = list.filter((v) => v?.is_default === true).length;
  if (list.length > 0 && defaults !== 1) add('variants', `must have exactly one default variant (is_default), not ${defaults}`);

  if (engraving !== null && !isWhole(engraving?.max_length, 1, ENGRAVING_MAX_LENGTH_LIMIT)) {
    add('engraving.max_length', `must be a whole number from 1 to ${ENGRAVING_MAX_LENGTH_LIMIT}`);
  }

  if (!Array.isArray(gallery) || gallery.length > VARIANT_LIMITS.gallery)
    add('gallery', `must be at most ${VARIANT_LIMITS.gallery} images`);
  const variantIds = new Set(list.map((v) => v?.variant_id));
  for (const [i, g] of (Array.isArray(gallery) ? gallery.slice(0, VARIANT_LIMITS.gallery + 1) : []).entries()) {
    if (typeof g?.src !== 'string' || unstorableReason(g.src) || g.src.length > 300) add(`gallery.${i}.src`, 'must be a path on this site');
    const altProblem = textProblem(g?.alt, VARIANT_LIMITS.alt);
    if (altProblem) add(`gallery.${i}.alt`, altProblem);
    const ids = Array.isArray(g?.variant_ids) ? g.variant_ids : [null];
    if (ids.some((id) => !variantIds.has(id as string))) add(`gallery.${i}.variant_ids`, 'must name variants of this product');
  }
  return problems;
}

/** One 400 naming every rule broken. */
function assertValidProduct(fields: ProductFields): void {
  const problems = variantProblems(fields);
  if (problems.length === 1) throw new BadInputError(problems[0].message, problems[0].field);
  if (problems.length > 1) throw new DomainError(400, problems.map((p) => p.message).join('; '), problems);
}

/** A product cleared with the inventory counts as deleted, though its own stream does not say so. */
export function withInventoryClears(state: ProductState, productId: string, clears: InventoryCleared[]): ProductState {
  return state.status === 'listed' && clears.some((c) => c.data.product_ids.includes(productId)) ? { ...state, status: 'deleted' } : state;
}
