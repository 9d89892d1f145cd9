import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { listProducts } from '../api/shop';
import { product } from '../test/fixtures';
import { SearchBox } from './SearchBox';

jest.mock('../api/shop', () => ({ listProducts: jest.fn() }));
const listMock = listProducts as jest.MockedFunction<typeof listProducts>;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function setup() {
  render(
    <MemoryRouter initialEntries={['/about']}>
      <SearchBox />
      <p>Outside</p>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

const names = ['Gold Hoops', 'Gold Cuff', 'Rose Gold Band', 'Gold Chain', 'Golden Signet', 'Old Gold Locket', 'Gold Studs'];

describe('header SearchBox', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    listMock.mockReset();
    listMock.mockResolvedValue({ products: names.map((name) => product({ name })), total: 7, page: 1, limit: 20 });
  });
  afterEach(() => jest.useRealTimers());

  it("says 'Searching...', then shows five ranked suggestions and 'View all N results'", async () => {
    const user = setup();
    await user.type(screen.getByRole('combobox', { name: 'Search jewelry' }), 'gold');
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(250);
    });
    expect(listMock).toHaveBeenCalledWith({ limit: 20, search: 'gold' }, expect.anything());
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent?.replace(/\$.*/, ''))).toEqual([
      'Gold Chain',
      'Gold Cuff',
      'Gold Hoops',
      'Gold Studs',
      'Golden Signet',
    ]);
    expect(screen.getByRole('link', { name: 'View all 7 results' })).toHaveAttribute('href', '/catalogue?search=gold');
  });

  it("counts in 'View all N results' what the catalogue page finds (the API's total), not the names on one page", async () => {
    // 'diamond': the API finds 34 (name, description, category or features); its first 20 hold 12 such names.
    const page = [
      ...Array.from({ length: 12 }, (_, i) => product({ name: `Diamond Piece ${String(i).padStart(2, '0')}` })),
      ...Array.from({ length: 8 }, (_, i) => product({ name: `Solitaire ${i}`, description: 'A round diamond.' })),
    ];
    listMock.mockResolvedValue({ products: page, total: 34, page: 1, limit: 20 });
    const user = setup();
    await user.type(screen.getByRole('combobox', { name: 'Search jewelry' }), 'diamond');
    await act(async () => {
      jest.advanceTimersByTime(250);
    });
    expect(screen.getAllByRole('option')).toHaveLength(5);
    const all = screen.getByRole('link', { name: 'View all 34 results' });
    expect(all).toHaveAttribute('href', '/catalogue?search=diamond');
    await user.click(all);
    expect(screen.getByTestId('where')).toHaveTextContent('/catalogue?search=diamond');
  });

  it('suggests the pieces the search finds by their description when no name matches, and counts them', async () => {
    const found = [product({ name: 'Solitaire Ring', description: 'A bezel setting.' }), product({ name: 'Halo Studs' })];
    listMock.mockResolvedValue({ products: found, total: 2, page: 1, limit: 20 });
    const user = setup();
    await user.type(screen.getByRole('combobox', { name: 'Search jewelry' }), 'bezel');
    await act(async () => {
      jest.advanceTimersByTime(250);
    });
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent?.replace(/\$.*/, ''))).toEqual(['Solitaire Ring', 'Halo Studs']);
    expect(screen.queryByRole('link', { name: /View all/ })).not.toBeInTheDocument();
  });

  it("says 'No products found' when nothing matches, and hides when cleared", async () => {
    listMock.mockResolvedValue({ products: [], total: 0, page: 1, limit: 20 });
    const user = setup();
    const box = screen.getByRole('combobox', { name: 'Search jewelry' });
    await user.type(box, 'pearl');
    await act(async () => {
      jest.advanceTimersByTime(250);
    });
    expect(screen.getByText('No products found')).toBeInTheDocument();
    await user.clear(box);
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when clicking outside', async () => {
    const user = setup();
    await user.type(screen.getByRole('combobox', { name: 'Search jewelry' }), 'gold');
    await act(async () => {
      jest.advanceTimersByTime(250);
    });
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('submits to the search page and clears the box; a blank query is ignored', async () => {
    const user = setup();
    const box = screen.getByRole('combobox', { name: 'Search jewelry' });
    await user.type(box, '   {Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/about');
    await user.clear(box);
    await user.type(box, 'rose gold{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=rose%20gold');
    expect(box).toHaveValue('');
  });

  it('empties the suggestions silently when the request fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    listMock.mockRejectedValue(new Error('Server error. Please try again later.'));
    const user = setup();
    await user.type(screen.getByRole('combobox', { name: 'Search jewelry' }), 'gold');
    await act(async () => {
      jest.advanceTimersByTime(250);
    });
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });
});
