import {
  CATALOG_EVENT_SCHEMAS,
  CONTACT_EVENT_SCHEMAS,
  CUSTOM_DESIGN_EVENT_SCHEMAS,
  CUSTOMER_EVENT_SCHEMAS,
  defaultVariant,
  EVENT_SCHEMAS,
  eventTypes,
  type FacetEventType,
  INVENTORY_EVENT_SCHEMAS,
  MAIL_EVENT_SCHEMAS,
  ORDER_EVENT_SCHEMAS,
  PAYMENT_EVENT_SCHEMAS,
  PRODUCT_EVENT_SCHEMAS,
  type ProductCreatedData,
  type ProductEditedData,
  RATING_EVENT_TYPES,
  readEvent,
  RETURN_EVENT_SCHEMAS,
  REVIEW_EVENT_SCHEMAS,
  REVIEW_STREAM_EVENT_SCHEMAS,
  STAFF_EVENT_SCHEMAS,
  STAFF_MEMBER_EVENT_SCHEMAS,
} from './index';

/** Every part's table, as index.ts joins them. */
const PART_TABLES = {
  catalog: CATALOG_EVENT_SCHEMAS,
  contact: CONTACT_EVENT_SCHEMAS,
  customDesigns: CUSTOM_DESIGN_EVENT_SCHEMAS,
  customers: CUSTOMER_EVENT_SCHEMAS,
  inventory: INVENTORY_EVENT_SCHEMAS,
  mail: MAIL_EVENT_SCHEMAS,
  orders: ORDER_EVENT_SCHEMAS,
  payments: PAYMENT_EVENT_SCHEMAS,
  returns: RETURN_EVENT_SCHEMAS,
  reviews: REVIEW_EVENT_SCHEMAS,
  staff: STAFF_EVENT_SCHEMAS,
};

// The list of every type derives from the table and types as the union's type names (a compile-time check).
const ALL_TYPES: readonly FacetEventType[] = eventTypes(EVENT_SCHEMAS);

const PRODUCT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const productV1 = {
  product_id: PRODUCT_ID,
  name: 'Old Piece',
  description: 'Listed before variants.',
  price_cents: 45_000,
  original_price_cents: null,
  image: '/images/products/a-1.svg',
  images: ['/images/products/a-1.svg', '/images/products/a-2.svg'],
  category: 'women-rings',
  features: [],
  rating: 4.5,
  reviews_count: 0,
  in_stock: true,
};
const productV2: ProductCreatedData = {
  ...productV1,
  category: 'women-rings',
  options: [],
  variants: [defaultVariant(PRODUCT_ID)],
  engraving: null,
  gallery: [
    { src: '/images/products/a-1.svg', alt: '', variant_ids: [] },
    { src: '/images/products/a-2.svg', alt: '', variant_ids: [] },
  ],
};

/**
 * One event of every older version of every type, and how today's release reads it. A raised version without
 * its row here fails the spec below: whoever changes an event's shape shows how the old one reads.
 */
const OLD_VERSIONS: { type: string; version: number; recorded: unknown; read: unknown }[] = [
  {
    type: 'OrderPaid',
    version: 1,
    recorded: { order_id: 'o', session_id: 's', amount_cents: 100, currency: 'usd' },
    read: { order_id: 'o', session_id: 's', amount_cents: 100, currency: 'usd', card_last_4: null },
  },
  {
    type: 'PaymentSucceeded',
    version: 1,
    recorded: { session_id: 's', order_id: 'o', amount_cents: 100, currency: 'usd', method: 'card' },
    read: { session_id: 's', order_id: 'o', amount_cents: 100, currency: 'usd', method: 'card', card_last_4: null },
  },
  {
    type: 'MailSent',
    version: 1,
    recorded: { mail_id: 'm', kind: 'k', to: 'a@x.test', subject: 'S', html: '<p>h</p>', text: 't', subject_id: 'g', delivered: true },
    read: {
      mail_id: 'm',
      kind: 'k',
      template_version: 1,
      to: 'a@x.test',
      subject: 'S',
      subject_id: 'g',
      content_sha256: '',
      delivered: true,
      html: '<p>h</p>',
      text: 't',
    },
  },
  {
    type: 'MailSent',
    version: 2,
    recorded: {
      mail_id: 'm',
      kind: 'k',
      template_version: 2,
      to: 'a',
      subject: 'S',
      subject_id: 'g',
      content_sha256: 'c',
      delivered: true,
    },
    read: { mail_id: 'm', kind: 'k', template_version: 2, to: 'a', subject: 'S', subject_id: 'g', content_sha256: 'c', delivered: true },
  },
  { type: 'ProductCreated', version: 1, recorded: productV1, read: productV2 },
  {
    type: 'ProductEdited',
    version: 1,
    recorded: { product_id: PRODUCT_ID, changes: { images: ['/images/products/b.svg'] } },
    read: {
      product_id: PRODUCT_ID,
      changes: { images: ['/images/products/b.svg'], gallery: [{ src: '/images/products/b.svg', alt: '', variant_ids: [] }] },
    },
  },
];

describe('One definition per event (issue 50)', () => {
  it('should give every type one schema, in one part only', () => {
    const perPart = Object.values(PART_TABLES).flatMap((table) => eventTypes(table));
    expect(new Set(perPart).size).toBe(perPart.length);
    expect([...perPart].sort()).toEqual([...ALL_TYPES].sort());
    for (const type of ALL_TYPES) expect(Object.isFrozen(EVENT_SCHEMAS) && EVENT_SCHEMAS[type].version >= 1).toBe(true);
  });

  it('should derive the lists of types from the tables, the selections from within them', () => {
    for (const table of Object.values(PART_TABLES)) expect(eventTypes(table)).toEqual(Object.keys(table));
    expect(Object.isFrozen(eventTypes(ORDER_EVENT_SCHEMAS))).toBe(true);
    const within = (inner: readonly string[], outer: object) => inner.every((t) => Object.hasOwn(outer, t));
    expect(within(eventTypes(PRODUCT_EVENT_SCHEMAS), CATALOG_EVENT_SCHEMAS)).toBe(true);
    expect(within(eventTypes(REVIEW_STREAM_EVENT_SCHEMAS), REVIEW_EVENT_SCHEMAS)).toBe(true);
    expect(within(eventTypes(STAFF_MEMBER_EVENT_SCHEMAS), STAFF_EVENT_SCHEMAS)).toBe(true);
    expect(within(RATING_EVENT_TYPES, REVIEW_STREAM_EVENT_SCHEMAS)).toBe(true);
    // A selection's schema is the part's own object, not a copy that could drift.
    expect(CATALOG_EVENT_SCHEMAS.ProductCreated).toBe(PRODUCT_EVENT_SCHEMAS.ProductCreated);
    expect(EVENT_SCHEMAS.OrderPaid).toBe(ORDER_EVENT_SCHEMAS.OrderPaid);
  });

  it('should upcast every older version of every type to the current one', () => {
    for (const [type, schema] of Object.entries(EVENT_SCHEMAS)) {
      // Upcasters only from versions that were written: 1 to the one before today's.
      for (const from of Object.keys(schema.upcasters ?? {}).map(Number)) {
        expect({ type, from, valid: Number.isSafeInteger(from) && from >= 1 && from < schema.version }).toEqual({
          type,
          from,
          valid: true,
        });
      }
      for (let version = 1; version < schema.version; version++) {
        expect({ type, version, shown: OLD_VERSIONS.some((o) => o.type === type && o.version === version) }).toEqual({
          type,
          version,
          shown: true,
        });
      }
    }
    for (const { type, version, recorded, read } of OLD_VERSIONS) {
      const before = structuredClone(recorded);
      expect({ type, version, read: readEvent(type, version, recorded) }).toEqual({ type, version, read });
      // The recorded data itself is never changed.
      expect(recorded).toEqual(before);
    }
  });

  it('should read a product recorded before variants with a default variant and an undescribed gallery of its images', () => {
    // No images listed: its featured image.
    expect((readEvent('ProductCreated', 1, { ...productV1, images: [] }) as ProductCreatedData).gallery).toEqual([
      { src: '/images/products/a-1.svg', alt: '', variant_ids: [] },
    ]);
    // A version 1 event that already has today's fields (written before version 2 was) reads as it is.
    expect(readEvent('ProductCreated', 1, { ...productV2, gallery: [{ src: '/x.svg', alt: 'X', variant_ids: [] }] })).toEqual({
      ...productV2,
      gallery: [{ src: '/x.svg', alt: 'X', variant_ids: [] }],
    });
    expect(readEvent('ProductCreated', 2, productV2)).toBe(productV2);
  });

  it('should bring a gallery along only with an edit of the images of the shape written before variants', () => {
    const edit = (changes: ProductEditedData['changes']) => ({ product_id: PRODUCT_ID, changes });
    for (const kept of [
      edit({ name: 'Renamed' }),
      edit({ images: [] }),
      edit({ images: ['/b.svg'], gallery: [{ src: '/b.svg', alt: 'B', variant_ids: [] }] }),
      edit({ images: ['/b.svg'], variants: [defaultVariant(PRODUCT_ID)] }),
    ]) {
      expect(readEvent('ProductEdited', 1, kept)).toBe(kept);
    }
    const images = edit({ images: ['/b.svg'] });
    expect(readEvent('ProductEdited', 2, images)).toBe(images);
  });
});
