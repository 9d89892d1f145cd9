/** The selection (cart): pure rules from spec section 4. Prices in dollars, as the API speaks them. */
import { FREE_SHIPPING_OVER_CENTS, MAX_QUANTITY_PER_LINE, priceOrderInDollars, type Product } from '@facet/contracts';

export interface CartItem {
  /** The product's id. */
  id: string;
  name: string;
  price: number;
  originalPrice: number | null;
  image: string;
  category: string;
  quantity: number;
  /** The variant chosen on the product page; null when none was (the API then takes the default one). */
  variantId: string | null;
  /** How the variant reads ("Size 6.5"); '' when none was chosen. */
  variantLabel: string;
  /** Text to engrave; '' for none. */
  engraving: string;
}

export type CartProduct = Pick<Product, 'id' | 'name' | 'price' | 'original_price' | 'image' | 'category'>;

/** What the shopper chose for a line beyond the product: its variant and engraving. */
export interface LineChoice {
  variantId: string | null;
  variantLabel: string;
  engraving: string;
}

export const NO_CHOICE: LineChoice = { variantId: null, variantLabel: '', engraving: '' };

/**
 * Which line an item is: the product, its variant and its engraving (size 6 and size 7 of one ring are two
 * lines, as are two engravings). A line with neither keeps its product id as key, as lines did before variants.
 */
export function cartLineKey(item: Pick<CartItem, 'id' | 'variantId' | 'engraving'>): string {
  return item.variantId === null && item.engraving === '' ? item.id : JSON.stringify([item.id, item.variantId, item.engraving]);
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY_PER_LINE, Math.floor(quantity));
}

/** Adding a line already present raises its quantity by the amount added; otherwise a new line is appended. */
export function addToCart(items: readonly CartItem[], product: CartProduct, quantity = 1, choice: LineChoice = NO_CHOICE): CartItem[] {
  if (!(quantity > 0)) return [...items];
  const key = cartLineKey({ id: product.id, ...choice });
  const existing = items.find((i) => cartLineKey(i) === key);
  if (existing) {
    return items.map((i) => (i === existing ? { ...i, quantity: clampQuantity(i.quantity + quantity) } : i));
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
      variantId: choice.variantId,
      variantLabel: choice.variantLabel,
      engraving: choice.engraving,
    },
  ];
}

/** Setting a quantity of 0 or less removes the line (`key`: cartLineKey of the line). */
export function setCartQuantity(items: readonly CartItem[], key: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeFromCart(items, key);
  return items.map((i) => (cartLineKey(i) === key ? { ...i, quantity: clampQuantity(quantity) } : i));
}

export function removeFromCart(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((i) => cartLineKey(i) !== key);
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

/**
 * Whatever local storage holds, keep only well-formed lines. Lines stored before variants (no variantId)
 * load as lines without a chosen variant: the order then takes the product's default one.
 */
export function sanitizeCart(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const r of raw) {
    if (!r || typeof r !== 'object') continue;
    const i = r as Partial<CartItem>;
    if (typeof i.id !== 'string') continue;
    if (typeof i.price !== 'number' || !Number.isFinite(i.price)) continue;
    if (typeof i.quantity !== 'number' || !(i.quantity >= 1)) continue;
    const variantId = typeof i.variantId === 'string' && i.variantId !== '' ? i.variantId : null;
    const engraving = typeof i.engraving === 'string' ? i.engraving : '';
    const key = cartLineKey({ id: i.id, variantId, engraving });
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({
      id: i.id,
      name: typeof i.name === 'string' ? i.name : '',
      price: i.price,
      originalPrice: typeof i.originalPrice === 'number' ? i.originalPrice : null,
      image: typeof i.image === 'string' ? i.image : '',
      category: typeof i.category === 'string' ? i.category : '',
      quantity: clampQuantity(i.quantity),
      variantId,
      variantLabel: variantId !== null && typeof i.variantLabel === 'string' ? i.variantLabel : '',
      engraving,
    });
  }
  return items;
}

/** How much more makes shipping free (free only when the subtotal is over $500); 0 when it already is. */
export function amountToFreeShipping(subtotal: number): number {
  const subtotalCents = Math.round(subtotal * 100);
  return subtotalCents > FREE_SHIPPING_OVER_CENTS ? 0 : (FREE_SHIPPING_OVER_CENTS + 1 - subtotalCents) / 100;
}
