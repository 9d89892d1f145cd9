import { useEffect, useState, type DependencyList } from 'react';
import { isAbort } from '../api/client';

export type AsyncState<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: unknown };

/**
 * Runs a request whenever deps change, cancelling the previous one. While reloading, the last data stays
 * available so screens do not jump back to an empty state. `preloaded` is the answer a route loader already
 * has for these deps (server rendering, or before a navigation): it is used instead of a request.
 */
export function useAsync<T>(run: (signal: AbortSignal) => Promise<T>, deps: DependencyList, preloaded?: T): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>(() =>
    preloaded === undefined ? { status: 'loading' } : { status: 'success', data: preloaded },
  );
  useEffect(() => {
    if (preloaded !== undefined) {
      setState((s) => (s.status === 'success' && s.data === preloaded ? s : { status: 'success', data: preloaded }));
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', data: s.data }));
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState((s) => ({ status: 'error', error, data: s.data }));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, preloaded]);
  return state;
}
