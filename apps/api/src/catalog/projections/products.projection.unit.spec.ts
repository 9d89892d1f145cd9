import { randomUUID } from 'crypto';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { foldEvents } from '../../platform/projections/fold';
import { ProductRow, productsReadModel } from './products.projection';

type Event = Parameters<typeof productsReadModel.evolve>[1];

const PRODUCT = '5d1c0b7a-3e2f-4a19-8b6c-7d8e9f0a1b2c';
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

/** An event as the log hands it to the read model: revision `revision`, at second and log position `second`. */
function recorded(type: string, data: Record<string, unknown>, revision = 0, second = revision): Event {
  return {
    type,
    data,
    streamId: `product-${PRODUCT}`,
    revision,
    position: { commit: BigInt(second), prepare: BigInt(1000 + second) },
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: at(second),
      actor: { type: 'staff', id: 's1' },
      correlationId: randomUUID(),
      causationId: null,
    },
  } as unknown as RecordedEvent as Event;
}

const FIELDS = {
  name: 'Solitaire',
  description: 'A ring',
  price_cents: 785000,
  original_price_cents: null,
  image: '/r.jpg',
  images: ['/r.jpg'],
  category: 'rings',
  features: ['platinum'],
  rating: 4.5,
  reviews_count: 12,
  in_stock: true,
  options: [{ name: 'Size', values: ['6'] }],
  variants: [{ id: 'v1', options: { Size: '6' } }],
  engraving: null,
  gallery: [{ src: '/r.jpg', alt: 'Solitaire' }],
};
const created = (data: Record<string, unknown> = {}) => recorded('ProductCreated', { product_id: PRODUCT, ...FIELDS, ...data });
const rowAfter = (...events: Event[]): ProductRow | null => foldEvents(productsReadModel, events).get(PRODUCT) ?? null;

describe('rm.products as a fold', () => {
  it('should write every column of a product listed, its shelf rank the log position', () => {
    expect(rowAfter(created())).toEqual({
      id: PRODUCT,
      ...FIELDS,
      version: 0,
      featured_rank: '1000',
      created_at: at(0),
      updated_at: at(0),
      review_stars: 0,
      review_count: 0,
    });
  });

  it('should write NULL for the fields a product recorded before variants has not', () => {
    const { options: _o, variants: _v, engraving: _e, gallery: _g, ...older } = FIELDS;
    const row = rowAfter(recorded('ProductCreated', { product_id: PRODUCT, ...older }));
    expect(row).toMatchObject({ options: null, variants: null, engraving: null, gallery: null });
  });

  it('should keep the first of two listings of one product (two spellings of its id are one)', () => {
    const rows = foldEvents(productsReadModel, [
      created(),
      recorded('ProductCreated', { ...FIELDS, product_id: PRODUCT.toUpperCase(), name: 'Other' }, 0, 1),
    ]);
    expect([...rows.keys()]).toEqual([PRODUCT]);
    expect(rows.get(PRODUCT)?.name).toBe('Solitaire');
  });

  it('should edit only the columns an edit names, ignore unknown keys, and move version and time', () => {
    const row = rowAfter(
      created(),
      recorded(
        'ProductEdited',
        { product_id: PRODUCT, changes: { price_cents: 700000, engraving: { max: 12 }, sneaky: 'x', gallery: null } },
        1,
      ),
    );
    expect(row).toEqual({
      ...rowAfter(created()),
      price_cents: 700000,
      engraving: { max: 12 },
      gallery: null,
      version: 1,
      updated_at: at(1),
    });
    expect(row).not.toHaveProperty('sneaky');
  });

  it('should store an odd value edited into a text column as the parameter stored it', () => {
    const row = rowAfter(created(), recorded('ProductEdited', { product_id: PRODUCT, changes: { name: ['a', 'b'], category: 5 } }, 1));
    expect(row).toMatchObject({ name: '{"a","b"}', category: '5' });
  });

  it('should leave no row for an edit or a review of a product not listed', () => {
    expect(rowAfter(recorded('ProductEdited', { product_id: PRODUCT, changes: { name: 'x' } }, 1))).toBeNull();
    expect(
      rowAfter(recorded('ReviewApproved', { product_id: PRODUCT, review_id: 'r', stars: 5, from: 'pending', by: 's', note: null })),
    ).toBeNull();
  });

  it('should delete a product, and leave clearing the inventory to its effect', () => {
    expect(rowAfter(created(), recorded('ProductDeleted', { product_id: PRODUCT }, 1))).toBeNull();
    const cleared = recorded('InventoryCleared', { product_ids: [PRODUCT] }, 0, 2);
    expect(productsReadModel.keyOf(cleared)).toBeNull();
    expect(productsReadModel.effects?.InventoryCleared?.name).toBe('delete the cleared products');
  });

  it('should count approved and imported reviews, take back an approved one rejected, and not a pending one', () => {
    const review = (type: string, stars: number, from: string, second: number) =>
      recorded(type, { product_id: PRODUCT, review_id: randomUUID(), stars, from, by: 's', note: null, author_name: 'A' }, 0, second);
    const row = rowAfter(
      created(),
      review('ReviewImported', 4, 'approved', 1),
      review('ReviewApproved', 5, 'pending', 2),
      review('ReviewRejected', 5, 'approved', 3),
      review('ReviewRejected', 1, 'pending', 4),
    );
    // The version stays: it is staff's edit revision (If-Match), which reviews do not move.
    expect(row).toMatchObject({ review_stars: 4, review_count: 1, version: 0, updated_at: at(0) });
  });

  it('should carry hostile text and huge numbers to the row as the event holds them', () => {
    const row = rowAfter(created({ name: 'R\u0000ing', description: '\ud800', price_cents: 2 ** 60 }));
    expect(row).toMatchObject({ name: 'R\u0000ing', description: '\ud800', price_cents: 2 ** 60 });
  });

  it('should fold in the log order: an edit after a deletion finds no row', () => {
    const edited = recorded('ProductEdited', { product_id: PRODUCT, changes: { name: 'x' } }, 2);
    expect(rowAfter(created(), recorded('ProductDeleted', { product_id: PRODUCT }, 1), edited)).toBeNull();
    expect(rowAfter(created(), { ...edited, revision: 1 })?.name).toBe('x');
  });

  it('should be pure: the row it is given stays as it was', () => {
    const row = Object.freeze(rowAfter(created())!);
    productsReadModel.evolve(row, recorded('ProductEdited', { product_id: PRODUCT, changes: { name: 'x' } }, 1));
    expect(row.name).toBe('Solitaire');
  });
});
