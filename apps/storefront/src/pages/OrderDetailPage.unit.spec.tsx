import type { OrderPage } from '@facet/contracts';
import type { AccountData } from '@facet/contracts';
import { act, screen } from '@testing-library/react';
import { ApiError } from '../api/client';
import { userStore } from '../features/auth/useAuth';
import { ADA } from '../test/customer';
import { renderRoute } from '../test/renderRoute';
import OrderDetailPage from './OrderDetailPage';

jest.mock('../api/account', () => ({ paymentsApi: {}, accountApi: {}, customDesignApi: {} }));
jest.mock('../api/returns', () => ({ returnsApi: { forOrder: jest.fn(() => new Promise(() => undefined)), request: jest.fn() } }));
// The route's loader reads the order through the test ShopData's account reader (the browser's is HTTP).
const load = jest.fn<ReturnType<AccountData['orderPage']>, Parameters<AccountData['orderPage']>>();
const renderOrder = (url: string) => renderRoute('order', url, { account: { orderPage: load } }, <OrderDetailPage />);

const ID = '5d2c9a4e-1111-4222-8333-944455556666';

function shippedOrder(over: Partial<OrderPage> = {}): OrderPage {
  return {
    id: ID,
    reference: '5D2C9A4E',
    kind: 'card',
    status: 'shipped',
    status_label: 'Shipped',
    status_message: 'Your order has shipped, expected delivery in 2-3 business days',
    payment_status: 'paid',
    payment_label: 'Paid',
    can_pay: false,
    created_at: '2026-11-20T10:00:00.000Z',
    items: [{ id: 'p1', name: 'Aurora Ring', image: '/img/aurora.svg', quantity: 1, price: 1200, variant_options: null, engraving: '' }],
    subtotal: 1200,
    shipping_cost: 0,
    tax: 96,
    total: 1296,
    refunded: 0,
    held_until: null,
    ship_to: { name: 'Ada Lovelace', lines: ['12 Bond Street', 'New York, NY 10012', 'US'] },
    card_last_4: '4242',
    shipment: {
      carrier: 'ups',
      carrier_name: 'UPS',
      tracking_number: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shipped_at: '2026-11-21T09:00:00.000Z',
      delivered_at: null,
    },
    timeline: [],
    ...over,
  };
}

async function show(order: OrderPage) {
  load.mockResolvedValue(order);
  renderOrder(`/orders/${ID}`);
  return screen.findByTestId('order-shipment');
}

beforeEach(() => load.mockReset());
afterEach(() => userStore.set(null));

describe("the order page's shipment line", () => {
  it('says the order is on its way with the carrier while it is shipped', async () => {
    const shipment = await show(shippedOrder());
    expect(shipment).toHaveTextContent('On its way with UPS');
    expect(shipment).not.toHaveTextContent('Delivered');
  });

  it('says "Delivered by UPS", with the day, once the order is delivered, never "On its way"', async () => {
    const shipment = await show(
      shippedOrder({
        status: 'delivered',
        status_label: 'Delivered',
        status_message: 'Delivered on November 24, 2026',
        shipment: { ...shippedOrder().shipment!, delivered_at: '2026-11-24T15:00:00.000Z' },
      }),
    );
    expect(shipment).toHaveTextContent('Delivered by UPS');
    expect(shipment).toHaveTextContent('Delivered November 24, 2026');
    expect(shipment).not.toHaveTextContent(/on its way/i);
    expect(screen.getByText('Delivered on November 24, 2026')).toBeInTheDocument();
  });

  it('says "Delivered by" for a delivered order whose delivery day is not known', async () => {
    const shipment = await show(shippedOrder({ status: 'delivered', status_label: 'Delivered', status_message: 'Delivered' }));
    expect(shipment).toHaveTextContent('Delivered by UPS');
    expect(shipment).not.toHaveTextContent(/on its way/i);
  });
});

describe("the order page's loader", () => {
  it('shows the loading state, then the order, read with the link of its mails (?access=)', async () => {
    let resolve!: (o: OrderPage) => void;
    load.mockReturnValue(new Promise((r) => (resolve = r)));
    renderOrder(`/orders/${ID}?access=tok%00en`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => resolve(shippedOrder()));
    expect(await screen.findByTestId('order-reference')).toHaveTextContent('5D2C9A4E');
    expect(load).toHaveBeenCalledWith(ID, 'tok\u0000en', expect.anything());
    expect(screen.getByRole('link', { name: '← Continue shopping' })).toHaveAttribute('href', '/');
    expect(document.title).toMatch(/Order 5D2C9A4E/);
  });

  it("shows the not-found page for an order that is not this shopper's (the API's 404)", async () => {
    load.mockResolvedValue(null);
    renderOrder(`/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: 'This page has slipped its setting' })).toBeInTheDocument();
  });

  it('says the order could not be loaded when the API fails, and shows no order', async () => {
    load.mockRejectedValue(new ApiError('Server error. Please try again later.', 500, 'http'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderOrder(`/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: 'We could not load this order' })).toBeInTheDocument();
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByTestId('order-page')).toBeNull();
    error.mockRestore();
  });

  it.each([
    ['a NUL byte', '%00'],
    ['a NUL inside a UUID', `${ID.slice(0, -1)}%00`],
    ['10,000 characters', 'a'.repeat(10_000)],
    ['a lone surrogate', '%ED%A0%80'],
    ['a UUID with a line break after it', `${ID}%0A`],
  ])('shows the not-found page for an id with %s, without asking the API', async (_what, id) => {
    renderOrder(`/orders/${id}`);
    expect(await screen.findByRole('heading', { name: 'This page has slipped its setting' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('reads the order again when a shopper signs in (their session may own it), and leads back to My Orders', async () => {
    load.mockResolvedValueOnce(null).mockResolvedValueOnce(shippedOrder());
    renderOrder(`/orders/${ID}`);
    await screen.findByRole('heading', { name: 'This page has slipped its setting' });
    act(() => userStore.set(ADA));
    expect(await screen.findByTestId('order-reference')).toHaveTextContent('5D2C9A4E');
    expect(screen.getByRole('link', { name: '← My Orders' })).toHaveAttribute('href', '/orders');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
