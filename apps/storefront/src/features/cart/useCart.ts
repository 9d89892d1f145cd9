/** The selection, persisted under 'facet:cart' and shared by every screen. */
import { createPersistentStore, useStore } from '../storage';
import {
  addToCart,
  cartCount,
  cartTotal,
  NO_CHOICE,
  removeFromCart,
  sanitizeCart,
  setCartQuantity,
  type CartProduct,
  type LineChoice,
} from './cart';

export const cartStore = createPersistentStore('cart', sanitizeCart);

export const cartActions = {
  add: (product: CartProduct, quantity = 1, choice: LineChoice = NO_CHOICE) =>
    cartStore.set((items) => addToCart(items, product, quantity, choice)),
  /** `key`: the line's cartLineKey. */
  setQuantity: (key: string, quantity: number) => cartStore.set((items) => setCartQuantity(items, key, quantity)),
  remove: (key: string) => cartStore.set((items) => removeFromCart(items, key)),
  clear: () => cartStore.set([]),
};

export function useCart() {
  const items = useStore(cartStore);
  return { items, count: cartCount(items), total: cartTotal(items), ...cartActions };
}
