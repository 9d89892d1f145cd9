/**
 * The loaders of the shopper's own screens: My Orders, an order's page, the profile, the secure payment page,
 * the payment result and cancel pages, and the e-mail verification link. They read through ShopData's
 * `account` reader, which only the browser has (it sends the shopper's session cookie): on the server each
 * answers `inBrowser(...)` and the page is sent as the shell with its loading state, as before. Each loader
 * is marked `hydrate`, so the browser's router runs it again on start instead of keeping the server's
 * marker. Pages read their data from here only; they show their loading state while it is the marker.
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
import { ApiError } from '../api/client';
import { authActions, userStore } from '../features/auth/useAuth';
import { verificationFailureText } from '../lib/account';
import { lastOrder, UUID } from '../lib/payAgain';
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

const isAbortError = (error: unknown) => (error as Error)?.name === 'AbortError';

/** A read that may fail without failing the screen: null then (the caller's own cancellation still throws). */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isAbortError(error)) throw error;
    return null;
  }
}

/** A 401 means the session ended: the header's copy of the user goes too (the page then asks to sign in). */
function signedOutBy(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) authActions.cleared();
}

/** A loader the browser runs on start even when the server's page carries its (marker) data. */
function inBrowserLoader<T>(key: string, shop: ShopData, load: (account: AccountData, args: LoaderFunctionArgs) => Promise<T>) {
  const loader: LoaderFunction = (args) => (shop.account ? load(shop.account, args) : inBrowser(key));
  loader.hydrate = true;
  return loader;
}

export const inBrowser = (key: string): InBrowser => ({ key, inBrowser: true });

/** The id of the signed-in shopper as this browser knows it ('' none): a signed-in screen's data is read for them. */
const shopperId = () => userStore.get()?.id ?? '';

export function createAccountLoaders(shop: ShopData) {
  return {
    orders: inBrowserLoader('orders', shop, async (account, { request }): Promise<OrdersData> => {
      const key = shopperId();
      if (!key) return { key, orders: [], reviewed: null };
      let orders: MyOrder[];
      try {
        orders = await account.myOrders(request.signal);
      } catch (error) {
        if (isAbortError(error)) throw error;
        signedOutBy(error);
        return { key, orders: null, reviewed: null };
      }
      // Write Review is offered only while a delivered order holds a piece not yet reviewed; unknown (the
      // reviews could not be read): offered, and the dialog (and the API) say so of a piece already reviewed.
      const delivered = orders.some((o) => o.status === 'delivered');
      const reviews = delivered ? await orNull(() => account.myReviews(request.signal)) : null;
      const reviewed = delivered ? (reviews?.items.map((r) => r.product_id) ?? []) : null;
      return { key, orders, reviewed };
    }),

    orderPage: inBrowserLoader('order', shop, async (account, { params, request }): Promise<OrderDetailData> => {
      const id = params.id ?? '';
      const access = new URL(request.url).searchParams.get('access');
      const viewer = shopperId();
      const key = `${id}|${access ?? ''}`;
      // The API answers 404 for an id that is not a UUID (a NUL, 10,000 characters): not asked at all.
      if (!UUID.test(id)) return { key, viewer, state: 'missing' };
      try {
        const order = await account.orderPage(id, access, request.signal);
        return order ? { key, viewer, state: 'ready', order } : { key, viewer, state: 'missing' };
      } catch (error) {
        if (isAbortError(error)) throw error;
        console.error('Loading the order failed', error);
        return { key, viewer, state: 'failed' };
      }
    }),

    profile: inBrowserLoader('profile', shop, async (account, { request }): Promise<ProfileData> => {
      const key = shopperId();
      if (!key) return { key, designs: [] };
      try {
        const page = await account.myDesigns(request.signal);
        return { key, designs: page.items };
      } catch (error) {
        if (isAbortError(error)) throw error;
        signedOutBy(error);
        return { key, designs: [] };
      }
    }),

    payment: inBrowserLoader('payment', shop, async (account, { request }): Promise<PaymentData> => {
      // The demo accounts only serve the bank-transfer choice: without them the page still pays by card.
      const banks = await orNull(() => account.demoBanks(request.signal));
      return { key: 'payment', banks: banks ?? [] };
    }),

    /** One look at the session; the page asks again (revalidates) every 2 s, up to 5 times, while it is open. */
    paymentResult: inBrowserLoader('payment-result', shop, async (account, { request }): Promise<PaymentResultData> => {
      const sessionId = new URL(request.url).searchParams.get('session_id') ?? '';
      if (!sessionId) return { key: '', status: null, failed: true, order: null };
      let status: CheckoutStatus;
      try {
        status = await account.paymentStatus(sessionId, request.signal);
      } catch (error) {
        if (isAbortError(error)) throw error;
        console.error('Error checking payment status', error);
        return { key: sessionId, status: null, failed: true, order: null };
      }
      const orderId = status.metadata?.order_id ?? '';
      const order = orderId ? await orNull(() => account.orderForPayment(orderId, request.signal)) : null;
      return { key: sessionId, status, failed: false, order };
    }),

    paymentCancel: inBrowserLoader('payment-cancel', shop, async (account, { request }): Promise<PaymentCancelData> => {
      const fromUrl = new URL(request.url).searchParams.get('order_id') ?? '';
      // Without one in the URL: the card order this browser last left to pay.
      const orderId = UUID.test(fromUrl) ? fromUrl : (lastOrder.read() ?? '');
      if (!UUID.test(orderId)) return { key: '', order: null };
      return { key: orderId, order: await orNull(() => account.orderForPayment(orderId, request.signal)) };
    }),

    /** A link carries its token: checked once on arrival (the route does not run it again for the same URL). */
    verifyEmail: inBrowserLoader('verify-email', shop, async (account, { request }): Promise<VerifyEmailData> => {
      const params = new URL(request.url).searchParams;
      const email = (params.get('email') ?? '').trim();
      const token = params.get('token') ?? '';
      const key = `${email}|${token}`;
      if (!token || !email) return { key, result: null };
      try {
        // Not cancelled with the navigation: a token the server consumed must not read as unused here.
        const result = await account.verifyEmail(email, token);
        return { key, result: { kind: 'verified', message: result.message } };
      } catch (error) {
        return { key, result: { kind: 'failed', message: verificationFailureText(error) } };
      }
    }),
  };
}
