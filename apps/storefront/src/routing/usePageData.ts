import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext, UNSAFE_RouteContext } from 'react-router-dom';

/** What a route loader returns: the data, and the key of the screen state it was loaded for. */
export interface PageData {
  key: string;
}

/**
 * The data the current route's loader already fetched (on the server, or before a client navigation), when
 * it was loaded for the screen state `key` (a product id, a query...). Pages start from it instead of
 * fetching again; when the user changes the screen state in place (a filter) the key differs and the page
 * fetches as before. Read through the contexts rather than useLoaderData so that pages also render outside
 * a data router (their unit tests use a MemoryRouter).
 */
export function usePageData<T extends PageData>(key: string): T | undefined {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const { matches } = useContext(UNSAFE_RouteContext);
  const routeId = matches[matches.length - 1]?.route.id;
  const data = routeId ? (state?.loaderData?.[routeId] as T | null | undefined) : undefined;
  return data && data.key === key ? data : undefined;
}
