/**
 * Renders one route of the shop's route table through a data router (createMemoryRouter), with its real
 * loader reading a test ShopData: pages read their data the way they do on the server and in the browser.
 * The page element is passed in (the table's own elements are lazily loaded chunks); it is the route's
 * hydrate fallback too, so the first load shows the page's own loading state, as in the browser.
 */
import type { AccountData, ShopData } from '@facet/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createRoutes } from '../routes';

/** The readers a test gives: the catalogue's, and (as in the browser) the shopper's own account's. */
export type TestReaders = Partial<Omit<ShopData, 'account'>> & { account?: Partial<AccountData> };

/** An account reader whose reads are the given; any other read fails the test's load. */
export function testAccountData(readers: Partial<AccountData>): AccountData {
  const unexpected = (name: string) => () => Promise.reject(new Error(`AccountData.${name} was not expected here`));
  return {
    myOrders: readers.myOrders ?? unexpected('myOrders'),
    myReviews: readers.myReviews ?? unexpected('myReviews'),
    orderPage: readers.orderPage ?? unexpected('orderPage'),
    myDesigns: readers.myDesigns ?? unexpected('myDesigns'),
    orderForPayment: readers.orderForPayment ?? unexpected('orderForPayment'),
    paymentStatus: readers.paymentStatus ?? unexpected('paymentStatus'),
    demoBanks: readers.demoBanks ?? unexpected('demoBanks'),
    verifyEmail: readers.verifyEmail ?? unexpected('verifyEmail'),
  };
}

/**
 * A ShopData whose readers are the given (jest mocks, mostly); any other read fails the test's load. Its
 * `account` reader is there only when given (the server's ShopData has none).
 */
export function testShopData(readers: TestReaders): ShopData {
  const unexpected = (name: string) => () => Promise.reject(new Error(`ShopData.${name} was not expected here`));
  return {
    ...(readers.account && { account: testAccountData(readers.account) }),
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
export function renderRoute(routeId: string, url: string, readers: TestReaders, element: ReactNode) {
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
