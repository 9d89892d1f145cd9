/**
 * What the shopper's own screens' loaders read (routing/accountLoaders.ts), in the browser only, through
 * ShopData's `account` reader: a chunk of its own, loaded with the first such screen.
 */
import type { AccountData, CheckoutStatus, MyOrder } from '@facet/contracts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { ApiError } from '../api/client';
import { authActions, userStore } from '../features/auth/useAuth';
import { verificationFailureText } from '../lib/account';
import { lastOrder, UUID } from '../lib/payAgain';
import type {
  OrderDetailData,
  OrdersData,
  PaymentCancelData,
  PaymentData,
  PaymentResultData,
  ProfileData,
  VerifyEmailData,
} from './accountLoaders';

type Read<T> = (account: AccountData, args: LoaderFunctionArgs) => Promise<T>;

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

/** The id of the signed-in shopper as this browser knows it ('' none): a signed-in screen's data is read for them. */
const shopperId = () => userStore.get()?.id ?? '';

export const readOrders: Read<OrdersData> = async (account, { request }) => {
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
};

export const readOrderPage: Read<OrderDetailData> = async (account, { params, request }) => {
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
};

export const readProfile: Read<ProfileData> = async (account, { request }) => {
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
};

export const readPayment: Read<PaymentData> = async (account, { request }) => {
  // The demo accounts only serve the bank-transfer choice: without them the page still pays by card.
  const banks = await orNull(() => account.demoBanks(request.signal));
  return { key: 'payment', banks: banks ?? [] };
};

export const readPaymentResult: Read<PaymentResultData> = async (account, { request }) => {
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
};

export const readPaymentCancel: Read<PaymentCancelData> = async (account, { request }) => {
  const fromUrl = new URL(request.url).searchParams.get('order_id') ?? '';
  // Without one in the URL: the card order this browser last left to pay.
  const orderId = UUID.test(fromUrl) ? fromUrl : (lastOrder.read() ?? '');
  if (!UUID.test(orderId)) return { key: '', order: null };
  return { key: orderId, order: await orNull(() => account.orderForPayment(orderId, request.signal)) };
};

export const readVerifyEmail: Read<VerifyEmailData> = async (account, { request }) => {
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
};
