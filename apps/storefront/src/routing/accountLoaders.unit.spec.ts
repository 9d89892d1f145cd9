import { createStaticHandler, type StaticHandlerContext } from 'react-router-dom';
import { createRoutes } from '../routes';
import { testAccountData, testShopData } from '../test/renderRoute';
import { createAccountLoaders, isInBrowser } from './accountLoaders';

const ACCOUNT_SCREENS: [path: string, routeId: string][] = [
  ['/orders', 'orders'],
  ['/orders/0a1b2c3d-0000-4000-8000-000000000001?access=x', 'order'],
  ['/profile', 'profile'],
  ['/payment', 'payment'],
  ['/payment/success?session_id=cs_1', 'payment-result'],
  ['/payment-success?session_id=cs_1', 'payment-success'],
  ['/payment/cancel?order_id=0a1b2c3d-0000-4000-8000-000000000001', 'payment-cancel'],
  ['/verify-email?email=ada%40example.com&token=abc', 'verify-email'],
];

describe("the account screens' loaders on the server (no account reader)", () => {
  it.each(ACCOUNT_SCREENS)('answer %s with the "drawn in the browser" marker, reading nothing, status 200', async (path, routeId) => {
    // The server's ShopData has no `account`: every catalogue read here would fail the load too.
    const handler = createStaticHandler(createRoutes(testShopData({})));
    const context = (await handler.query(new Request(`http://shop.test${path}`))) as StaticHandlerContext;
    expect(context.statusCode).toBe(200);
    expect(context.errors).toBeNull();
    expect(isInBrowser(context.loaderData[routeId])).toBe(true);
    // It travels in the page's JSON, and the browser's router still runs the loader on start.
    expect(JSON.parse(JSON.stringify(context.loaderData))[routeId]).toEqual(context.loaderData[routeId]);
  });

  it('are each run again by the browser on start (loader.hydrate), not kept from the server', () => {
    const loaders = createAccountLoaders(testShopData({}));
    for (const [name, loader] of Object.entries(loaders)) expect([name, loader.hydrate]).toEqual([name, true]);
  });
});

describe("the secure payment page's loader", () => {
  const args = (url: string) =>
    ({ request: new Request(url), params: {}, context: {} }) as Parameters<ReturnType<typeof createAccountLoaders>['payment']>[0];

  it('reads the demo bank accounts, and none when they cannot be read (the card still pays)', async () => {
    const bank = { id: 'b1', name: 'Demo Checking', type: 'checking' as const, balance: 5000 };
    const demoBanks = jest.fn().mockResolvedValueOnce([bank]).mockRejectedValueOnce(new Error('Server error. Please try again later.'));
    const { payment } = createAccountLoaders({ ...testShopData({}), account: testAccountData({ demoBanks }) });
    await expect(payment(args('http://shop.test/payment'))).resolves.toEqual({ key: 'payment', banks: [bank] });
    await expect(payment(args('http://shop.test/payment'))).resolves.toEqual({ key: 'payment', banks: [] });
  });

  it("rethrows the router's own cancellation (a newer navigation) rather than reading it as no banks", async () => {
    const aborted = Object.assign(new Error('aborted'), { name: 'AbortError' });
    const { payment } = createAccountLoaders({
      ...testShopData({}),
      account: testAccountData({ demoBanks: () => Promise.reject(aborted) }),
    });
    await expect(payment(args('http://shop.test/payment'))).rejects.toBe(aborted);
  });
});
