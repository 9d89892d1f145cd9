import type { AccountData, CheckoutStatus, OrderForPayment } from '@facet/contracts';
import { act, screen } from '@testing-library/react';
import { ApiError } from '../api/client';
import { PAYMENT_POLL_INTERVAL_MS } from '../lib/checkout';
import { restoreSelection, takeOutPaidOrder } from '../lib/payAgain';
import { renderRoute } from '../test/renderRoute';
import PaymentResultPage from './PaymentResultPage';

jest.mock('../lib/payAgain', () => ({
  ...jest.requireActual('../lib/payAgain'),
  restoreSelection: jest.fn(),
  takeOutPaidOrder: jest.fn(),
}));
// Each look at the session is the route's loader, through the test ShopData's account reader.
const statusMock = jest.fn<ReturnType<AccountData['paymentStatus']>, Parameters<AccountData['paymentStatus']>>();
const orderMock = jest.fn<ReturnType<AccountData['orderForPayment']>, Parameters<AccountData['orderForPayment']>>();

const ORDER_ID = '0a1b2c3d-0000-4000-8000-000000000001';
const session = (over: Partial<CheckoutStatus> = {}): CheckoutStatus => ({
  session_id: 'cs_1',
  payment_status: 'unpaid',
  status: 'open',
  amount_total: 125000,
  currency: 'usd',
  metadata: { order_id: ORDER_ID },
  failure_reason: null,
  ...over,
});
const order = (over: Partial<OrderForPayment> = {}): OrderForPayment => ({
  id: ORDER_ID,
  kind: 'card',
  status: 'awaiting_payment',
  payment_status: 'failed',
  status_message: 'Awaiting payment',
  can_pay: true,
  pay_by: '2030-01-15T12:00:00.000Z',
  total: 1250,
  items: [],
  ...over,
});

const renderResult = (search = '?session_id=cs_1') =>
  renderRoute(
    'payment-result',
    `/payment/success${search}`,
    { account: { paymentStatus: statusMock, orderForPayment: orderMock } },
    <PaymentResultPage />,
  );

let errors: jest.SpyInstance;
beforeEach(() => {
  statusMock.mockReset();
  orderMock.mockReset().mockResolvedValue(order());
  (restoreSelection as jest.Mock).mockReset();
  (takeOutPaidOrder as jest.Mock).mockReset();
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  errors.mockRestore();
  jest.useRealTimers();
});

describe('the payment result page', () => {
  it('says the payment succeeded, with the order and amount, and takes the paid pieces out of the bag', async () => {
    statusMock.mockResolvedValue(session({ payment_status: 'paid', status: 'complete' }));
    orderMock.mockResolvedValue(order({ payment_status: 'paid', can_pay: false }));
    renderResult();
    expect(screen.getByTestId('payment-attempt')).toHaveTextContent('Attempt 1 of 5');
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('0A1B2C3D')).toBeInTheDocument();
    expect(screen.getByText(/\$1,250\.00/)).toBeInTheDocument();
    expect(statusMock).toHaveBeenCalledWith('cs_1', expect.anything());
    expect(takeOutPaidOrder).toHaveBeenCalledWith(expect.objectContaining({ id: ORDER_ID }));
    expect(restoreSelection).not.toHaveBeenCalled();
  });

  it('asks again every 2 s (a revalidation), showing the attempt, until the session is paid', async () => {
    jest.useFakeTimers();
    statusMock
      .mockResolvedValueOnce(session())
      .mockResolvedValueOnce(session())
      .mockResolvedValueOnce(session({ payment_status: 'paid', status: 'complete' }));
    renderResult();
    await act(async () => undefined);
    expect(screen.getByTestId('payment-attempt')).toHaveTextContent('Attempt 1 of 5');
    expect(statusMock).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(PAYMENT_POLL_INTERVAL_MS - 10));
    expect(statusMock).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(10));
    expect(statusMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('payment-attempt')).toHaveTextContent('Attempt 2 of 5');
    await act(async () => jest.advanceTimersByTime(PAYMENT_POLL_INTERVAL_MS));
    expect(statusMock).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(PAYMENT_POLL_INTERVAL_MS * 3));
    expect(statusMock).toHaveBeenCalledTimes(3);
  });

  it('stops at the 5th open answer, says so, keeps the order to pay again, and Check Again starts a new round', async () => {
    jest.useFakeTimers();
    statusMock.mockResolvedValue(session());
    renderResult();
    await act(async () => undefined);
    for (let n = 2; n <= 5; n++) {
      await act(async () => jest.advanceTimersByTime(PAYMENT_POLL_INTERVAL_MS));
    }
    expect(statusMock).toHaveBeenCalledTimes(5);
    expect(screen.getByRole('heading', { name: 'Payment Issue' })).toBeInTheDocument();
    expect(screen.getByText('Payment status check timed out')).toBeInTheDocument();
    expect(screen.getByTestId('payment-attempt')).toHaveTextContent('Attempt 5 of 5');
    expect(screen.getByTestId('result-order')).toHaveTextContent('Order 0A1B2C3D is kept: Awaiting payment');
    expect(screen.getByRole('button', { name: 'Try Payment Again' })).toBeInTheDocument();
    expect(restoreSelection).toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith('Payment status check timed out');
    await act(async () => jest.advanceTimersByTime(PAYMENT_POLL_INTERVAL_MS * 2));
    expect(statusMock).toHaveBeenCalledTimes(5);

    statusMock.mockResolvedValueOnce(session({ payment_status: 'paid', status: 'complete' }));
    await act(async () => screen.getByRole('button', { name: 'Check Again' }).click());
    expect(statusMock).toHaveBeenCalledTimes(6);
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
  });

  it('says a declined card is a Payment Issue, with the reason, and offers another card', async () => {
    statusMock.mockResolvedValue(session({ status: 'complete', failure_reason: 'Your card was declined.' }));
    renderResult();
    expect(await screen.findByRole('heading', { name: 'Payment Issue' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-outcome')).toHaveTextContent('Your card was declined. No payment was taken.');
    expect(await screen.findByRole('button', { name: 'Try Another Card' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check Again' })).toBeNull();
  });

  it('says an expired session is over', async () => {
    statusMock.mockResolvedValue(session({ status: 'expired', failure_reason: 'Payment cancelled by the shopper' }));
    renderResult();
    expect(await screen.findByRole('heading', { name: 'Payment Expired' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-outcome')).toHaveTextContent('You cancelled the payment before it was completed.');
  });

  it('says the provider could not be asked when the status read fails, and offers to check again', async () => {
    statusMock.mockRejectedValue(new ApiError('Server error. Please try again later.', 500, 'http'));
    renderResult();
    expect(await screen.findByText('Error checking payment status')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Again' })).toBeInTheDocument();
    expect(orderMock).not.toHaveBeenCalled();
  });

  it.each([
    ['no session at all', ''],
    ['an empty session_id', '?session_id='],
  ])('says Payment Issue without asking anything for %s', async (_what, search) => {
    renderResult(search);
    expect(await screen.findByText('Error checking payment status')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check Again' })).toBeNull();
    expect(statusMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a NUL byte', '%00'],
    ['10,000 characters', 'x'.repeat(10_000)],
  ])('passes a session id with %s to the reader as it is (the API refuses it) and shows the error state', async (_what, id) => {
    statusMock.mockRejectedValue(new ApiError('Resource not found', 404, 'http'));
    renderResult(`?session_id=${id}`);
    expect(await screen.findByText('Error checking payment status')).toBeInTheDocument();
    expect(statusMock).toHaveBeenCalledWith(decodeURIComponent(id), expect.anything());
  });
});
