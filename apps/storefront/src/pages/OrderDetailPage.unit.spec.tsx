import type { OrderPage } from '@facet/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { orderPage } from '../api/account';
import OrderDetailPage from './OrderDetailPage';

jest.mock('../api/account', () => ({ orderPage: jest.fn(), paymentsApi: {}, accountApi: {}, customDesignApi: {} }));
const load = orderPage as jest.MockedFunction<typeof orderPage>;

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
  render(
    <MemoryRouter initialEntries={[`/orders/${ID}`]}>
      <Routes>
        <Route path="/orders/:id" element={<OrderDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.findByTestId('order-shipment');
}

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
