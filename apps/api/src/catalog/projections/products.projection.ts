import { assertNever, RATING_EVENT_TYPES, type RatingEvent } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { inRuns, Projection, ReadModelProjection } from '../../platform/projections/projection';
import { ReadModel } from '../../platform/projections/fold';
import { asTextParameter, uuidKey } from '../../platform/projections/row-values';
import { PRODUCT_EVENT_TYPES, ProductCreated, ProductFields, ProductOrClearEvent } from '../domain/product';

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
const JSON_COLUMNS = new Set(['images', 'features', 'options', 'variants', 'engraving', 'gallery']);
/** jsonb parameters as JSON text; null (no engraving) as SQL NULL, as a product recorded without one has. */
const json = (k: string, v: unknown): unknown => (JSON_COLUMNS.has(k) && v !== null && v !== undefined ? JSON.stringify(v) : (v ?? null));

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

@Injectable()
@ReadModelProjection()
export class ProductsProjection implements Projection<ProductOrClearEvent | RatingEvent> {
  readonly name = 'products';
  readonly eventTypes = [...PRODUCT_EVENT_TYPES, ...RATING_EVENT_TYPES];

  /** Listing many products at once (seed, replay) is one statement per run of ProductCreated. */
  applyBatch(tx: Tx, events: ProductsEvent[]): Promise<void> {
    return inRuns(events, { ProductCreated: (run) => this.createMany(tx, run) }, (e) => this.apply(tx, e));
  }

  private async createMany(tx: Tx, run: RecordedEvent<ProductCreated>[]): Promise<void> {
    const rows = run.map((e) => ({
      ...e.data,
      id: e.data.product_id,
      version: e.revision,
      featured_rank: e.position.prepare.toString(),
      at: e.metadata.occurredAt,
    }));
    await tx.query(
      `INSERT INTO products (id, name, description, price_cents, original_price_cents, image, images, category, features,
         rating, reviews_count, in_stock, options, variants, engraving, gallery, version, featured_rank, created_at, updated_at)
       SELECT id, name, description, price_cents, original_price_cents, image, images, category, features,
         rating, reviews_count, in_stock, options, variants, NULLIF(engraving, 'null'::jsonb), gallery, version, featured_rank, at, at
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, name text, description text, price_cents bigint, original_price_cents bigint,
         image text, images jsonb, category text, features jsonb, rating numeric, reviews_count int, in_stock boolean,
         options jsonb, variants jsonb, engraving jsonb, gallery jsonb, version int, featured_rank numeric, at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  async apply(tx: Tx, event: ProductsEvent): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ProductCreated': {
        const d = event.data;
        await tx.query(
          `INSERT INTO products (id, name, description, price_cents, original_price_cents, image, images, category, features,
             rating, reviews_count, in_stock, options, variants, engraving, gallery, version, featured_rank, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $16, $17, $18, $19, $13, $14, $15, $15)
           ON CONFLICT (id) DO NOTHING`,
          [
            d.product_id,
            d.name,
            d.description,
            d.price_cents,
            d.original_price_cents,
            d.image,
            JSON.stringify(d.images),
            d.category,
            JSON.stringify(d.features),
            d.rating,
            d.reviews_count,
            d.in_stock,
            event.revision,
            event.position.prepare.toString(),
            at,
            // Absent (recorded before issue 40): NULL, read through the upcaster.
            json('options', d.options),
            json('variants', d.variants),
            json('engraving', d.engraving),
            json('gallery', d.gallery),
          ],
        );
        break;
      }
      case 'ProductEdited': {
        const d = event.data;
        const entries = Object.entries(d.changes).filter(([k]) => Object.hasOwn(COLUMNS, k));
        const sets = entries.map(([k], i) => `${COLUMNS[k as keyof ProductFields]} = $${i + 4}`);
        await tx.query(`UPDATE products SET ${[...sets, 'version = $2', 'updated_at = $3'].join(', ')} WHERE id = $1`, [
          d.product_id,
          event.revision,
          at,
          ...entries.map(([k, v]) => json(k, v)),
        ]);
        break;
      }
      case 'ProductDeleted':
        await tx.query('DELETE FROM products WHERE id = $1', [event.data.product_id]);
        break;
      case 'InventoryCleared':
        await tx.query('DELETE FROM products WHERE id = ANY($1)', [event.data.product_ids]);
        break;
      case 'ReviewImported':
      case 'ReviewApproved':
        await this.rate(tx, event.data.product_id, event.data.stars, 1);
        break;
      case 'ReviewRejected':
        // Only an approved review was counted; a pending one rejected changes nothing.
        if (event.data.from === 'approved') await this.rate(tx, event.data.product_id, -event.data.stars, -1);
        break;
      default:
        assertNever(event);
    }
  }

  /** The product's version stays: it is staff's edit revision (If-Match), which reviews do not move. */
  private async rate(tx: Tx, productId: string, stars: number, count: number): Promise<void> {
    await tx.query('UPDATE products SET review_stars = review_stars + $2, review_count = review_count + $3 WHERE id = $1', [
      productId,
      stars,
      count,
    ]);
  }
}
