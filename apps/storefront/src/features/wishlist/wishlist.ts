/** The wishlist: pure rules from spec section 4. */
import type { Product } from '@facet/contracts';

export interface WishlistItem {
  id: string;
  name: string;
  description: string;
  price: number;
  originalPrice: number | null;
  image: string;
  category: string;
  rating: number;
  reviewsCount: number;
  inStock: boolean;
  /** ISO timestamp set when added. */
  addedAt: string;
}

export type WishlistProduct = Pick<Product, 'id' | 'name' | 'price' | 'original_price' | 'image' | 'category'> &
  Partial<Pick<Product, 'description' | 'rating' | 'reviews_count' | 'in_stock'>>;

export function toWishlistItem(p: WishlistProduct, now: Date): WishlistItem {
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? '',
    price: p.price,
    originalPrice: p.original_price ?? null,
    image: p.image,
    category: p.category,
    rating: p.rating ?? 4.5,
    reviewsCount: p.reviews_count ?? 0,
    inStock: p.in_stock ?? true,
    addedAt: now.toISOString(),
  };
}

export function isInWishlist(items: readonly WishlistItem[], id: string): boolean {
  return items.some((i) => i.id === id);
}

/** Adding a duplicate is ignored. */
export function addToWishlist(items: readonly WishlistItem[], p: WishlistProduct, now: Date): WishlistItem[] {
  return isInWishlist(items, p.id) ? [...items] : [...items, toWishlistItem(p, now)];
}

export function removeFromWishlist(items: readonly WishlistItem[], id: string): WishlistItem[] {
  return items.filter((i) => i.id !== id);
}

/** Toggle adds or removes, and reports whether the item is now in the wishlist. */
export function toggleWishlist(
  items: readonly WishlistItem[],
  p: WishlistProduct,
  now: Date,
): { items: WishlistItem[]; inWishlist: boolean } {
  return isInWishlist(items, p.id)
    ? { items: removeFromWishlist(items, p.id), inWishlist: false }
    : { items: addToWishlist(items, p, now), inWishlist: true };
}

export function sanitizeWishlist(raw: unknown): WishlistItem[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: WishlistItem[] = [];
  for (const r of raw) {
    if (!r || typeof r !== 'object') continue;
    const i = r as Partial<WishlistItem>;
    if (typeof i.id !== 'string' || seen.has(i.id) || typeof i.price !== 'number') continue;
    seen.add(i.id);
    out.push({
      id: i.id,
      name: typeof i.name === 'string' ? i.name : '',
      description: typeof i.description === 'string' ? i.description : '',
      price: i.price,
      originalPrice: typeof i.originalPrice === 'number' ? i.originalPrice : null,
      image: typeof i.image === 'string' ? i.image : '',
      category: typeof i.category === 'string' ? i.category : '',
      rating: typeof i.rating === 'number' ? i.rating : 4.5,
      reviewsCount: typeof i.reviewsCount === 'number' ? i.reviewsCount : 0,
      inStock: i.inStock !== false,
      addedAt: typeof i.addedAt === 'string' ? i.addedAt : new Date(0).toISOString(),
    });
  }
  return out;
}
