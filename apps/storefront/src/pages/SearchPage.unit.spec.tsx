import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShopData } from '@facet/contracts';
import { toast } from '../features/toast/toasts';
import { product } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import SearchPage from './SearchPage';

jest.mock('../features/toast/toasts', () => ({ toast: jest.fn() }));
const listMock = jest.fn<ReturnType<ShopData['listProducts']>, Parameters<ShopData['listProducts']>>();

const found = (n: number, prefix: string, total = n) => ({
  products: Array.from({ length: n }, (_, i) => product({ name: `${prefix} ${i + 1}`, category: 'women-rings' })),
  total,
  page: 1,
  limit: 100,
});

const renderSearch = (url: string) => renderRoute('search', url, { listProducts: listMock }, <SearchPage />);

describe('search page', () => {
  beforeEach(() => {
    listMock.mockReset();
    (toast as jest.Mock).mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("shows what the route's loader found for the URL's query, price range and sort", async () => {
    listMock.mockResolvedValueOnce(found(3, 'Ring', 3));
    renderSearch('/search?q=ring&price=under-500&sort=price-high');
    expect(await screen.findByText('3 items found')).toBeInTheDocument();
    expect(listMock).toHaveBeenCalledWith(
      { limit: 100, search: 'ring', sort_by: 'price-high', price_range: 'under-500' },
      expect.anything(),
    );
    expect(screen.getByRole('combobox', { name: /sort/i })).toHaveValue('price-high');
  });

  it('writes a new sort into the URL, and the loader reads the results for it', async () => {
    listMock.mockResolvedValueOnce(found(2, 'Ring')).mockResolvedValueOnce(found(2, 'Cheap'));
    const user = userEvent.setup();
    const { router } = renderSearch('/search?q=ring');
    expect(await screen.findAllByRole('link', { name: /^Ring \d+$/ })).not.toHaveLength(0);
    expect(listMock).toHaveBeenLastCalledWith({ limit: 100, search: 'ring', sort_by: 'featured', price_range: 'all' }, expect.anything());
    await user.selectOptions(screen.getByRole('combobox', { name: /sort/i }), 'price-low');
    expect(await screen.findAllByRole('link', { name: /^Cheap \d+$/ })).not.toHaveLength(0);
    expect(listMock).toHaveBeenLastCalledWith({ limit: 100, search: 'ring', sort_by: 'price-low', price_range: 'all' }, expect.anything());
    expect(router.state.location.search).toBe('?q=ring&sort=price-low');
  });

  it('says so when the search fails, and shows no results', async () => {
    listMock.mockRejectedValueOnce(new Error('Server error. Please try again later.'));
    renderSearch('/search?q=ring');
    expect(await screen.findByRole('heading', { name: 'No items found' })).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith({
      title: 'Search error',
      description: 'Server error. Please try again later.',
      variant: 'destructive',
    });
  });

  it('asks nothing for an empty query and offers popular searches', async () => {
    renderSearch('/search');
    expect(await screen.findByRole('heading', { name: 'Popular Searches' })).toBeInTheDocument();
    expect(listMock).not.toHaveBeenCalled();
  });
});
