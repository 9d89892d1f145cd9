/**
 * Renders one route of the shop's route table through a data router (createMemoryRouter), with its real
 * loader reading a test ShopData: pages read their data the way they do on the server and in the browser.
 * The page element is passed in (the table's own elements are lazily loaded chunks); it is the route's
 * hydrate fallback too, so the first load shows the page's own loading state, as in the browser.
 */
import type { ShopData } from '@facet/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createRoutes } from '../routes';

/** A ShopData whose readers are the given (jest mocks, mostly); any other read fails the test's load. */
export function testShopData(readers: Partial<ShopData>): ShopData {
  const unexpected = (name: string) => () => Promise.reject(new Error(`ShopData.${name} was not expected here`));
  return {
    getProduct: readers.getProduct ?? unexpected('getProduct'),
    listProducts: readers.listProducts ?? unexpected('listProducts'),
    productsInCategory: readers.productsInCategory ?? unexpected('productsInCategory'),
    randomProducts: readers.randomProducts ?? unexpected('randomProducts'),
    productReviews: readers.productReviews ?? unexpected('productReviews'),
  };
}

export function shopRoute(routeId: string, shop: ShopData): RouteObject {
  const route = createRoutes(shop)[0].children?.find((r) => r.id === routeId);
  if (!route) throw new Error(`No route ${routeId}`);
  return route;
}

/** Renders the route `routeId` at `url` showing `element`; returns the router (to navigate, to read state). */
export function renderRoute(routeId: string, url: string, readers: Partial<ShopData>, element: ReactNode) {
  const route = shopRoute(routeId, testShopData(readers));
  const router = createMemoryRouter(
    [
      { ...route, element, hydrateFallbackElement: element },
      { path: '*', element: null },
    ],
    {
      initialEntries: [url],
    },
  );
  // Router updates as plain state updates, not transitions (rendered in slices, which on a loaded machine
  // can take longer than a query waits): the same screens, committed as soon as the loader answers.
  const view = render(<RouterProvider router={router} useTransitions={false} />);
  return { router, ...view };
}
