/** The wishlist, persisted under 'facet:wishlist'. */
import { createPersistentStore, useStore } from '../storage';
import { addToWishlist, isInWishlist, removeFromWishlist, sanitizeWishlist, toggleWishlist, type WishlistProduct } from './wishlist';

export const wishlistStore = createPersistentStore('wishlist', sanitizeWishlist);

export const wishlistActions = {
  add: (p: WishlistProduct) => wishlistStore.set((items) => addToWishlist(items, p, new Date())),
  remove: (id: string) => wishlistStore.set((items) => removeFromWishlist(items, id)),
  clear: () => wishlistStore.set([]),
  /** Adds or removes; returns whether the item is now in the wishlist. */
  toggle(p: WishlistProduct): boolean {
    const result = toggleWishlist(wishlistStore.get(), p, new Date());
    wishlistStore.set(result.items);
    return result.inWishlist;
  },
};

export function useWishlist() {
  const items = useStore(wishlistStore);
  return { items, count: items.length, has: (id: string) => isInWishlist(items, id), ...wishlistActions };
}
