import type { AccountData } from '@facet/contracts';
import { screen } from '@testing-library/react';
import { lastOrder, restoreSelection, takeOutPaidOrder, type OrderForPayment } from '../lib/payAgain';
import { renderRoute } from '../test/renderRoute';
import PaymentCancelPage from './PaymentCancelPage';

jest.mock('../lib/payAgain', () => ({
  ...jest.requireActual('../lib/payAgain'),
  restoreSelection: jest.fn(),
  takeOutPaidOrder: jest.fn(),
}));
// The route's loader reads the order through the test ShopData's account reader (the browser's: GET /api/orders/{id}).
const loadOrderMock = jest.fn<ReturnType<AccountData['orderForPayment']>, Parameters<AccountData['orderForPayment']>>();

const ORDER_ID = '0a1b2c3d-0000-4000-8000-000000000001';

const order = (overrides: Partial<OrderForPayment>): OrderForPayment => ({
  id: ORDER_ID,
  kind: 'purchase',
  status: 'awaiting_payment',
  payment_status: 'expired',
  status_message: 'Awaiting payment',
  can_pay: true,
  pay_by: '2030-01-15T12:00:00.000Z',
  total: 1250,
  items: [],
  ...overrides,
});

function renderCancel(search = `?order_id=${ORDER_ID}`) {
  return renderRoute('payment-cancel', `/payment/cancel${search}`, { account: { orderForPayment: loadOrderMock } }, <PaymentCancelPage />);
}

describe('payment cancel page', () => {
  beforeEach(() => {
    loadOrderMock.mockReset();
    (restoreSelection as jest.Mock).mockReset();
    (takeOutPaidOrder as jest.Mock).mockReset();
  });
  afterEach(() => lastOrder.forget());

  it('says Payment Cancelled when the shopper left the payment page', async () => {
    loadOrderMock.mockResolvedValue(order({ payment_status: 'expired' }));
    renderCancel();
    expect(await screen.findByTestId('cancel-order')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Cancelled');
    expect(screen.getByTestId('cancel-outcome')).toHaveTextContent(/you can pay it whenever you are ready/);
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('says Payment Declined, why, and to try another card when the card was declined', async () => {
    loadOrderMock.mockResolvedValue(order({ payment_status: 'failed' }));
    renderCancel();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Declined' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const outcome = screen.getByTestId('cancel-outcome');
    expect(outcome).toHaveTextContent(/card was declined/);
    expect(outcome).toHaveTextContent(/did not go through and nothing was charged/);
    expect(outcome).toHaveTextContent(/another card/);
    expect(screen.getByRole('button', { name: 'Try Another Card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeInTheDocument();
    expect(document.title).toMatch(/Payment Declined/);
  });

  it('says Payment Cancelled with no order to read', () => {
    renderCancel('');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Cancelled');
    expect(loadOrderMock).not.toHaveBeenCalled();
  });

  it('brings the selection back from the order kept, when the bag is empty', async () => {
    const kept = order({ payment_status: 'expired' });
    loadOrderMock.mockResolvedValue(kept);
    renderCancel();
    await screen.findByTestId('cancel-order');
    expect(restoreSelection).toHaveBeenCalledWith(kept);
    expect(takeOutPaidOrder).not.toHaveBeenCalled();
  });

  it('says the order is paid (another tab), offers no payment, and takes its pieces out of the bag', async () => {
    const paid = order({ payment_status: 'paid', can_pay: false, status: 'processing', status_message: 'Processing' });
    loadOrderMock.mockResolvedValue(paid);
    renderCancel();
    expect(await screen.findByText(/This order is paid: nothing more is needed\./)).toBe(screen.getByTestId('cancel-outcome'));
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(takeOutPaidOrder).toHaveBeenCalledWith(paid);
  });

  it('says Payment Cancelled, without an order, when the order cannot be read', async () => {
    loadOrderMock.mockRejectedValue(new Error('Server error. Please try again later.'));
    const { router } = renderCancel();
    await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' });
    await screen.findByText(/Your payment was not completed and nothing was charged/);
    expect(router.state.loaderData['payment-cancel']).toEqual({ key: ORDER_ID, order: null });
    expect(screen.queryByTestId('cancel-order')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it.each([
    ['a NUL byte', '%00'],
    ['a NUL after a UUID', `${ORDER_ID}%00`],
    ['10,000 characters', 'a'.repeat(10_000)],
    ['a lone surrogate', '%ED%A0%80'],
  ])('reads the order this browser last left to pay when order_id holds %s, never the hostile id', async (_what, id) => {
    lastOrder.remember(ORDER_ID);
    loadOrderMock.mockResolvedValue(order({}));
    renderCancel(`?order_id=${id}`);
    expect(await screen.findByTestId('cancel-order')).toHaveTextContent('0A1B2C3D');
    expect(loadOrderMock).toHaveBeenCalledTimes(1);
    expect(loadOrderMock).toHaveBeenCalledWith(ORDER_ID, expect.anything());
  });

  it('asks nothing for a hostile order_id when this browser left no order to pay', async () => {
    const { router } = renderCancel(`?order_id=${'%00'.repeat(3000)}`);
    await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' });
    await screen.findByText(/Your payment was not completed/);
    expect(router.state.loaderData['payment-cancel']).toEqual({ key: '', order: null });
    expect(loadOrderMock).not.toHaveBeenCalled();
  });
});
