/**
 * A declined or abandoned card payment is not a dead end: the order is kept (awaiting payment) and can be
 * paid again through a new checkout session for the same order and the same amount, and the selection can
 * be restored from the order's lines.
 */
import { api } from '../api/client';
import { paymentsApi } from '../api/account';
import { cartStore } from '../features/cart/useCart';
import type { CartItem } from '../features/cart/cart';
import { variantLabel } from '@facet/contracts';

export interface OrderForPayment {
  id: string;
  kind: string;
  status: string;
  payment_status: string;
  status_message: string;
  can_pay: boolean;
  total: number;
  items: {
    id: string;
    product_id?: string;
    name: string;
    image: string;
    quantity: number;
    price: number;
    variant_id?: string | null;
    variant_options?: Record<string, string> | null;
    engraving?: string | null;
  }[];
}

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

export function loadOrder(orderId: string): Promise<OrderForPayment> {
  return api.get<OrderForPayment>(`/orders/${encodeURIComponent(orderId)}`);
}

/** Opens a checkout session for the order (the open one, or a new one) and leaves for the provider's page. */
export async function payOrderAgain(orderId: string, go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  const session = await paymentsApi.openSession({ origin_url: window.location.origin, order_id: orderId });
  if (!session?.url) throw new Error('No checkout URL received');
  lastOrder.remember(orderId);
  go(session.url);
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
