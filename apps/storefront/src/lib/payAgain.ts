/**
 * A declined or abandoned card payment is not a dead end: the order is kept (awaiting payment) and can be
 * paid again through a new checkout session for the same order and the same amount, and the selection can
 * be restored from the order's lines.
 */
import { api } from '../api/client';
import { paymentsApi } from '../api/account';
import { cartStore } from '../features/cart/useCart';
import type { CartItem } from '../features/cart/cart';
import { variantLabel, type OrderForPayment } from '@facet/contracts';

/** GET /api/orders/{id} as the payment screens read it (@facet/contracts). */
export type { OrderForPayment };

const LAST_ORDER_KEY = 'facet:awaiting-payment-order';

/** The card order the shopper left for the provider with (for /payment/cancel without an order_id). */
export const lastOrder = {
  remember: (orderId: string) => {
    try {
      localStorage.setItem(LAST_ORDER_KEY, orderId);
    } catch {
      /* storage unavailable: the cancel URL carries the id too */
    }
  },
  read: (): string | null => {
    try {
      return localStorage.getItem(LAST_ORDER_KEY);
    } catch {
      return null;
    }
  },
  forget: () => {
    try {
      localStorage.removeItem(LAST_ORDER_KEY);
    } catch {
      /* nothing to forget */
    }
  },
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function loadOrder(orderId: string, signal?: AbortSignal): Promise<OrderForPayment> {
  return api.get<OrderForPayment>(`/orders/${encodeURIComponent(orderId)}`, { signal });
}

/** Opens a checkout session for the order (the open one, or a new one) and leaves for the provider's page. */
export async function payOrderAgain(orderId: string, go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  const session = await paymentsApi.openSession({ origin_url: window.location.origin, order_id: orderId });
  if (!session?.url) throw new Error('No checkout URL received');
  lastOrder.remember(orderId);
  go(session.url);
}

type OrderedLine = Pick<OrderForPayment['items'][number], 'id' | 'product_id' | 'quantity' | 'variant_id' | 'engraving'>;

/**
 * The bag without what a paid order bought: each order line takes its quantity off the bag's line of the same
 * piece, variant and engraving (a bag line without a chosen variant ordered the default one), so pieces
 * added since, or more of the same, stay.
 */
export function withoutOrderedLines(items: readonly CartItem[], lines: readonly OrderedLine[]): CartItem[] {
  let left = [...items];
  for (const line of lines) {
    const productId = line.product_id ?? line.id;
    const engraving = line.engraving ?? '';
    const matches = (i: CartItem) => i.id === productId && i.engraving === engraving;
    const match =
      left.find((i) => matches(i) && line.variant_id != null && i.variantId === line.variant_id) ??
      left.find((i) => matches(i) && i.variantId === null);
    if (!match) continue;
    const quantity = match.quantity - line.quantity;
    left = quantity > 0 ? left.map((i) => (i === match ? { ...i, quantity } : i)) : left.filter((i) => i !== match);
  }
  return left;
}

const SETTLED_KEY = 'facet:paid-orders-taken-out';

function settledOrders(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(SETTLED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A paid order's pieces leave the bag, once per order (a reload of the success page takes nothing more out),
 * whichever way it was paid: the checkout, Pay Now after a decline (the bag was restored from the order), My
 * Orders, another tab.
 */
export function takeOutPaidOrder(order: { id: string; items: readonly OrderedLine[] }): void {
  const done = settledOrders();
  if (!done.includes(order.id)) {
    cartStore.set((items) => withoutOrderedLines(items, order.items));
    try {
      localStorage.setItem(SETTLED_KEY, JSON.stringify([order.id, ...done].slice(0, 20)));
    } catch {
      /* storage unavailable: this page's bag is still right */
    }
  }
  if (lastOrder.read() === order.id) lastOrder.forget();
}

/** The order this browser last left to pay: once paid (here or elsewhere), its pieces leave the bag. */
export async function settleLastOrder(): Promise<void> {
  const id = lastOrder.read();
  if (!id || !UUID.test(id)) return;
  const order = await loadOrder(id);
  if (order.payment_status === 'paid') takeOutPaidOrder(order);
  else if (!order.can_pay) lastOrder.forget();
}

/** Puts the order's lines back into the selection (replacing it), so "Return to Cart" finds them. */
export function restoreSelection(order: OrderForPayment): void {
  const items: CartItem[] = order.items.map((i) => ({
    id: i.product_id ?? i.id,
    name: i.name,
    price: i.price,
    originalPrice: null,
    image: i.image,
    category: '',
    quantity: i.quantity,
    variantId: i.variant_id ?? null,
    variantLabel: i.variant_id ? variantLabel(i.variant_options ?? {}) : '',
    engraving: i.engraving ?? '',
  }));
  cartStore.set(items);
}
