import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { listProducts, productsInCategory } from '../api/shop';
import { product } from '../test/fixtures';
import CollectionPage from './CollectionPage';

jest.mock('../api/shop', () => ({ listProducts: jest.fn(), productsInCategory: jest.fn() }));
const listMock = listProducts as jest.MockedFunction<typeof listProducts>;
const categoryMock = productsInCategory as jest.MockedFunction<typeof productsInCategory>;

const page = (n: number, prefix: string) => ({
  products: Array.from({ length: n }, (_, i) => product({ name: `${prefix} ${i + 1}`, category: 'women-rings' })),
  total: 20,
  page: 1,
  limit: 8,
});

function renderCollection(slug: string) {
  render(
    <MemoryRouter>
      <CollectionPage slug={slug} />
    </MemoryRouter>,
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
    await act(async () => resolve(page(1, 'Chain')));
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
    expect(await screen.findByText('8 rings found')).toBeInTheDocument();
    expect(listMock).toHaveBeenLastCalledWith({ category: 'women-rings', limit: 8, page: 1 }, expect.anything());

    await user.click(screen.getByRole('button', { name: 'Load More Rings' }));
    const busy = screen.getByRole('button', { name: 'Loading More...' });
    expect(busy).toBeDisabled();
    expect(listMock).toHaveBeenLastCalledWith({ category: 'women-rings', limit: 8, page: 2 });
    await act(async () => resolveMore(page(8, 'More')));
    expect(screen.getByText('16 rings found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More Rings' })); // fails
    expect(await screen.findByRole('button', { name: 'Load More Rings' })).toBeEnabled();
    expect(screen.getByText('16 rings found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More Rings' }));
    expect(listMock).toHaveBeenLastCalledWith({ category: 'women-rings', limit: 8, page: 3 });
    expect(await screen.findByText('19 rings found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load More/ })).not.toBeInTheDocument();
  });

  it('starts without the button when the first page has fewer than 8 rings', async () => {
    listMock.mockResolvedValueOnce(page(5, 'Ring'));
    renderCollection('rings');
    expect(await screen.findByText('5 rings found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Rings' })).not.toBeInTheDocument();
  });
});
