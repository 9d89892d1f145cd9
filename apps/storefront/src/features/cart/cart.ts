/** The selection (cart): pure rules from spec section 4. Prices in dollars, as the API speaks them. */
import { FREE_SHIPPING_OVER_CENTS, MAX_QUANTITY_PER_LINE, priceOrderInDollars, type Product } from '@facet/contracts';

export interface CartItem {
  id: string;
  name: string;
  price: number;
  originalPrice: number | null;
  image: string;
  category: string;
  quantity: number;
}

export type CartProduct = Pick<Product, 'id' | 'name' | 'price' | 'original_price' | 'image' | 'category'>;

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY_PER_LINE, Math.floor(quantity));
}

/** Adding a product already present raises its quantity by the amount added; otherwise a new line is appended. */
export function addToCart(items: readonly CartItem[], product: CartProduct, quantity = 1): CartItem[] {
  if (!(quantity > 0)) return [...items];
  const existing = items.find((i) => i.id === product.id);
  if (existing) {
    return items.map((i) => (i.id === product.id ? { ...i, quantity: clampQuantity(i.quantity + quantity) } : i));
  }
  return [
    ...items,
    {
      id: product.id,
      name: product.name,
      price: product.price,
      originalPrice: product.original_price ?? null,
      image: product.image,
      category: product.category,
      quantity: clampQuantity(quantity),
    },
  ];
}

/** Setting a quantity of 0 or less removes the line. */
export function setCartQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeFromCart(items, id);
  return items.map((i) => (i.id === id ? { ...i, quantity: clampQuantity(quantity) } : i));
}

export function removeFromCart(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((i) => i.id !== id);
}

/** Total = sum of price x quantity, to the cent. */
export function cartTotal(items: readonly CartItem[]): number {
  return Math.round(items.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0)) / 100;
}

/** Item count = sum of quantities. */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** The consultation summary: subtotal, shipping (free over $500, else $25), 8% tax, total. */
export function cartSummary(items: readonly CartItem[]) {
  return priceOrderInDollars(items.map((i) => ({ price: i.price, quantity: i.quantity })));
}

/** Whatever local storage holds, keep only well-formed lines. */
export function sanitizeCart(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const r of raw) {
    if (!r || typeof r !== 'object') continue;
    const i = r as Partial<CartItem>;
    if (typeof i.id !== 'string' || seen.has(i.id)) continue;
    if (typeof i.price !== 'number' || !Number.isFinite(i.price)) continue;
    if (typeof i.quantity !== 'number' || !(i.quantity >= 1)) continue;
    seen.add(i.id);
    items.push({
      id: i.id,
      name: typeof i.name === 'string' ? i.name : '',
      price: i.price,
      originalPrice: typeof i.originalPrice === 'number' ? i.originalPrice : null,
      image: typeof i.image === 'string' ? i.image : '',
      category: typeof i.category === 'string' ? i.category : '',
      quantity: clampQuantity(i.quantity),
    });
  }
  return items;
}

/** How much more makes shipping free (free only when the subtotal is over $500); 0 when it already is. */
export function amountToFreeShipping(subtotal: number): number {
  const subtotalCents = Math.round(subtotal * 100);
  return subtotalCents > FREE_SHIPPING_OVER_CENTS ? 0 : (FREE_SHIPPING_OVER_CENTS + 1 - subtotalCents) / 100;
}
