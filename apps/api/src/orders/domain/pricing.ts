import {
  consultationQuantityLimitMessage,
  engravingProblem,
  EngravingRule,
  formatPrice,
  MAX_ORDER_TOTAL_CENTS,
  MAX_QUANTITY_PER_LINE,
  OrderTotals,
  priceOrder,
  quantityLimitMessage,
  StockMode,
  toCents,
  variantLabel,
} from '@facet/contracts';
import { BadInputError, ConflictError } from '../../platform/domain/errors';
import { StockLine } from '../order-stock.port';
import { OrderLine } from './order';

/** A line as the shopper sent it: the price is what they saw, in dollars. */
export interface WantedLine {
  product_id: string;
  product_name?: string;
  price: number;
  quantity: number;
  /** The chosen variant; absent: the product's default one. */
  variant_id?: string;
  /** Text to engrave; absent or '' for none. */
  engraving?: string;
}

/** A variant as the catalogue sells it (money in cents; price_cents null: the product's price). */
export interface CatalogueVariant {
  variant_id: string;
  options: Record<string, string>;
  price_cents: number | null;
  stock_mode: StockMode;
  is_default: boolean;
}

/** What the catalogue says of a product now (money in cents). */
export interface CataloguePrice {
  id: string;
  name: string;
  price_cents: number;
  image: string;
  in_stock: boolean;
  /** Absent (a catalogue answer from before variants): one made-to-order variant whose id is the product's. */
  variants?: CatalogueVariant[];
  engraving?: EngravingRule | null;
}

/** The totals the shopper saw, in dollars; absent ones are not checked. */
export interface ClaimedTotals {
  subtotal?: number;
  shipping_cost?: number;
  tax?: number;
  total?: number;
}

/** The product ids to ask the catalogue for: once each, lower case, sorted (the cache key is stable). */
export function productIdsOf(wanted: readonly WantedLine[]): string[] {
  return [...new Set(wanted.map((i) => i.product_id.toLowerCase()))].sort();
}

/**
 * A claimed amount (dollars) agrees with the server's (cents) within a cent. A claim that is not a finite
 * number never agrees: NaN would otherwise compare as "no difference".
 */
export function agreesWithServer(claimedDollars: number, serverCents: number): boolean {
  if (!Number.isFinite(claimedDollars)) return false;
  return Math.abs(toCents(claimedDollars) - serverCents) <= 1;
}

export interface PricedOrder {
  lines: OrderLine[];
  totals: OrderTotals;
  /** What the shopper saw differently ("Ring is now $1,200.00"); the order is refused when any. */
  changed: string[];
  /** The units of stocked variants the order holds, one entry per variant (its lines together). */
  stock: StockLine[];
}

/** The variants of a product as the catalogue sells them (the upcast default for an answer without any). */
function variantsOf(p: CataloguePrice): CatalogueVariant[] {
  if (p.variants?.length) return p.variants;
  return [{ variant_id: p.id, options: {}, price_cents: null, stock_mode: 'made_to_order', is_default: true }];
}

/** The variant a line names, or the product's default one (for rings: "Not sure (free ring sizer)"); 400 when it names another product's. */
function chosenVariant(p: CataloguePrice, variantId: string | undefined): CatalogueVariant {
  const variants = variantsOf(p);
  if (variantId === undefined) return variants.find((v) => v.is_default) ?? variants[0];
  const found = variants.find((v) => v.variant_id.toLowerCase() === variantId.toLowerCase());
  if (!found) throw new BadInputError(`variant_id ${variantId} is not a variant of ${p.name}`, 'items');
  return found;
}

/** "Estate Ring (Size 6)", or the name alone for the one variant of a plain product. */
function itemOf(p: CataloguePrice, v: CatalogueVariant): string {
  const label = variantLabel(v.options);
  return label ? `${p.name} (${label})` : p.name;
}

/**
 * Prices the wanted lines from the catalogue: each line takes the variant it names (or the product's
 * default) at that variant's price, with its engraving checked against the product's rule; the same
 * product, variant and engraving twice is one line, each line has its ceiling, gone and out-of-stock
 * pieces are refused, and every price or total the shopper saw differently is listed in `changed`. Throws
 * ConflictError (gone, out of stock) or BadInputError (variant, engraving, quantity, total).
 */
export function priceWantedLines(
  wanted: readonly WantedLine[],
  catalogue: readonly CataloguePrice[],
  claimed: ClaimedTotals = {},
  kind: 'card' | 'consultation' = 'card',
): PricedOrder {
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  // The same product, variant and engraving twice is one line (an engraving is matched exactly).
  const merged = new Map<string, { item: WantedLine; p: CataloguePrice; v: CatalogueVariant; engraving: string }>();
  for (const item of wanted) {
    const p = byId.get(item.product_id.toLowerCase());
    const label = item.product_name?.trim() || item.product_id;
    if (!p) throw new ConflictError(`${label} is no longer available. Please remove it from your selection.`);
    const v = chosenVariant(p, item.variant_id);
    const engraving = item.engraving ?? '';
    const problem = engravingProblem(engraving, p.engraving ?? null);
    if (problem) throw new BadInputError(`${p.name}: ${problem}`, 'items');
    const key = JSON.stringify([p.id, v.variant_id, engraving]);
    const seen = merged.get(key);
    merged.set(key, { item: seen ? { ...seen.item, quantity: seen.item.quantity + item.quantity } : item, p, v, engraving });
  }
  const lines: OrderLine[] = [];
  const changed: string[] = [];
  const stock = new Map<string, StockLine>();
  for (const { item, p, v, engraving } of merged.values()) {
    if (!p.in_stock) throw new ConflictError(`${p.name} is out of stock. Please remove it from your selection.`);
    if (!(Number.isInteger(item.quantity) && item.quantity >= 1))
      throw new BadInputError('quantity must be a whole number of at least 1', 'items');
    if (item.quantity > MAX_QUANTITY_PER_LINE) {
      throw new BadInputError(kind === 'consultation' ? consultationQuantityLimitMessage(p.name) : quantityLimitMessage(p.name), 'items');
    }
    const unitCents = v.price_cents ?? p.price_cents;
    if (!agreesWithServer(item.price, unitCents)) changed.push(`${itemOf(p, v)} is now ${formatPrice(unitCents / 100)}`);
    lines.push({
      product_id: p.id,
      product_name: p.name,
      image: p.image,
      unit_price_cents: unitCents,
      quantity: item.quantity,
      variant_id: v.variant_id,
      variant_options: v.options,
      engraving,
    });
    if (v.stock_mode === 'stocked') {
      const held = stock.get(v.variant_id);
      stock.set(v.variant_id, {
        variantId: v.variant_id,
        productId: p.id,
        quantity: (held?.quantity ?? 0) + item.quantity,
        item: itemOf(p, v),
      });
    }
  }
  const totals = priceOrder(lines.map((l) => ({ unitPriceCents: l.unit_price_cents, quantity: l.quantity })));
  checkOrderTotal(totals.totalCents);
  changed.push(...claimedTotalChanges(claimed, totals));
  return { lines, totals, changed, stock: [...stock.values()] };
}

/** An order's total fits the ledger: at most MAX_ORDER_TOTAL_CENTS, and an exact whole number of cents. */
export function checkOrderTotal(totalCents: number): void {
  if (Number.isSafeInteger(totalCents) && totalCents >= 0 && totalCents <= MAX_ORDER_TOTAL_CENTS) return;
  const shown = Number.isFinite(totalCents) ? formatPrice(totalCents / 100) : 'more than that';
  throw new BadInputError(
    `An order may total at most ${formatPrice(MAX_ORDER_TOTAL_CENTS / 100)}; this one comes to ${shown}. Please contact us for a larger purchase.`,
    'items',
  );
}

/** Each total the shopper saw that differs from the server's, as "the tax is now $8.00". */
export function claimedTotalChanges(claimed: ClaimedTotals, totals: OrderTotals): string[] {
  const pairs: [string, number | undefined, number][] = [
    ['subtotal', claimed.subtotal, totals.subtotalCents],
    ['shipping', claimed.shipping_cost, totals.shippingCents],
    ['tax', claimed.tax, totals.taxCents],
    ['total', claimed.total, totals.totalCents],
  ];
  return pairs
    .filter(([, sent, server]) => sent !== undefined && !agreesWithServer(sent, server))
    .map(([name, , server]) => `the ${name} is now ${formatPrice(server / 100)}`);
}

/** The message refusing an order whose prices moved since the shopper saw them. */
export function pricesChangedMessage(changed: readonly string[]): string {
  return `Prices have changed: ${changed.join('; ')}. Please review your selection.`;
}

/** Card orders above the online limit are steered to a consultation. */
export function withinOnlineLimit(totalCents: number, limitCents: number): boolean {
  return totalCents <= limitCents;
}
