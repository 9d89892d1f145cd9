import { toCents } from './money';

/** Shipping is free when the subtotal is over $500, otherwise $25. Tax is 8% of the subtotal. */
export const FREE_SHIPPING_OVER_CENTS = 50_000;
export const SHIPPING_CENTS = 2_500;
export const TAX_RATE = 0.08;
/** At most this many of one piece on one order (duplicate lines are merged first). */
export const MAX_QUANTITY_PER_LINE = 10;
export const MAX_ORDER_LINES = 50;
/**
 * Card orders above this total are steered to a consultation (the API reads ONLINE_ORDER_LIMIT_DOLLARS to
 * change it; the storefront checks this default before asking and shows the API's message otherwise).
 */
export const ONLINE_ORDER_LIMIT_CENTS = 5_000_000;

export function quantityLimitMessage(productName: string): string {
  return `You can order at most ${MAX_QUANTITY_PER_LINE} of ${productName}. For more, please request a consultation.`;
}

/**
 * A consultation request is already the way to ask for more than an order takes: it says the limit and how to
 * ask for the rest, never "please request a consultation".
 */
export function consultationQuantityLimitMessage(productName = 'one piece'): string {
  return (
    `A consultation request can include at most ${MAX_QUANTITY_PER_LINE} of ${productName}. For more, request ${MAX_QUANTITY_PER_LINE} ` +
    'and tell our specialist how many you would like when they contact you.'
  );
}

export function onlineOrderLimitMessage(limitCents: number = ONLINE_ORDER_LIMIT_CENTS): string {
  const dollars = (limitCents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return `Orders over ${dollars} are arranged with our specialists. Please submit a consultation request instead of paying online.`;
}

/** Merges lines of the same product (ids compared case-insensitively), keeping the first line's other fields. */
export function mergeLines<T extends { quantity: number }>(lines: T[], key: (line: T) => string): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const k = key(line).toLowerCase();
    const seen = merged.get(k);
    merged.set(k, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

export function priceOrder(lines: PricedLine[]): OrderTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const shippingCents = subtotalCents > FREE_SHIPPING_OVER_CENTS || subtotalCents === 0 ? 0 : SHIPPING_CENTS;
  const taxCents = Math.round(subtotalCents * TAX_RATE);
  return { subtotalCents, shippingCents, taxCents, totalCents: subtotalCents + shippingCents + taxCents };
}

/** The same computation in dollars, for screens that show a summary before the server prices it. */
export function priceOrderInDollars(lines: { price: number; quantity: number }[]) {
  const t = priceOrder(lines.map((l) => ({ unitPriceCents: toCents(l.price), quantity: l.quantity })));
  return {
    subtotal: t.subtotalCents / 100,
    shipping: t.shippingCents / 100,
    tax: t.taxCents / 100,
    total: t.totalCents / 100,
  };
}
