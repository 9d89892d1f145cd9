/** Shopper actions that change the selection or the wishlist and say so in a toast (spec section 8). */
import { getProduct } from '../api/shop';
import { canOrder, hasVariants, lineLabel, productOptions, productVariants, type VariantProduct } from '../lib/variants';
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

/** The navigation state a card's Add to Cart opens a piece's page with: choose its options there. */
export interface ChooseOptionsState {
  chooseOptions: true;
}
export const CHOOSE_OPTIONS: ChooseOptionsState = { chooseOptions: true };

/**
 * Add to Cart on a card (grids, the home page's Selection, the wishlist), which knows the piece but not its
 * variants: a piece sold as one variant goes into the bag as that variant, named; a piece with options (a
 * size, a metal, a length) is never given one silently: its page opens to choose them (as it does when the
 * piece cannot be read, or its one variant is sold out). Resolves once it has done one or the other.
 */
export async function addFromCard(product: CartProduct, openPage: (href: string) => void): Promise<'added' | 'opened'> {
  const href = `/product/${encodeURIComponent(product.id)}`;
  let detail: VariantProduct;
  try {
    detail = await getProduct(product.id);
  } catch {
    openPage(href);
    return 'opened';
  }
  const variants = productVariants(detail);
  const only = variants[0];
  if (productOptions(detail).length > 0 || variants.length !== 1 || !canOrder(detail, only)) {
    openPage(href);
    return 'opened';
  }
  addToSelection({ ...product, price: only.price, image: only.image ?? product.image }, 1, {
    variantId: hasVariants(detail) ? only.id : null,
    variantLabel: lineLabel(only),
    engraving: '',
  });
  return 'added';
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
