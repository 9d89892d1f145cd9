import jsonExport from 'jsonexport/dist';
import { CATEGORIES, spreadsheetSafe, variantLabel } from '@facet/contracts';
import type { OrderItemRecord, OrderRecord } from '../resources/orders/orderRecord';

/**
 * CSV exports: one row per record. jsonexport writes an array as one row per element (the old orders CSV put
 * an order's columns on its last item row only), so every record is flattened first: nested objects become
 * dotted columns (shipping.city), arrays one cell ("a; b").
 */
export type CsvValue = string | number | boolean | null;
export type CsvRow = Record<string, CsvValue>;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (the shop's one rule: spreadsheetSafe). */
export function safeCell(value: CsvValue): CsvValue {
  return spreadsheetSafe(value);
}

function cell(value: unknown): CsvValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** One record as one flat row: objects as dotted columns, arrays of plain values joined, others as JSON. */
export function flattenRecord(record: Record<string, unknown>, prefix = '', out: CsvRow = {}, depth = 0): CsvRow {
  for (const [key, value] of Object.entries(record ?? {})) {
    const column = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) {
      out[column] = value.every((v) => v === null || typeof v !== 'object')
        ? value.map((v) => String(v ?? '')).join('; ')
        : JSON.stringify(value);
    } else if (value && typeof value === 'object' && !(value instanceof Date) && depth < 3) {
      flattenRecord(value as Record<string, unknown>, column, out, depth + 1);
    } else {
      out[column] = cell(value);
    }
  }
  return out;
}

/** A product as the list reads it: the text fields named, the rest checked where read. */
interface ProductLike {
  id?: string;
  name?: string;
  category?: string;
  description?: string;
  created_at?: string;
  updated_at?: string;
  [field: string]: unknown;
}

const money = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n.toFixed(2) : null);

/** An order as one row: who, what (the items summarised in one cell), the money and the states. */
export function orderRow(order: Partial<OrderRecord>): CsvRow {
  const s = order.shipping ?? {};
  const items: (Partial<OrderItemRecord> | null)[] = Array.isArray(order.items) ? order.items : [];
  return {
    reference: order.reference ?? null,
    id: order.id ?? order.order_id ?? null,
    created_at: order.created_at ?? null,
    kind: order.kind ?? null,
    status: order.status ?? null,
    payment_status: order.payment_status ?? null,
    client: [s.first_name, s.last_name].filter(Boolean).join(' ') || null,
    email: s.email ?? null,
    phone: s.phone ?? null,
    address: [s.address, s.apartment, s.city, s.state, s.zip_code, s.country].filter(Boolean).join(', ') || null,
    item_count: items.reduce((n, i) => n + (Number(i?.quantity) || 0), 0),
    items: items
      .map((i) => {
        // "2 × Petite Diamond Stacking Ring (Size 6.5 · Engraving "A & B") @ 420.00": what the atelier makes.
        const choice = [i?.variant_options ? variantLabel(i.variant_options) : '', i?.engraving ? `Engraving "${i.engraving}"` : '']
          .filter(Boolean)
          .join(' · ');
        return `${i?.quantity ?? 0} × ${i?.name ?? i?.product_name ?? i?.product_id ?? '?'}${choice ? ` (${choice})` : ''} @ ${money(i?.price) ?? '?'}`;
      })
      .join('; '),
    subtotal: money(order.subtotal),
    shipping_cost: money(order.shipping_cost),
    tax: money(order.tax),
    total: money(order.total),
    refunded: money(order.refunded),
  };
}

/**
 * A product as one row: what a buyer or the atelier reads in a spreadsheet (name, category, prices, stock,
 * features), the lists in one cell each. The products export repeats it on each of the product's variant
 * rows (productsExport.ts); the stock ledger is in the inventory API.
 */
export function productRow(product: ProductLike): CsvRow {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string' && x !== '').join('; ') : '');
  const images: unknown[] = Array.isArray(product.images) ? product.images : [];
  return {
    id: product.id ?? null,
    name: product.name ?? null,
    category: CATEGORIES.find((c) => c.id === product.category)?.name ?? product.category ?? null,
    price: money(product.price),
    original_price: money(product.original_price),
    on_sale: typeof product.original_price === 'number' && typeof product.price === 'number' && product.original_price > product.price,
    in_stock: typeof product.in_stock === 'boolean' ? product.in_stock : null,
    rating: typeof product.rating === 'number' ? product.rating : null,
    reviews_count: typeof product.reviews_count === 'number' ? product.reviews_count : null,
    features: list(product.features),
    image: typeof product.image === 'string' ? product.image : null,
    image_count: images.length,
    description: product.description ?? null,
    version: typeof product.version === 'number' ? product.version : null,
    created_at: product.created_at ?? null,
    updated_at: product.updated_at ?? null,
  };
}

/**
 * Records as CSV text, one row each. `toRow` is called with the record alone: handed straight to
 * Array.map, flattenRecord took the index as its column prefix and the array as its row, and every product
 * landed in one ever wider row (129 lines of 1,039 columns for 64 products).
 */
export function recordsCsv<T>(records: T[], toRow: (record: T) => CsvRow): Promise<string> {
  return toCsv(records.map((record) => toRow(record)));
}

/** Rows as CSV text, header first, every cell made safe; the columns are the union of every row's keys. */
export async function toCsv(rows: CsvRow[]): Promise<string> {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const row of rows)
    for (const k of Object.keys(row)) {
      if (!seen.has(k)) {
        seen.add(k);
        headers.push(k);
      }
    }
  const safe = rows.map((row) => Object.fromEntries(headers.map((h) => [h, safeCell(row[h] ?? null)])));
  // Column names come from records' keys (a product's options, say): a header cell is a cell like any other.
  return jsonExport(safe, { headers, rename: headers.map((h) => String(safeCell(h))), rowDelimiter: ',' });
}
