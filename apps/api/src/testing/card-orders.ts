import { priceOrderInDollars } from '@facet/contracts';
import { TestApp } from './test-app';

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

/** Places a one-piece card order as a guest (Ada, shipped to a full address) and returns its id and total. */
export async function placeCardOrder(
  t: TestApp,
  product: { id: string; name: string; price: number },
  email: string,
): Promise<{ orderId: string; totalCents: number }> {
  const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
  const res = await t.request('POST', '/api/orders', {
    body: {
      items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1 }],
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
      payment: { card_name: 'Ada Lovelace', last_4: '4242' },
      total: totals.total,
    },
  });
  if (res.status !== 200) throw new Error(`POST /api/orders answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { orderId: res.body.order_id as string, totalCents: Math.round(totals.total * 100) };
}
