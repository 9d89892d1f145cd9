import type { ShopData } from '@facet/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { product } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import { FeaturedSelection } from './FeaturedSelection';

// The home route's loader reads the pieces through the test ShopData.
const randomMock = jest.fn<ReturnType<ShopData['randomProducts']>, Parameters<ShopData['randomProducts']>>();
const renderHome = () => renderRoute('home', '/', { randomProducts: randomMock }, <FeaturedSelection />);

const shownName = () => screen.getByTestId('featured-product').querySelector('h3')?.textContent;
const isFading = () => screen.getByTestId('featured-product').classList.contains('is-fading');

async function renderLoaded() {
  renderHome();
  await act(async () => undefined);
}

describe("the home page's 'Selection'", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    randomMock.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  it("asks for 4 random products and says 'Loading...' until they arrive", async () => {
    randomMock.mockReturnValue(new Promise(() => undefined));
    renderHome();
    expect(randomMock).toHaveBeenCalledWith(4, expect.anything());
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it("says 'No products available in catalogue' when there are none, or the request fails", async () => {
    randomMock.mockResolvedValue([]);
    await renderLoaded();
    expect(screen.getByText('No products available in catalogue')).toBeInTheDocument();
  });

  it('rotates first after 3 s, then every 5 s, fading out for 1.2 s before each change', async () => {
    randomMock.mockResolvedValue(['One', 'Two', 'Three', 'Four'].map((name) => product({ name })));
    await renderLoaded();
    expect(shownName()).toBe('One');

    act(() => jest.advanceTimersByTime(2999));
    expect(isFading()).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(isFading()).toBe(true);
    act(() => jest.advanceTimersByTime(1199));
    expect(shownName()).toBe('One');
    act(() => jest.advanceTimersByTime(1));
    expect(shownName()).toBe('Two');
    expect(isFading()).toBe(false);

    act(() => jest.advanceTimersByTime(4999));
    expect(isFading()).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(isFading()).toBe(true);
    act(() => jest.advanceTimersByTime(1200));
    expect(shownName()).toBe('Three');

    for (const step of [5000, 1200]) act(() => jest.advanceTimersByTime(step));
    expect(shownName()).toBe('Four');
    for (const step of [5000, 1200]) act(() => jest.advanceTimersByTime(step));
    expect(shownName()).toBe('One'); // wraps after the fourth
  });

  it('holds still while the pointer is over it or focus is in it, showing the piece again if it was fading', async () => {
    randomMock.mockResolvedValue(['One', 'Two', 'Three'].map((name) => product({ name })));
    await renderLoaded();
    const section = screen.getByRole('region', { name: 'Selection' });

    act(() => jest.advanceTimersByTime(3000));
    expect(isFading()).toBe(true);
    fireEvent.mouseEnter(section);
    expect(isFading()).toBe(false);
    act(() => jest.advanceTimersByTime(20000));
    expect(shownName()).toBe('One');
    expect(isFading()).toBe(false);

    fireEvent.mouseLeave(section);
    act(() => jest.advanceTimersByTime(3000 + 1200));
    expect(shownName()).toBe('Two');

    // Focus on its Add to Cart button holds it too, until focus leaves.
    act(() => screen.getByRole('button', { name: 'Add to Cart' }).focus());
    act(() => jest.advanceTimersByTime(20000));
    expect(shownName()).toBe('Two');
    act(() => screen.getByRole('button', { name: 'Add to Cart' }).blur());
    act(() => jest.advanceTimersByTime(5000 + 1200));
    expect(shownName()).toBe('Three');
  });
});
