import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listProducts, productsInCategory } from '../api/shop';
import { findCollection } from '../lib/collections';
import { product } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import CollectionPage from './CollectionPage';

// The route's loader reads the first page through the test ShopData (these mocks); Load More calls the API.
jest.mock('../api/shop', () => ({ listProducts: jest.fn(), productsInCategory: jest.fn() }));
const listMock = listProducts as jest.MockedFunction<typeof listProducts>;
const categoryMock = productsInCategory as jest.MockedFunction<typeof productsInCategory>;

const page = (n: number, prefix: string, total = 19) => ({
  products: Array.from({ length: n }, (_, i) => product({ name: `${prefix} ${i + 1}`, category: 'women-rings' })),
  total,
  page: 1,
  limit: 8,
});

function renderCollection(slug: string) {
  renderRoute(
    `collection:${slug}`,
    findCollection(slug)!.category.href,
    { listProducts: listMock, productsInCategory: categoryMock },
    <CollectionPage slug={slug} />,
  );
}

describe('collection screens', () => {
  beforeEach(() => {
    listMock.mockReset();
    categoryMock.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Loading <type>...', then the count line, singular for exactly one", async () => {
    let resolve!: (v: ReturnType<typeof page>) => void;
    categoryMock.mockReturnValue(new Promise((r) => (resolve = r)));
    renderCollection('mens-necklaces');
    expect(screen.getByText("Loading men's necklaces...")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "MEN'S NECKLACES" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "MEN'S NECKLACE COLLECTION" })).toBeInTheDocument();
    await act(async () => resolve(page(1, 'Chain', 1)));
    expect(screen.getByText('1 necklace found')).toBeInTheDocument();
    expect(categoryMock).toHaveBeenCalledWith('men-necklaces', { limit: 20 }, expect.anything());
  });

  it('says so when the collection is empty, also after a failed load', async () => {
    categoryMock.mockRejectedValue(new Error('Server error. Please try again later.'));
    renderCollection('earrings');
    expect(await screen.findByText('No earrings found')).toBeInTheDocument();
    expect(screen.getByText('Check back later for new arrivals in our earrings collection.')).toBeInTheDocument();
  });

  it("pages women's rings 8 at a time with 'Load More Rings'", async () => {
    let resolveMore!: (v: ReturnType<typeof page>) => void;
    listMock
      .mockResolvedValueOnce(page(8, 'Ring'))
      .mockReturnValueOnce(new Promise((r) => (resolveMore = r)))
      .mockRejectedValueOnce(new Error('Server error. Please try again later.'))
      .mockResolvedValueOnce(page(3, 'Last'));
    const user = userEvent.setup();
    renderCollection('rings');
    expect(await screen.findByText('19 rings found')).toBeInTheDocument();
    expect(screen.getByText('Showing 8 of 19')).toBeInTheDocument();
    expect(listMock).toHaveBeenLastCalledWith({ category: 'women-rings', limit: 8, page: 1 }, expect.anything());

    await user.click(screen.getByRole('button', { name: 'Load More Rings' }));
    const busy = screen.getByRole('button', { name: 'Loading More...' });
    expect(busy).toBeDisabled();
    expect(listMock).toHaveBeenLastCalledWith({ category: 'women-rings', limit: 8, page: 2 });
    await act(async () => resolveMore(page(8, 'More')));
    expect(screen.getAllByRole('link', { name: /^More \d+$/ }).length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 16 of 19')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More Rings' })); // fails
    expect(await screen.findByRole('button', { name: 'Load More Rings' })).toBeEnabled();
    expect(screen.getByText('Showing 16 of 19')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More Rings' }));
    expect(listMock).toHaveBeenLastCalledWith({ category: 'women-rings', limit: 8, page: 3 });
    expect(await screen.findAllByRole('link', { name: /^Last \d+$/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Load More/ })).not.toBeInTheDocument();
    expect(screen.getByText('19 rings found')).toBeInTheDocument();
  });

  it('shows no Load More Rings when the first page holds every ring (8 of 8)', async () => {
    listMock.mockResolvedValueOnce(page(8, 'Ring', 8));
    renderCollection('rings');
    expect(await screen.findByText('8 rings found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Ring \d+$/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Load More Rings' })).not.toBeInTheDocument();
  });

  it('pages another collection past its first 20 with its own Load More', async () => {
    const user = userEvent.setup();
    categoryMock.mockResolvedValueOnce(page(20, 'Chain', 23));
    listMock.mockResolvedValueOnce(page(3, 'Late', 23));
    renderCollection('mens-necklaces');
    expect(await screen.findByText('23 necklaces found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More Necklaces' }));
    expect(listMock).toHaveBeenLastCalledWith({ category: 'men-necklaces', limit: 20, page: 2 });
    expect(await screen.findAllByRole('link', { name: /^Late \d+$/ })).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Load More/ })).not.toBeInTheDocument();
  });

  it('starts without the button when the first page has fewer than 8 rings', async () => {
    listMock.mockResolvedValueOnce(page(5, 'Ring', 5));
    renderCollection('rings');
    expect(await screen.findByText('5 rings found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Rings' })).not.toBeInTheDocument();
  });
});
