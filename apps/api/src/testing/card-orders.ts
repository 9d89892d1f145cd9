import { priceOrderInDollars } from '@facet/contracts';
import { ORDER_ACCESS_COOKIE } from '../platform/auth/order-access-cookie';
import { TestApp, TestResponse } from './test-app';

/** The sandbox provider's card that pays. */
export const GOOD_CARD = { method: 'card', card_number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', name: 'Ada Lovelace' };

/** Polls `check` every 100 ms until it holds; throws after timeoutMs. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The order-access cookie (`name=value`) a placement's answer set, as the placing browser sends it back. */
export function orderAccessCookie(res: TestResponse): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${ORDER_ACCESS_COOKIE}=`));
  if (!set) throw new Error(`the answer (${res.status}) set no order-access cookie`);
  return set.split(';')[0];
}

const placingBrowsers = new Map<string, string>();

/** Headers as the browser that placed the order (through placeCardOrder) sends them: its order-access cookie. */
export function asPlacingBrowser(orderId: string): { cookie: string } {
  const cookie = placingBrowsers.get(orderId);
  if (!cookie) throw new Error(`order ${orderId} was not placed through placeCardOrder`);
  return { cookie };
}

/**
 * Places a one-piece card order (Ada, shipped to a full address) as a guest, or as the customer whose token is
 * given, and returns its id, total and the placing browser's order-access cookie.
 */
export async function placeCardOrder(
  t: TestApp,
  product: { id: string; name: string; price: number },
  email: string,
  options: {
    token?: string;
    cookie?: string;
    payment?: { card_name: string; last_4: string };
    /** One of the product's variants (its price), instead of its default one. */
    variant?: { id: string; price: number };
  } = {},
): Promise<{ orderId: string; totalCents: number; cookie: string }> {
  const price = options.variant?.price ?? product.price;
  const totals = priceOrderInDollars([{ price, quantity: 1 }]);
  const res = await t.request('POST', '/api/orders', {
    token: options.token,
    headers: options.cookie ? { cookie: options.cookie } : {},
    body: {
      items: [
        {
          product_id: product.id,
          product_name: product.name,
          price,
          quantity: 1,
          ...(options.variant ? { variant_id: options.variant.id } : {}),
        },
      ],
      shipping: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        phone: '',
        address: '1 Analytical Way',
        city: 'London',
        state: 'NY',
        zip_code: '10001',
      },
      payment: options.payment ?? { card_name: 'Ada Lovelace', last_4: '4242' },
      total: totals.total,
    },
  });
  if (res.status !== 200) throw new Error(`POST /api/orders answered ${res.status}: ${JSON.stringify(res.body)}`);
  const orderId = res.body.order_id as string;
  placingBrowsers.set(orderId, orderAccessCookie(res));
  return { orderId, totalCents: Math.round(totals.total * 100), cookie: orderAccessCookie(res) };
}
