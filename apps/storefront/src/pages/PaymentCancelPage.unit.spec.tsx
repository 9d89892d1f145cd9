import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { loadOrder, type OrderForPayment } from '../lib/payAgain';
import PaymentCancelPage from './PaymentCancelPage';

jest.mock('../lib/payAgain', () => ({
  ...jest.requireActual('../lib/payAgain'),
  loadOrder: jest.fn(),
  restoreSelection: jest.fn(),
  takeOutPaidOrder: jest.fn(),
}));
const loadOrderMock = loadOrder as jest.MockedFunction<typeof loadOrder>;

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
  render(
    <MemoryRouter initialEntries={[`/payment/cancel${search}`]}>
      <PaymentCancelPage />
    </MemoryRouter>,
  );
}

describe('payment cancel page', () => {
  beforeEach(() => loadOrderMock.mockReset());

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
});
