import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShopData } from '@facet/contracts';
import { listProducts } from '../api/shop';
import { product } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import CataloguePage from './CataloguePage';

// The route's loader reads each first page through the test ShopData; Load More calls the API.
jest.mock('../api/shop', () => ({ listProducts: jest.fn() }));
const moreMock = listProducts as jest.MockedFunction<typeof listProducts>;
const listMock = jest.fn<ReturnType<ShopData['listProducts']>, Parameters<ShopData['listProducts']>>();

const page = (n: number, prefix: string, total: number, pageNo = 1) => ({
  products: Array.from({ length: n }, (_, i) => product({ name: `${prefix} ${i + 1}`, category: 'women-rings' })),
  total,
  page: pageNo,
  limit: 12,
});

const renderCatalogue = (url = '/catalogue') => renderRoute('catalogue', url, { listProducts: listMock }, <CataloguePage />);

describe('catalogue page', () => {
  beforeEach(() => {
    listMock.mockReset();
    moreMock.mockReset();
  });

  it("opens at the URL's filters, read by the route's loader", async () => {
    listMock.mockResolvedValueOnce(page(4, 'Gold', 4));
    renderCatalogue('/catalogue?search=gold&category=women-rings');
    expect(await screen.findByText('4 products found')).toBeInTheDocument();
    expect(listMock).toHaveBeenCalledWith(
      expect.objectContaining({ search: 'gold', category: 'women-rings', page: 1, limit: 12 }),
      expect.anything(),
    );
    expect(screen.getByLabelText('Category')).toHaveValue('women-rings');
  });

  it('writes a changed filter into the URL, the loader reads its first page, and Load More goes on from it', async () => {
    listMock.mockResolvedValueOnce(page(12, 'Any', 30)).mockResolvedValueOnce(page(12, 'Cheap', 14));
    moreMock.mockResolvedValueOnce(page(2, 'Late', 14, 2));
    const user = userEvent.setup();
    const { router } = renderCatalogue();
    expect(await screen.findByText('30 products found')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-low');
    expect(await screen.findByText('14 products found')).toBeInTheDocument();
    expect(listMock).toHaveBeenLastCalledWith(expect.objectContaining({ sort_by: 'price-low', page: 1 }), expect.anything());
    expect(router.state.location.search).toBe('?sort=price-low');
    expect(screen.getAllByRole('link', { name: /^Cheap \d+$/ }).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(moreMock).toHaveBeenLastCalledWith(expect.objectContaining({ sort_by: 'price-low', page: 2 }));
    expect(await screen.findAllByRole('link', { name: /^Late \d+$/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });
});
