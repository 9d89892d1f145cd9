import { RING_SIZER_VALUE, type ProductVariant } from '@facet/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { getProduct } from '../api/shop';
import { cartStore } from '../features/cart/useCart';
import { Toaster } from '../features/toast/Toaster';
import { wishlistStore } from '../features/wishlist/useWishlist';
import { product } from '../test/fixtures';
import { ProductCard } from './ProductCard';

// A card knows the piece, not its variants: its Add to Cart reads them (GET /api/products/{id}).
jest.mock('../api/shop', () => ({ getProduct: jest.fn() }));
const getProductMock = getProduct as jest.MockedFunction<typeof getProduct>;

const variant = (id: string, options: Record<string, string>, more: Partial<ProductVariant> = {}): ProductVariant => ({
  id,
  sku: id,
  options,
  price: 1200,
  available: null,
  lead_time_days: 10,
  is_default: false,
  image: null,
  description: null,
  features: null,
  ...more,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + JSON.stringify(location.state)}</p>;
}

function renderCard(p = product()) {
  render(
    <MemoryRouter initialEntries={['/jewelry/rings']}>
      <Routes>
        <Route path="*" element={<ProductCard product={p} index={2} delayStep={0.08} />} />
      </Routes>
      <Where />
      <Toaster />
    </MemoryRouter>,
  );
  return { p, user: userEvent.setup(), card: screen.getByTestId('product-card') };
}

describe('ProductCard', () => {
  beforeEach(() => {
    getProductMock.mockReset();
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

  it('adds a piece sold as one variant to the selection as that variant, and says so', async () => {
    const p = product({ name: 'Pavé Band' });
    getProductMock.mockResolvedValue({ ...p, options: [], variants: [variant('only', {}, { is_default: true })] } as never);
    const { user, card } = renderCard(p);
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(cartStore.get()).toHaveLength(1));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Add to Cart' })).not.toHaveAttribute('aria-busy'));
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(cartStore.get()).toMatchObject([{ id: p.id, quantity: 2 }]));
    expect(cartStore.get()[0]).toMatchObject({ variantId: 'only', variantLabel: '' });
    expect(screen.getByText('Added to Cart!')).toBeInTheDocument();
    expect(screen.getByText('Pavé Band has been added to your cart.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('facet:cart') ?? '[]')).toMatchObject([{ id: p.id, quantity: 2 }]);
  });

  it('never chooses a size or metal silently: a piece with options opens its page to choose them', async () => {
    const p = product({ name: 'Stacking Ring', category: 'women-rings' });
    getProductMock.mockResolvedValue({
      ...p,
      options: [{ name: 'size', values: ['6', RING_SIZER_VALUE] }],
      variants: [variant('six', { size: '6' }), variant('sizer', { size: RING_SIZER_VALUE }, { is_default: true })],
    } as never);
    const { user, card } = renderCard(p);
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/product/${p.id}{"chooseOptions":true}`));
    expect(cartStore.get()).toEqual([]);
    expect(screen.queryByText('Stacking Ring has been added to your cart.')).not.toBeInTheDocument();
  });

  it('opens the page, adding nothing, when the piece cannot be read or its one variant is sold out', async () => {
    const p = product({ name: 'Estate Brooch' });
    getProductMock.mockResolvedValue({ ...p, options: [], variants: [variant('one', {}, { is_default: true, available: 0 })] } as never);
    const { user, card } = renderCard(p);
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/product/${p.id}`));
    getProductMock.mockRejectedValue(new Error('offline'));
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(cartStore.get()).toEqual([]);
  });

  it('disables Add to Cart when out of stock', () => {
    const { card } = renderCard(product({ in_stock: false }));
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(within(card).getByText('Out of Stock')).toBeInTheDocument();
  });
});
