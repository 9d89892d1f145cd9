/** Shopper actions that change the selection or the wishlist and say so in a toast (spec section 8). */
import { NO_CHOICE, type CartProduct, type LineChoice } from './cart/cart';
import { cartActions } from './cart/useCart';
import { toast } from './toast/toasts';
import type { WishlistProduct } from './wishlist/wishlist';
import { wishlistActions } from './wishlist/useWishlist';

/** `choice`: the variant and engraving chosen on the product page (none from a product card). */
export function addToSelection(product: CartProduct, quantity = 1, choice: LineChoice = NO_CHOICE) {
  cartActions.add(product, quantity, choice);
  toast({ title: 'Added to Cart!', description: `${product.name} has been added to your cart.`, variant: 'success' });
}

/** Press on a heart: removes when present, else adds. Returns whether it is now in the wishlist. */
export function toggleWishlistWithToast(product: WishlistProduct): boolean {
  const nowIn = wishlistActions.toggle(product);
  toast(
    nowIn
      ? { title: 'Added to Wishlist', description: `${product.name} has been saved to your wishlist.` }
      : { title: 'Removed from Wishlist', description: `${product.name} has been removed from your wishlist.` },
  );
  return nowIn;
}
