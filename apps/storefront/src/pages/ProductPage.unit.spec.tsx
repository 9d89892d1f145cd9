import '@testing-library/jest-dom';
import { RING_SIZER_VALUE, type ProductVariant } from '@facet/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { getProduct, productsInCategory } from '../api/shop';
import { cartStore } from '../features/cart/useCart';
import { wishlistStore } from '../features/wishlist/useWishlist';
import type { VariantProduct } from '../lib/variants';
import { product } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import ProductPage from './ProductPage';

// The route's loader reads the piece and its related pieces through the test ShopData (these mocks).
jest.mock('../api/shop', () => ({ getProduct: jest.fn(), productsInCategory: jest.fn() }));
const getProductMock = getProduct as jest.MockedFunction<typeof getProduct>;
const relatedMock = productsInCategory as jest.MockedFunction<typeof productsInCategory>;

const SIZES = ['3', '3.5', '4', '4.5', '5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9'];

function variant(id: string, options: Record<string, string>, more: Partial<ProductVariant> = {}): ProductVariant {
  return {
    id,
    sku: `FCT-${id}`,
    options,
    price: 2400,
    available: null,
    lead_time_days: 15,
    is_default: false,
    image: null,
    description: null,
    features: null,
    ...more,
  };
}

/** A ring in US 3 to 9 and the free sizer (the default): 6.5 is one piece in stock at a higher price, 7 is sold out. */
function ring(): VariantProduct {
  const base = product({ name: 'Solitaire Ring', price: 2400, category: 'women-rings' });
  const sizes = SIZES.map((s) => {
    if (s === '6.5') return variant('v-6-5', { size: s }, { price: 2600, available: 1, lead_time_days: null });
    if (s === '7') return variant('v-7', { size: s }, { available: 0, lead_time_days: null });
    return variant(`v-${s.replace('.', '-')}`, { size: s });
  });
  return {
    ...base,
    options: [{ name: 'size', values: [RING_SIZER_VALUE, ...SIZES] }],
    variants: [variant('v-sizer', { size: RING_SIZER_VALUE }, { is_default: true }), ...sizes],
    engraving: { max_length: 20 },
    gallery: [{ src: base.image, alt: 'The solitaire from above' }],
  };
}

/** A band in two metals (platinum has its own picture) and two sizes; platinum 8 is not made. */
function band(): VariantProduct {
  const base = product({ name: 'Court Band', price: 900, category: 'women-rings' });
  return {
    ...base,
    options: [
      { name: 'metal', values: ['Yellow Gold', 'Platinum'] },
      { name: 'size', values: ['6', '7', '8'] },
    ],
    variants: [
      variant('y6', { metal: 'Yellow Gold', size: '6' }, { is_default: true, price: 900 }),
      variant('y7', { metal: 'Yellow Gold', size: '7' }, { price: 900 }),
      variant('y8', { metal: 'Yellow Gold', size: '8' }, { price: 900 }),
      variant('p6', { metal: 'Platinum', size: '6' }, { price: 1400, image: '/uploads/band-platinum.jpg' }),
      variant('p7', { metal: 'Platinum', size: '7' }, { price: 1400, image: '/uploads/band-platinum.jpg' }),
    ],
    engraving: null,
    gallery: [],
  };
}

function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

async function open(p: VariantProduct, search = '') {
  getProductMock.mockResolvedValue(p);
  // Reviews (issue 41) are left out (their section shows nothing): these specs are about options,
  // availability and engraving.
  const productReviews = () => Promise.reject(new Error('reviews are not read in these specs'));
  renderRoute(
    'product',
    `/product/${p.id}${search}`,
    { getProduct: getProductMock, productsInCategory: relatedMock, productReviews },
    <>
      <ProductPage />
      <Location />
    </>,
  );
  await screen.findByRole('heading', { level: 1, name: p.name });
  return userEvent.setup();
}

const price = () => screen.getByTestId('product-price').querySelector('.price')?.textContent;
const availability = () => screen.getByTestId('product-availability').textContent;
const addButton = () => screen.getByRole('button', { name: /^(Add to Cart|Sold Out)$/ });

describe('product page options, availability and engraving', () => {
  beforeEach(() => {
    cartStore.set([]);
    getProductMock.mockReset();
    relatedMock.mockReset();
    relatedMock.mockResolvedValue({ products: [], total: 0, page: 1, limit: 4 });
  });

  it('offers a labelled size choice, starting at the free ring sizer with its lead time', async () => {
    await open(ring());
    const select = screen.getByLabelText('Size');
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveValue(RING_SIZER_VALUE);
    const labels = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(labels[0]).toBe(RING_SIZER_VALUE);
    expect(labels).toContain('US 3');
    expect(labels).toContain('US 9');
    expect(labels).toContain('US 7 (sold out)');
    expect(select).toHaveAccessibleDescription('Not sure of your size? We send a free ring sizer with your piece.');
    expect(price()).toBe('$2,400');
    expect(availability()).toBe('Made to order: ships in 15 business days');
    expect(addButton()).toBeEnabled();
  });

  it('moves price, availability, the quantity limit and the URL with the chosen size', async () => {
    const user = await open(ring());
    await user.selectOptions(screen.getByLabelText('Size'), '6.5');
    expect(price()).toBe('$2,600');
    expect(availability()).toBe('Only 1 left');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByTestId('location')).toHaveTextContent(/\?variant=v-6-5$/);

    await user.selectOptions(screen.getByLabelText('Size'), '5');
    expect(price()).toBe('$2,400');
    expect(availability()).toBe('Made to order: ships in 15 business days');
    expect(screen.getByTestId('location')).toHaveTextContent(/\?variant=v-5$/);
  });

  it('says sold out and disables adding for a variant with none left', async () => {
    const user = await open(ring());
    await user.selectOptions(screen.getByLabelText('Size'), '7');
    expect(availability()).toBe('Sold out');
    expect(screen.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('opens at the variant a shared link names, and at the default one for an unknown id', async () => {
    await open(ring(), '?variant=v-6-5');
    expect(screen.getByLabelText('Size')).toHaveValue('6.5');
    expect(availability()).toBe('Only 1 left');
  });

  it('ignores a variant id the product does not have', async () => {
    await open(ring(), '?variant=%00%ED%A0%80nope');
    expect(screen.getByLabelText('Size')).toHaveValue(RING_SIZER_VALUE);
  });

  it('adds the chosen size and engraving to the bag as their own line', async () => {
    const p = ring();
    const user = await open(p);
    await user.selectOptions(screen.getByLabelText('Size'), '6.5');
    await user.type(screen.getByLabelText(/Engraving/), 'A & B');
    await user.click(addButton());
    await user.selectOptions(screen.getByLabelText('Size'), '5');
    await user.clear(screen.getByLabelText(/Engraving/));
    await user.click(addButton());
    expect(cartStore.get()).toEqual([
      expect.objectContaining({ id: p.id, price: 2600, variantId: 'v-6-5', variantLabel: 'Size 6.5', engraving: 'A & B', quantity: 1 }),
      expect.objectContaining({ id: p.id, price: 2400, variantId: 'v-5', variantLabel: 'Size 5', engraving: '', quantity: 1 }),
    ]);
  });

  it('counts engraving characters as the shopper sees them, and refuses what the engraver cannot cut', async () => {
    const user = await open(ring());
    const input = screen.getByLabelText(/Engraving/);
    await user.type(input, 'Always ♥');
    expect(screen.getByTestId('engraving-count')).toHaveTextContent('8 / 20');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input).toHaveAccessibleDescription(/8 \/ 20/);

    const refusals: [string, RegExp][] = [
      ['A\u0000B', /letters, digits, spaces/],
      ['Love \ud800', /letters, digits, spaces/],
      ['Love 💍', /letters, digits, spaces/],
      ['x'.repeat(10_000), /limited to 20 characters/],
      [' leading', /start or end with a space/],
      ['two  spaces', /two in a row/],
    ];
    for (const [text, message] of refusals) {
      fireEvent.change(input, { target: { value: text } });
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(message);
    }
    expect(screen.getByTestId('engraving-count')).toHaveTextContent('11 / 20');
    fireEvent.change(input, { target: { value: 'x'.repeat(10_000) } });
    expect(screen.getByTestId('engraving-count')).toHaveTextContent('10000 / 20');
    // An emoji is one character, not two code units.
    fireEvent.change(input, { target: { value: '💍💍' } });
    expect(screen.getByTestId('engraving-count')).toHaveTextContent('2 / 20');

    await user.click(addButton());
    expect(cartStore.get()).toEqual([]);
    expect(input).toHaveFocus();

    fireEvent.change(input, { target: { value: 'E & J 2024' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(addButton());
    expect(cartStore.get()).toEqual([expect.objectContaining({ engraving: 'E & J 2024' })]);
  });

  it('keeps the wishlist product-level: one entry whatever size is chosen', async () => {
    wishlistStore.set([]);
    const p = ring();
    const user = await open(p, '?variant=v-6-5');
    await user.click(screen.getByRole('button', { name: 'Add to Wishlist' }));
    expect(wishlistStore.get()).toEqual([expect.objectContaining({ id: p.id, price: 2400 })]);
    await user.selectOptions(screen.getByLabelText('Size'), '5');
    expect(screen.getByRole('button', { name: 'In Wishlist' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.stringify(wishlistStore.get())).not.toContain('v-6-5');
  });

  it('offers no engraving on a piece that cannot be engraved', async () => {
    await open(band());
    expect(screen.queryByLabelText(/Engraving/)).toBeNull();
  });

  it('keeps the size when the metal changes where it can, shows the metal’s own picture, and says what is not made', async () => {
    const user = await open(band(), '?variant=y8');
    const metal = screen.getByRole('group', { name: /^Metal/ });
    expect(within(metal).getByRole('radio', { name: 'Yellow Gold' })).toBeChecked();
    // Platinum is not made in size 8: choosing it moves to a platinum size that is.
    expect(within(metal).getByRole('radio', { name: /Platinum/ })).toHaveAccessibleName('Platinum (not made with this choice)');
    await user.click(within(metal).getByRole('radio', { name: /Platinum/ }));
    expect(price()).toBe('$1,400');
    const size = screen.getByRole('group', { name: /^Size/ });
    expect(within(size).getByRole('radio', { name: 'US 6' })).toBeChecked();
    expect(within(size).getByRole('radio', { name: 'US 8 (not made with this choice)' })).not.toBeChecked();
    const shown = screen.getByRole('img', { name: 'Court Band, Metal Platinum · Size 6' });
    expect(shown).toHaveAttribute('src', '/uploads/band-platinum.jpg');

    await user.click(within(size).getByRole('radio', { name: 'US 7' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/\?variant=p7$/);
    // Keyboard: arrow keys move between the metals.
    act(() => within(metal).getByRole('radio', { name: 'Platinum' }).focus());
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('location')).toHaveTextContent(/\?variant=y7$/);
    expect(price()).toBe('$900');
  });

  it("says what the chosen metal is: the variant's description and details replace the product's as it is chosen", async () => {
    const base = band();
    const platinum = { description: 'A court band of platinum 950.', features: ['Platinum 950', '2 mm'] };
    const p: VariantProduct = {
      ...base,
      description: 'A court band of 18K yellow gold.',
      features: ['18K yellow gold', '2 mm'],
      variants: base.variants!.map((v) => (v.options.metal === 'Platinum' ? { ...v, ...platinum } : v)),
    };
    const user = await open(p);
    const details = () =>
      within(screen.getByTestId('product-details'))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(screen.getByTestId('product-description')).toHaveTextContent('A court band of 18K yellow gold.');
    expect(details()).toEqual(['18K yellow gold', '2 mm']);
    await user.click(within(screen.getByRole('group', { name: /^Metal/ })).getByRole('radio', { name: 'Platinum' }));
    expect(screen.getByTestId('product-description')).toHaveTextContent('A court band of platinum 950.');
    expect(details()).toEqual(['Platinum 950', '2 mm']);
    expect(screen.queryByText('18K yellow gold')).not.toBeInTheDocument();
  });

  it('shows a product the API sends without variants exactly as before', async () => {
    const plain = product({ name: 'Pearl Studs', price: 300, category: 'women-earrings' });
    const user = await open(plain);
    expect(screen.queryByLabelText('Size')).toBeNull();
    expect(screen.queryByLabelText(/Engraving/)).toBeNull();
    expect(availability()).toBe('In Stock');
    await user.click(addButton());
    expect(cartStore.get()).toEqual([expect.objectContaining({ id: plain.id, variantId: null, variantLabel: '', engraving: '' })]);
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`/product/${plain.id}$`));
  });

  it('keeps Add to Cart disabled for a product without variants that is out of stock', async () => {
    await open(product({ name: 'Old Brooch', in_stock: false }));
    expect(availability()).toBe('Out of Stock');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });
});
