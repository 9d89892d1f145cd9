import { variantLabel } from '@facet/contracts';
import { downloadCSV, type DataProvider, type Exporter } from 'react-admin';
import { productRow, toCsv, type CsvRow } from './csv';

/**
 * The products CSV with their variants: one row per variant (size, metal... each in an option.<name> column,
 * its SKU, price and stock), the product's columns repeated on each, so a spreadsheet filters and sums them
 * as they are; a product without variants is one row with the variant columns empty. The list's records
 * carry no variants: each product's page (GET /api/products/:id, its variants with what is available now)
 * is read, a few at a time.
 */

/** Products read at once while exporting: a catalogue of 1,000 is 1,000 reads, not 1,000 at the same time. */
export const EXPORT_READS_AT_ONCE = 6;

type ProductLike = Parameters<typeof productRow>[0];

const money = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n.toFixed(2) : null);

/** A variant's options as the API sends them, or null when they are not a map of text. */
function optionsOf(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
  return Object.fromEntries(entries);
}

/** A product's rows: one per variant, or one alone without variants. */
export function productVariantRows(product: ProductLike): CsvRow[] {
  const base = productRow(product);
  const variants = (Array.isArray(product.variants) ? product.variants : []).filter(
    (v): v is Record<string, unknown> => !!v && typeof v === 'object',
  );
  const empty: CsvRow = {
    variant_sku: null,
    variant: null,
    variant_price: null,
    variant_stock: null,
    variant_made_to_order: null,
    variant_lead_time_days: null,
    variant_default: null,
  };
  if (variants.length === 0) return [{ ...base, ...empty }];
  return variants.map((v) => {
    const options = optionsOf(v.options);
    const row: CsvRow = {
      ...base,
      variant_sku: typeof v.sku === 'string' ? v.sku : null,
      variant: options ? variantLabel(options) || null : null,
      variant_price: money(v.price),
      // Units that can be ordered now; empty for a made-to-order variant (it has none to count).
      variant_stock: typeof v.available === 'number' ? v.available : null,
      variant_made_to_order: v.available === null,
      variant_lead_time_days: typeof v.lead_time_days === 'number' ? v.lead_time_days : null,
      variant_default: typeof v.is_default === 'boolean' ? v.is_default : null,
    };
    // Prefixed, an option's name cannot be a formula's start nor an object's own special key (__proto__).
    for (const [name, value] of Object.entries(options ?? {})) row[`option.${name}`] = value;
    return row;
  });
}

/** Each record's product page, read at most `atOnce` at a time, in the list's order; any failed read fails the export. */
async function readAll<T extends { id?: unknown }>(
  records: T[],
  readOne: (id: string) => Promise<ProductLike>,
  atOnce: number,
): Promise<ProductLike[]> {
  const out = new Array<ProductLike>(records.length);
  let next = 0;
  const worker = async () => {
    while (next < records.length) {
      const i = next++;
      const record = records[i] as ProductLike;
      out[i] = { ...record, ...(await readOne(String(record.id))) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, records.length) }, worker));
  return out;
}

/** The CSV text: every product of the list with its variants (a product that cannot be read rejects it all). */
export async function productsCsv<T extends { id?: unknown }>(
  records: T[],
  readOne: (id: string) => Promise<ProductLike>,
  atOnce = EXPORT_READS_AT_ONCE,
): Promise<string> {
  const products = await readAll(records, readOne, atOnce);
  return toCsv(products.flatMap((p) => productVariantRows(p)));
}

/** The product list's exporter: react-admin's Export button reports a rejection as a failed export. */
export const productsExporter: Exporter = async (records, _fetchRelated, dataProvider: DataProvider) => {
  const csv = await productsCsv(records, async (id) => (await dataProvider.getOne<{ id: string }>('products', { id })).data);
  downloadCSV(csv, `products-${new Date().toISOString().slice(0, 10)}`);
};
