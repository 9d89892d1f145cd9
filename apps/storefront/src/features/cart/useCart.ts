/** The selection, persisted under 'facet:cart' and shared by every screen. */
import { createPersistentStore, useStore } from '../storage';
import { addToCart, cartCount, cartTotal, removeFromCart, sanitizeCart, setCartQuantity, type CartProduct } from './cart';

export const cartStore = createPersistentStore('cart', sanitizeCart);

export const cartActions = {
  add: (product: CartProduct, quantity = 1) => cartStore.set((items) => addToCart(items, product, quantity)),
  setQuantity: (id: string, quantity: number) => cartStore.set((items) => setCartQuantity(items, id, quantity)),
  remove: (id: string) => cartStore.set((items) => removeFromCart(items, id)),
  clear: () => cartStore.set([]),
};

export function useCart() {
  const items = useStore(cartStore);
  return { items, count: cartCount(items), total: cartTotal(items), ...cartActions };
}
