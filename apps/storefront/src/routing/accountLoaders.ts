/**
 * The loaders of the shopper's own screens: My Orders, an order's page, the profile, the secure payment page,
 * the payment result and cancel pages, and the e-mail verification link. They read through ShopData's
 * `account` reader, which only the browser has (it sends the shopper's session cookie): on the server each
 * answers `inBrowser(...)` and the page is sent as the shell with its loading state, as before. Each loader
 * is marked `hydrate`, so the browser's router runs it again on start instead of keeping the server's
 * marker. Pages read their data from here only; they show their loading state while it is the marker.
 * What each one reads is in accountReads.ts, its own chunk, loaded with the first such screen: the home
 * page's entry chunk carries only these few lines.
 */
import type {
  AccountData,
  CheckoutStatus,
  CustomDesignItem,
  DemoBank,
  MyOrder,
  OrderForPayment,
  OrderPage,
  ShopData,
} from '@facet/contracts';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router-dom';
import type { PageData } from './usePageData';

/** The server's answer for a screen drawn in the browser: the browser's router loads it again on start. */
export interface InBrowser extends PageData {
  inBrowser: true;
}

export function isInBrowser(value: unknown): value is InBrowser {
  return typeof value === 'object' && value !== null && (value as Partial<InBrowser>).inBrowser === true;
}

/** Data of a signed-in screen: `key` is the id of the shopper it was read for ('' signed out: nothing read). */
export interface OrdersData extends PageData {
  /** null: the orders could not be read (the page says so). */
  orders: MyOrder[] | null;
  /** The pieces the shopper has reviewed; null when no order is delivered (not asked). */
  reviewed: string[] | null;
}
export interface ProfileData extends PageData {
  designs: CustomDesignItem[];
}
export type OrderPageState = { state: 'ready'; order: OrderPage } | { state: 'missing' } | { state: 'failed' };
export type OrderDetailData = PageData & OrderPageState & { /** The shopper it was read for ('' a guest). */ viewer: string };
export interface PaymentData extends PageData {
  banks: DemoBank[];
}
export interface PaymentResultData extends PageData {
  /** The session as the provider last reported it; null when it could not be asked (`failed`) or no session was named. */
  status: CheckoutStatus | null;
  failed: boolean;
  /** The session's order (to pay again, restore or settle the bag); null when unknown or unreadable. */
  order: OrderForPayment | null;
}
export interface PaymentCancelData extends PageData {
  order: OrderForPayment | null;
}
export type Verification = { kind: 'verified'; message: string } | { kind: 'failed'; message: string };
export interface VerifyEmailData extends PageData {
  /** null: the link carries no token (or no e-mail), nothing was checked. */
  result: Verification | null;
}

export const inBrowser = (key: string): InBrowser => ({ key, inBrowser: true });

type Reads = typeof import('./accountReads');
type Read<T> = (account: AccountData, args: LoaderFunctionArgs) => Promise<T>;

/** A loader the browser runs on start even when the server's page carries its (marker) data. */
function inBrowserLoader<T>(key: string, shop: ShopData, read: (reads: Reads) => Read<T>): LoaderFunction {
  const { account } = shop;
  const loader: LoaderFunction = async (args) => (account ? read(await import('./accountReads'))(account, args) : inBrowser(key));
  loader.hydrate = true;
  return loader;
}

export function createAccountLoaders(shop: ShopData) {
  return {
    orders: inBrowserLoader('orders', shop, (r) => r.readOrders),
    orderPage: inBrowserLoader('order', shop, (r) => r.readOrderPage),
    profile: inBrowserLoader('profile', shop, (r) => r.readProfile),
    payment: inBrowserLoader('payment', shop, (r) => r.readPayment),
    /** One look at the session; the page asks again (revalidates) every 2 s, up to 5 times, while it is open. */
    paymentResult: inBrowserLoader('payment-result', shop, (r) => r.readPaymentResult),
    paymentCancel: inBrowserLoader('payment-cancel', shop, (r) => r.readPaymentCancel),
    /** A link carries its token: checked once on arrival (the route does not run it again for the same URL). */
    verifyEmail: inBrowserLoader('verify-email', shop, (r) => r.readVerifyEmail),
  };
}
