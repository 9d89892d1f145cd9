import {
  formatPrice,
  MAX_ORDER_TOTAL_CENTS,
  MAX_QUANTITY_PER_LINE,
  mergeLines,
  OrderTotals,
  priceOrder,
  quantityLimitMessage,
  toCents,
} from '@facet/contracts';
import { BadInputError, ConflictError } from '../../platform/domain/errors';
import { OrderLine } from './order';

/** A line as the shopper sent it: the price is what they saw, in dollars. */
export interface WantedLine {
  product_id: string;
  product_name?: string;
  price: number;
  quantity: number;
}

/** What the catalogue says of a product now (money in cents). */
export interface CataloguePrice {
  id: string;
  name: string;
  price_cents: number;
  image: string;
  in_stock: boolean;
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
}

/**
 * Prices the wanted lines from the catalogue: the same product twice is one line, each line has its
 * ceiling, gone and out-of-stock pieces are refused, and every price or total the shopper saw differently
 * is listed in `changed`. Throws ConflictError (gone, out of stock) or BadInputError (quantity, total).
 */
export function priceWantedLines(
  wanted: readonly WantedLine[],
  catalogue: readonly CataloguePrice[],
  claimed: ClaimedTotals = {},
): PricedOrder {
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const lines: OrderLine[] = [];
  const changed: string[] = [];
  for (const item of mergeLines([...wanted], (i) => i.product_id)) {
    const p = byId.get(item.product_id.toLowerCase());
    const label = item.product_name?.trim() || item.product_id;
    if (!p) throw new ConflictError(`${label} is no longer available. Please remove it from your selection.`);
    if (!p.in_stock) throw new ConflictError(`${p.name} is out of stock. Please remove it from your selection.`);
    if (!(Number.isInteger(item.quantity) && item.quantity >= 1))
      throw new BadInputError('quantity must be a whole number of at least 1', 'items');
    if (item.quantity > MAX_QUANTITY_PER_LINE) throw new BadInputError(quantityLimitMessage(p.name), 'items');
    if (!agreesWithServer(item.price, p.price_cents)) changed.push(`${p.name} is now ${formatPrice(p.price_cents / 100)}`);
    lines.push({ product_id: p.id, product_name: p.name, image: p.image, unit_price_cents: p.price_cents, quantity: item.quantity });
  }
  const totals = priceOrder(lines.map((l) => ({ unitPriceCents: l.unit_price_cents, quantity: l.quantity })));
  checkOrderTotal(totals.totalCents);
  changed.push(...claimedTotalChanges(claimed, totals));
  return { lines, totals, changed };
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
