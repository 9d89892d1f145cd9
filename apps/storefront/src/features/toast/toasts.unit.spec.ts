import { act, renderHook } from '@testing-library/react';
import {
  dismissToast,
  toast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  toastReducer,
  useToasts,
  type ToastState,
} from './toasts';

const t = (id: string, open = true): ToastState => ({ id, title: id, open });

describe('toast rules', () => {
  it('has the spec constants: one at a time, 5 s, removal after 1,000,000 ms, 50 px swipe', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
  });

  it('replaces the previous toast with a new one', () => {
    const state = toastReducer(toastReducer([], { type: 'add', toast: t('a') }), { type: 'add', toast: t('b') });
    expect(state.map((x) => x.id)).toEqual(['b']);
  });

  it('updates a toast in place', () => {
    const state = toastReducer([t('a')], { type: 'update', id: 'a', patch: { title: 'Changed' } });
    expect(state[0].title).toBe('Changed');
  });

  it('dismissing closes one toast or all of them', () => {
    expect(toastReducer([t('a')], { type: 'dismiss', id: 'a' })[0].open).toBe(false);
    expect(toastReducer([t('a')], { type: 'dismiss' })[0].open).toBe(false);
    expect(toastReducer([t('a')], { type: 'dismiss', id: 'b' })[0].open).toBe(true);
  });

  it('removes one toast or all', () => {
    expect(toastReducer([t('a')], { type: 'remove', id: 'a' })).toEqual([]);
    expect(toastReducer([t('a')], { type: 'remove' })).toEqual([]);
  });

  describe('the toast store', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('shows only the newest toast, and removes a dismissed one after 1,000,000 ms', () => {
      const { result } = renderHook(() => useToasts());
      act(() => {
        toast({ title: 'First' });
      });
      let second!: ReturnType<typeof toast>;
      act(() => {
        second = toast({ title: 'Added to Cart!', description: 'Ring has been added to your cart.' });
      });
      expect(result.current.map((x) => x.title)).toEqual(['Added to Cart!']);

      act(() => second.update({ description: 'Updated' }));
      expect(result.current[0].description).toBe('Updated');

      act(() => dismissToast(second.id));
      expect(result.current[0].open).toBe(false);
      act(() => jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
      expect(result.current).toHaveLength(1);
      act(() => jest.advanceTimersByTime(1));
      expect(result.current).toHaveLength(0);
    });
  });
});
