import { useEffect, useMemo } from 'react';
import { useLoaderData, useLocation, useNavigation, useRevalidator, useRouteLoaderData, useSearchParams } from 'react-router-dom';

/** What a route loader returns: the data, and the key of the screen state it was loaded for. */
export interface PageData {
  key: string;
}

/**
 * The data the route `routeId`'s loader (by default: the route this renders in) fetched for the current URL (on the server, or in the browser before
 * a navigation: loaders run again whenever the URL changes). `undefined` while the route renders as its
 * own hydrate fallback (the browser's first load without server data): the page then shows its loading
 * state. `null` when the loader could not read the catalogue (it logged why).
 */
export function usePageData<T extends PageData>(routeId?: string): T | null | undefined {
  const own = useLoaderData() as T | null | undefined;
  const named = useRouteLoaderData(routeId ?? '') as T | null | undefined;
  return routeId ? named : own;
}

/** True while a navigation to another URL of the same page (a filter, a sort, a query) loads its data. */
export function useReloading(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && navigation.location.pathname === pathname;
}

/**
 * The page's query as the shopper last asked for it: a navigation of the same page that is still loading wins
 * over the URL on screen. Two quick choices (a sort, then a filter) each build on the one before, and the
 * controls show what was asked at once: reading the committed URL lost the first choice, or put it back over
 * the second when its answer landed.
 */
export function useWantedSearchParams(): [URLSearchParams, ReturnType<typeof useSearchParams>[1]] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.location.pathname === pathname ? navigation.location.search : null;
  const wanted = useMemo(() => (pending === null ? params : new URLSearchParams(pending)), [pending, params]);
  return [wanted, setParams];
}

/**
 * A screen read for one shopper (`readFor`, the id its loader read it for; '' signed out): when another
 * shopper signs in, or out, the route's loader runs again (a revalidation) for the one now signed in.
 * `readFor` is undefined while there is no answer yet (the loader is running).
 */
export function useReadFor(shopper: string | undefined, readFor: string | undefined): void {
  const revalidator = useRevalidator();
  const stale = readFor !== undefined && readFor !== (shopper ?? '');
  useEffect(() => {
    if (stale && revalidator.state === 'idle') void revalidator.revalidate();
  }, [stale, shopper, revalidator]);
}
