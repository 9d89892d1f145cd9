import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HERO_SLIDES, HeroCarousel } from './HeroCarousel';

const current = () => screen.getAllByRole('button', { name: /Show slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');

describe('HeroCarousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('has five slides, advances every 5 s and wraps to the first', () => {
    render(
      <MemoryRouter>
        <HeroCarousel />
      </MemoryRouter>,
    );
    expect(HERO_SLIDES).toHaveLength(5);
    expect(current()).toBe(0);
    act(() => jest.advanceTimersByTime(4999));
    expect(current()).toBe(0);
    act(() => jest.advanceTimersByTime(1));
    expect(current()).toBe(1);
    for (let i = 0; i < 4; i++) act(() => jest.advanceTimersByTime(5000));
    expect(current()).toBe(0);
  });

  it('moves with the arrows and dots, wrapping backwards', () => {
    render(
      <MemoryRouter>
        <HeroCarousel />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'Previous slide' }).click());
    expect(current()).toBe(4);
    act(() => screen.getByRole('button', { name: 'Next slide' }).click());
    expect(current()).toBe(0);
    act(() => screen.getByRole('button', { name: /Show slide 3/ }).click());
    expect(current()).toBe(2);
  });

  it('stops advancing when paused', () => {
    render(
      <MemoryRouter>
        <HeroCarousel />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).click());
    act(() => jest.advanceTimersByTime(20000));
    expect(current()).toBe(0);
  });
});
