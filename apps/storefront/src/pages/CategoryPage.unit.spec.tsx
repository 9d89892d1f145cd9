import { findCategory } from '@facet/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCategory, productsInCategory } from '../api/shop';
import { product } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import CategoryPage from './CategoryPage';

// The route's loader reads the first page through the test ShopData (productsMock); Load More calls the API.
jest.mock('../api/shop', () => ({ getCategory: jest.fn(), productsInCategory: jest.fn() }));
jest.mock('../features/toast/toasts', () => ({ toast: jest.fn() }));
const categoryMock = getCategory as jest.MockedFunction<typeof getCategory>;
const productsMock = productsInCategory as jest.MockedFunction<typeof productsInCategory>;

const page = (n: number, prefix: string, total: number, pageNo = 1) => ({
  products: Array.from({ length: n }, (_, i) => product({ name: `${prefix} ${i + 1}`, category: 'women-rings' })),
  total,
  page: pageNo,
  limit: 50,
});

function renderCategory(param = 'women-rings') {
  return renderRoute('category', `/category/${param}`, { productsInCategory: productsMock }, <CategoryPage />);
}

describe('category page', () => {
  beforeEach(() => {
    categoryMock.mockReset().mockResolvedValue(findCategory('women-rings')!);
    productsMock.mockReset();
  });

  it('shows the first 50 and loads the rest with Load More, keeping the sort and price range', async () => {
    let resolveMore!: (v: ReturnType<typeof page>) => void;
    productsMock.mockResolvedValueOnce(page(50, 'Ring', 53)).mockReturnValueOnce(new Promise((r) => (resolveMore = r)));
    const user = userEvent.setup();
    renderCategory();
    expect(await screen.findByText('53 Products Available')).toBeInTheDocument();
    expect(screen.getByText('Showing 50 of 53')).toBeInTheDocument();
    expect(productsMock).toHaveBeenLastCalledWith('women-rings', { sort_by: 'featured', price_range: 'all', limit: 50 }, expect.anything());

    await user.click(screen.getByRole('button', { name: 'Load More Products' }));
    expect(screen.getByRole('button', { name: 'Loading More...' })).toBeDisabled();
    expect(productsMock).toHaveBeenLastCalledWith('women-rings', { sort_by: 'featured', price_range: 'all', limit: 50, page: 2 });
    await act(async () => resolveMore(page(3, 'Late', 53, 2)));
    expect(screen.getAllByRole('link', { name: /^Late \d+$/ }).length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 53')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load More/ })).not.toBeInTheDocument();
  });

  it('shows no Load More when the first page holds the whole category', async () => {
    productsMock.mockResolvedValueOnce(page(12, 'Ring', 12));
    renderCategory();
    expect(await screen.findByText('12 Products Available')).toBeInTheDocument();
    expect(screen.getByText('Showing 12')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load More/ })).not.toBeInTheDocument();
  });

  it('keeps the loaded pieces when a Load More fails, and the button can be pressed again', async () => {
    productsMock
      .mockResolvedValueOnce(page(50, 'Ring', 60))
      .mockRejectedValueOnce(new Error('Server error. Please try again later.'))
      .mockResolvedValueOnce(page(10, 'Late', 60, 2));
    const user = userEvent.setup();
    renderCategory();
    await user.click(await screen.findByRole('button', { name: 'Load More Products' }));
    expect(await screen.findByRole('button', { name: 'Load More Products' })).toBeEnabled();
    expect(screen.getByText('Showing 50 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More Products' }));
    expect(productsMock).toHaveBeenLastCalledWith('women-rings', { sort_by: 'featured', price_range: 'all', limit: 50, page: 2 });
    expect(await screen.findByText('Showing 60')).toBeInTheDocument();
  });

  it('drops a Load More answer that arrives after the sort changed, and pages the new sort from 1', async () => {
    let resolveMore!: (v: ReturnType<typeof page>) => void;
    productsMock
      .mockResolvedValueOnce(page(50, 'Ring', 53))
      .mockReturnValueOnce(new Promise((r) => (resolveMore = r)))
      .mockResolvedValueOnce(page(50, 'Cheap', 53));
    const user = userEvent.setup();
    renderCategory();
    await user.click(await screen.findByRole('button', { name: 'Load More Products' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /sort/i }), 'price-low');
    expect(productsMock).toHaveBeenLastCalledWith(
      'women-rings',
      { sort_by: 'price-low', price_range: 'all', limit: 50 },
      expect.anything(),
    );
    expect(await screen.findAllByRole('link', { name: /^Cheap \d+$/ })).not.toHaveLength(0);
    await act(async () => resolveMore(page(3, 'Stale', 53, 2)));
    expect(screen.queryAllByRole('link', { name: /^Stale \d+$/ })).toHaveLength(0);
    expect(screen.getByText('Showing 50 of 53')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load More Products' })).toBeEnabled();
  });
});
