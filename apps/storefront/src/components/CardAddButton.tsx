import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CartProduct } from '../features/cart/cart';
import { addFromCard, CHOOSE_OPTIONS } from '../features/shopActions';

/**
 * A card's Add to Cart (grids, the home page's Selection, the wishlist): adds a piece sold as one variant,
 * and opens the page of a piece with options to choose them there (addFromCard). Busy while it asks.
 */
export function CardAddButton({ product, disabled, className }: { product: CartProduct; disabled: boolean; className: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const press = () => {
    if (busy) return;
    setBusy(true);
    void addFromCard(product, (href) => void navigate(href, { state: CHOOSE_OPTIONS })).finally(() => setBusy(false));
  };
  return (
    <button type="button" className={className} disabled={disabled} aria-busy={busy || undefined} onClick={press}>
      Add to Cart
    </button>
  );
}
