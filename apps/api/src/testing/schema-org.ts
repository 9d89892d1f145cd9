/**
 * A small validator of the schema.org shapes the storefront publishes as JSON-LD (Product, Offer,
 * AggregateRating, Review, Rating, Person, Brand, BreadcrumbList, ListItem, Organization, PostalAddress): required properties with
 * their types, optional ones, and no unknown property (a misspelt property is silently ignored by search
 * engines). Follows schema.org's definitions and Google's product and breadcrumb rich-result requirements.
 */
type Check = (value: unknown, path: string, errors: string[]) => void;

const isText = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v);

const text: Check = (v, path, errors) => void (isText(v) || errors.push(`${path} must be non-empty text`));
const url: Check = (v, path, errors) => void (isUrl(v) || errors.push(`${path} must be an absolute URL`));
const oneOrMany =
  (check: Check): Check =>
  (v, path, errors) => {
    const list = Array.isArray(v) ? v : [v];
    if (list.length === 0) errors.push(`${path} must not be empty`);
    list.forEach((item, i) => check(item, `${path}[${i}]`, errors));
  };
const number =
  (min: number, max: number, integer = false): Check =>
  (v, path, errors) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
      errors.push(`${path} must be a${integer ? 'n integer' : ' number'} from ${min} to ${max}, got ${JSON.stringify(v)}`);
    }
  };
const price: Check = (v, path, errors) => {
  const ok = (typeof v === 'number' && Number.isFinite(v) && v >= 0) || (typeof v === 'string' && /^\d+(\.\d{1,2})?$/.test(v));
  if (!ok) errors.push(`${path} must be a price like "1234.50" (no currency sign, no thousands separator), got ${JSON.stringify(v)}`);
};
const oneOf =
  (values: readonly string[]): Check =>
  (v, path, errors) =>
    void (values.includes(v as string) || errors.push(`${path} must be one of ${values.join(', ')}, got ${JSON.stringify(v)}`));
const currency: Check = (v, path, errors) => void (/^[A-Z]{3}$/.test(String(v)) || errors.push(`${path} must be an ISO 4217 code`));
const date: Check = (v, path, errors) => void (/^\d{4}(-\d{2}-\d{2})?$/.test(String(v)) || errors.push(`${path} must be an ISO 8601 date`));
const node =
  (...types: string[]): Check =>
  (v, path, errors) =>
    validateNode(v, path, errors, types);

const AVAILABILITY = [
  'InStock',
  'OutOfStock',
  'PreOrder',
  'BackOrder',
  'Discontinued',
  'LimitedAvailability',
  'SoldOut',
  'OnlineOnly',
  'InStoreOnly',
].map((a) => `https://schema.org/${a}`);
const CONDITION = ['NewCondition', 'UsedCondition', 'RefurbishedCondition', 'DamagedCondition'].map((c) => `https://schema.org/${c}`);

interface Shape {
  required: Record<string, Check>;
  optional?: Record<string, Check>;
  /** Checks across properties. */
  rule?: (n: Record<string, unknown>, path: string, errors: string[]) => void;
}

const SHAPES: Record<string, Shape> = {
  Product: {
    required: { name: text, image: oneOrMany(url), offers: oneOrMany(node('Offer')) },
    optional: {
      '@id': url,
      description: text,
      sku: text,
      category: text,
      brand: node('Brand'),
      aggregateRating: node('AggregateRating'),
      review: oneOrMany(node('Review')),
    },
    // Reviews only beside the rating they make (issue 41).
    rule: (n, path, errors) =>
      void (n.review !== undefined && n.aggregateRating === undefined && errors.push(`${path}: review without aggregateRating`)),
  },
  Review: {
    required: { reviewRating: node('Rating'), author: node('Person'), reviewBody: text },
    optional: { name: text, datePublished: date },
  },
  Rating: {
    required: { ratingValue: number(1, 5) },
    optional: { bestRating: number(0, 100), worstRating: number(0, 100) },
  },
  Person: { required: { name: text } },
  Offer: {
    required: { price, priceCurrency: currency, availability: oneOf(AVAILABILITY) },
    optional: { url, itemCondition: oneOf(CONDITION), seller: node('Organization'), priceValidUntil: date },
  },
  AggregateRating: {
    required: { ratingValue: number(0, 100), reviewCount: number(1, Number.MAX_SAFE_INTEGER, true) },
    optional: { bestRating: number(0, 100), worstRating: number(0, 100) },
    rule: (n, path, errors) => {
      const best = (n.bestRating as number) ?? 5;
      const worst = (n.worstRating as number) ?? 1;
      if (typeof n.ratingValue === 'number' && (n.ratingValue > best || n.ratingValue < worst)) {
        errors.push(`${path}.ratingValue ${n.ratingValue} is outside ${worst}..${best}`);
      }
    },
  },
  Brand: { required: { name: text } },
  BreadcrumbList: {
    required: { itemListElement: oneOrMany(node('ListItem')) },
    rule: (n, path, errors) => {
      const items = (Array.isArray(n.itemListElement) ? n.itemListElement : []) as { position?: unknown }[];
      items.forEach((item, i) => {
        if (item.position !== i + 1) errors.push(`${path}.itemListElement[${i}].position must be ${i + 1}`);
      });
      if (items.length < 2) errors.push(`${path} needs at least two items`);
    },
  },
  ListItem: { required: { position: number(1, 1000, true), name: text, item: url } },
  Organization: {
    required: { name: text },
    optional: {
      '@id': url,
      url,
      logo: url,
      image: url,
      email: text,
      telephone: text,
      foundingDate: date,
      address: node('PostalAddress'),
    },
  },
  PostalAddress: {
    required: { streetAddress: text, addressLocality: text, addressCountry: text },
    optional: { addressRegion: text, postalCode: text },
  },
};

function validateNode(value: unknown, path: string, errors: string[], allowed: string[]): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    errors.push(`${path} must be an object`);
    return;
  }
  const n = value as Record<string, unknown>;
  const type = n['@type'];
  if (typeof type !== 'string' || !SHAPES[type]) {
    errors.push(`${path}.@type ${JSON.stringify(type)} is not a known type`);
    return;
  }
  if (allowed.length && !allowed.includes(type)) errors.push(`${path}.@type must be ${allowed.join(' or ')}, got ${type}`);
  const shape = SHAPES[type];
  for (const [key, check] of Object.entries(shape.required)) {
    if (n[key] === undefined) errors.push(`${path}: ${type} requires ${key}`);
    else check(n[key], `${path}.${key}`, errors);
  }
  for (const [key, v] of Object.entries(n)) {
    if (key === '@type' || key === '@context' || key in shape.required) continue;
    const check = shape.optional?.[key];
    if (!check) errors.push(`${path}: ${key} is not a property this validator knows for ${type}`);
    else check(v, `${path}.${key}`, errors);
  }
  shape.rule?.(n, path, errors);
}

/** The problems with one JSON-LD document (empty when it is valid). */
export function validateJsonLd(doc: unknown): string[] {
  const errors: string[] = [];
  if (!doc || typeof doc !== 'object') return ['not an object'];
  if ((doc as Record<string, unknown>)['@context'] !== 'https://schema.org') errors.push('@context must be https://schema.org');
  validateNode(doc, '$', errors, []);
  return errors;
}

/** Every <script type="application/ld+json"> in an HTML page, parsed. */
export function jsonLdIn(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}
