import { product } from '../../test/fixtures';
import { addToWishlist, isInWishlist, removeFromWishlist, sanitizeWishlist, toggleWishlist } from './wishlist';

describe('the wishlist', () => {
  const now = new Date('2025-09-17T10:00:00.000Z');
  const ring = product({ name: 'Ring' });
  const studs = product({ name: 'Studs' });

  it('adds an item with the product fields and an addedAt timestamp', () => {
    const [item] = addToWishlist([], ring, now);
    expect(item).toMatchObject({ id: ring.id, name: 'Ring', price: ring.price, addedAt: '2025-09-17T10:00:00.000Z' });
  });

  it('ignores a duplicate', () => {
    const once = addToWishlist([], ring, now);
    const twice = addToWishlist(once, ring, new Date());
    expect(twice).toHaveLength(1);
    expect(twice[0].addedAt).toBe(once[0].addedAt);
  });

  it('toggles and reports whether the item is now in the wishlist', () => {
    const added = toggleWishlist([], ring, now);
    expect(added.inWishlist).toBe(true);
    expect(isInWishlist(added.items, ring.id)).toBe(true);
    const removed = toggleWishlist(added.items, ring, now);
    expect(removed.inWishlist).toBe(false);
    expect(removed.items).toEqual([]);
  });

  it('removes one item; count is the number of items', () => {
    const items = addToWishlist(addToWishlist([], ring, now), studs, now);
    expect(items).toHaveLength(2);
    expect(removeFromWishlist(items, ring.id).map((i) => i.name)).toEqual(['Studs']);
  });

  it('keeps only well-formed entries from storage', () => {
    const items = addToWishlist([], ring, now);
    expect(sanitizeWishlist([...items, ...items, { id: 3 }, 'x'])).toEqual(items);
    expect(sanitizeWishlist(undefined)).toEqual([]);
  });
});
