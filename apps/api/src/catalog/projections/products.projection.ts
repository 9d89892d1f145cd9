import { assertNever, RATING_EVENT_TYPES, type RatingEvent } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { FoldProjection, ReadModel, ReadModelProjection } from '../../platform/projections';
import { asTextParameter, uuidKey } from '../../platform/projections/row-values';
import { PRODUCT_EVENT_TYPES, ProductFields, ProductOrClearEvent } from '../domain/product';

const COLUMNS: Record<keyof ProductFields, string> = {
  name: 'name',
  description: 'description',
  price_cents: 'price_cents',
  original_price_cents: 'original_price_cents',
  image: 'image',
  images: 'images',
  category: 'category',
  features: 'features',
  rating: 'rating',
  reviews_count: 'reviews_count',
  in_stock: 'in_stock',
  options: 'options',
  variants: 'variants',
  engraving: 'engraving',
  gallery: 'gallery',
};

const TEXT_COLUMNS = new Set(['name', 'description', 'image', 'category']);

/**
 * rm.products: the catalogue as the shop shows it. Its rating and review count follow the product's approved
 * reviews (issue 41): stars added when a review is approved (or imported), taken away when an approved one
 * is rejected. Those events carry the stars, so no other read model is consulted.
 */
type ProductsEvent = RecordedEvent<ProductOrClearEvent | RatingEvent>;

/** A product's row in rm.products: every column a projected event writes. */
export type ProductRow = Record<string, unknown>;

/** A jsonb or other column's value as the row holds it: absent is NULL (for a jsonb column too: no engraving). */
const columnValue = (v: unknown): unknown => v ?? null;

/** One catalogue or rating event's effect on its product's row (null: none yet, or deleted). */
function evolveProduct(row: ProductRow | null, event: ProductsEvent): ProductRow | null {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case 'ProductCreated': {
      if (row) return row; // the first wins, as ON CONFLICT DO NOTHING did
      const d = event.data;
      return {
        id: uuidKey(d.product_id),
        name: d.name,
        description: d.description,
        price_cents: d.price_cents,
        original_price_cents: columnValue(d.original_price_cents),
        image: d.image,
        images: columnValue(d.images),
        category: d.category,
        features: columnValue(d.features),
        rating: d.rating,
        reviews_count: d.reviews_count,
        in_stock: d.in_stock,
        // Absent (recorded before issue 40): NULL, read through the upcaster.
        options: columnValue(d.options),
        variants: columnValue(d.variants),
        engraving: columnValue(d.engraving),
        gallery: columnValue(d.gallery),
        version: event.revision,
        // The log's order is the shelf's: the newest listed first.
        featured_rank: event.position.prepare.toString(),
        created_at: at,
        updated_at: at,
        review_stars: 0,
        review_count: 0,
      };
    }
    case 'ProductEdited': {
      if (!row) return null;
      const next: ProductRow = { ...row };
      // A text column's value as the UPDATE's parameter stored it; the others as their column reads them.
      for (const [k, v] of Object.entries(event.data.changes))
        if (Object.hasOwn(COLUMNS, k)) next[k] = TEXT_COLUMNS.has(k) ? asTextParameter(v) : columnValue(v);
      next.version = event.revision;
      next.updated_at = at;
      return next;
    }
    case 'ProductDeleted':
      return null;
    case 'InventoryCleared':
      return row; // keyOf gives it no row: its work is the effect's
    case 'ReviewImported':
    case 'ReviewApproved':
      return row && rated(row, event.data.stars, 1);
    case 'ReviewRejected':
      // Only an approved review was counted; a pending one rejected changes nothing.
      return row && event.data.from === 'approved' ? rated(row, -event.data.stars, -1) : row;
    default:
      return assertNever(event);
  }
}

/** The product's version stays: it is staff's edit revision (If-Match), which reviews do not move. */
const rated = (row: ProductRow, stars: number, count: number): ProductRow => ({
  ...row,
  review_stars: Number(row.review_stars) + stars,
  review_count: Number(row.review_count) + count,
});

/** rm.products declared as a fold: each product's row from its events; clearing the inventory deletes many. */
export const productsReadModel: ReadModel<ProductOrClearEvent | RatingEvent, ProductRow> = {
  name: 'products',
  table: 'products',
  key: 'id',
  eventTypes: [...PRODUCT_EVENT_TYPES, ...RATING_EVENT_TYPES],
  keyOf: (event) => (event.type === 'InventoryCleared' ? null : uuidKey(event.data.product_id)),
  evolve: evolveProduct,
  effects: {
    InventoryCleared: {
      name: 'delete the cleared products',
      async run(tx, event) {
        await tx.query('DELETE FROM products WHERE id = ANY($1)', [event.data.product_ids]);
      },
    },
  },
};

/** The Nest provider the module lists: the read model, run by the platform. */
@Injectable()
@ReadModelProjection()
export class ProductsProjection extends FoldProjection<ProductOrClearEvent | RatingEvent> {
  constructor() {
    super(productsReadModel);
  }
}
