import { toCents } from './money';

/** Shipping is free when the subtotal is over $500, otherwise $25. Tax is 8% of the subtotal. */
export const FREE_SHIPPING_OVER_CENTS = 50_000;
export const SHIPPING_CENTS = 2_500;
export const TAX_RATE = 0.08;
export const MAX_QUANTITY_PER_LINE = 99;
export const MAX_ORDER_LINES = 50;

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
