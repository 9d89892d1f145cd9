import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { cartStore } from '../features/cart/useCart';
import { Toaster } from '../features/toast/Toaster';
import { wishlistStore } from '../features/wishlist/useWishlist';
import { product } from '../test/fixtures';
import { ProductCard } from './ProductCard';

function renderCard(p = product()) {
  render(
    <MemoryRouter>
      <ProductCard product={p} index={2} delayStep={0.08} />
      <Toaster />
    </MemoryRouter>,
  );
  return { p, user: userEvent.setup(), card: screen.getByTestId('product-card') };
}

describe('ProductCard', () => {
  beforeEach(() => {
    cartStore.set([]);
    wishlistStore.set([]);
    localStorage.clear();
  });

  it('links the name to the product page and shows description, rating, review count and price', () => {
    const { p, card } = renderCard(
      product({ name: 'Riviera Necklace', description: 'Forty diamonds.', price: 12500, reviews_count: 37, rating: 4.8 }),
    );
    expect(within(card).getByRole('link', { name: 'Riviera Necklace' })).toHaveAttribute('href', `/product/${p.id}`);
    expect(within(card).getByRole('link', { name: 'View Riviera Necklace' })).toHaveAttribute('href', `/product/${p.id}`);
    expect(within(card).getByText('Forty diamonds.')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeInTheDocument();
    expect(within(card).getByText('(37)')).toBeInTheDocument();
    expect(within(card).getByText('$12,500')).toBeInTheDocument();
    expect(card).toHaveStyle({ '--enter-delay': '0.16s' });
  });

  it('shows a Sale badge and the struck-through original price when reduced', () => {
    const { card } = renderCard(product({ price: 1800, original_price: 2250 }));
    expect(within(card).getByText('Sale')).toBeInTheDocument();
    expect(within(card).getByText('$2,250').closest('s')).not.toBeNull();
  });

  it('toggles the wishlist heart: adds, fills, then removes', async () => {
    const { p, user, card } = renderCard(product({ name: 'Halo Ring' }));
    const heart = within(card).getByRole('button', { name: 'Add Halo Ring to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(wishlistStore.get().map((i) => i.id)).toEqual([p.id]);
    expect(within(card).getByRole('button', { name: 'Remove Halo Ring from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Added to Wishlist')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('facet:wishlist') ?? '[]')).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Remove Halo Ring from wishlist' }));
    expect(wishlistStore.get()).toEqual([]);
    expect(screen.getByText('Removed from Wishlist')).toBeInTheDocument();
  });

  it('adds to the selection and says so', async () => {
    const { p, user, card } = renderCard(product({ name: 'Pavé Band' }));
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(cartStore.get()).toMatchObject([{ id: p.id, quantity: 2 }]);
    expect(screen.getByText('Added to Cart!')).toBeInTheDocument();
    expect(screen.getByText('Pavé Band has been added to your cart.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('facet:cart') ?? '[]')).toMatchObject([{ id: p.id, quantity: 2 }]);
  });

  it('disables Add to Cart when out of stock', () => {
    const { card } = renderCard(product({ in_stock: false }));
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(within(card).getByText('Out of Stock')).toBeInTheDocument();
  });
});
