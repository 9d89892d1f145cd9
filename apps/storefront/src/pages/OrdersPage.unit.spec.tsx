import type { MyOrder } from '@facet/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { myOrders, myReviews, submitReview } from '../api/account';
import { ApiError } from '../api/client';
import { userStore } from '../features/auth/useAuth';
import { ADA } from '../test/customer';
import { renderRoute } from '../test/renderRoute';
import OrdersPage from './OrdersPage';

jest.mock('../api/account', () => ({
  myOrders: jest.fn(),
  myReviews: jest.fn(),
  submitReview: jest.fn(),
  paymentsApi: {},
  accountApi: {},
  customDesignApi: {},
}));
const orders = myOrders as jest.MockedFunction<typeof myOrders>;
const reviews = myReviews as jest.MockedFunction<typeof myReviews>;
const submit = submitReview as jest.MockedFunction<typeof submitReview>;

function delivered(orderId: string, pieces: [id: string, name: string][]): MyOrder {
  return {
    orderId,
    id: orderId,
    date: '2026-11-20T10:00:00.000Z',
    total: 1296,
    status: 'delivered',
    payment_status: 'paid',
    status_message: 'Delivered on November 24, 2026',
    items: pieces.map(([id, name]) => ({ id, name, image: '/img/x.svg', quantity: 1, price: 1200 })),
  };
}

const review = (productId: string) => ({
  id: `r-${productId}`,
  product_id: productId,
  order_id: null,
  status: 'pending' as const,
  stars: 5,
  title: null,
  text: 'Lovely',
  created_at: '2026-11-25T10:00:00.000Z',
});

// The route's loader reads the orders and reviews through the test ShopData's account reader (as the browser's
// does over HTTP); the Write Review dialog calls the API itself (submitReview).
const renderOrders = () => renderRoute('orders', '/orders', { account: { myOrders: orders, myReviews: reviews } }, <OrdersPage />);

const card = (reference: string) => screen.getAllByTestId('order-card').find((c) => c.textContent?.includes(reference))!;

beforeEach(() => {
  userStore.set(ADA);
  orders.mockReset();
  reviews.mockReset();
  orders.mockResolvedValue([
    delivered('aaaaaaaa-0000-4000-8000-000000000001', [['p1', 'Aurora Ring']]),
    delivered('bbbbbbbb-0000-4000-8000-000000000002', [['p2', 'Isla Pearl Earrings']]),
  ]);
});
afterEach(() => userStore.set(null));

describe('My Orders: Write Review', () => {
  it('is not offered on a delivered order whose piece was reviewed, and is on one whose piece was not', async () => {
    reviews.mockResolvedValue({ items: [review('p1')] });
    renderOrders();
    await screen.findAllByTestId('order-reviewed');
    expect(within(card('AAAAAAAA')).queryByRole('button', { name: 'Write Review' })).toBeNull();
    expect(within(card('AAAAAAAA')).getByTestId('order-reviewed')).toHaveTextContent('Reviewed, thank you');
    expect(within(card('BBBBBBBB')).getByRole('button', { name: 'Write Review' })).toBeInTheDocument();
  });

  it('stops offering Write Review once the last piece of the order is reviewed and the dialog is closed', async () => {
    reviews.mockResolvedValue({ items: [review('p1')] });
    submit.mockResolvedValue({
      id: 'r-p2',
      status: 'pending',
      created_at: '2026-11-25T10:00:00.000Z',
      message: 'Thank you for your review.',
    });
    renderOrders();
    await screen.findByText('BBBBBBBB');
    fireEvent.click(await within(card('BBBBBBBB')).findByRole('button', { name: 'Write Review' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(/^5 stars/));
    fireEvent.change(within(dialog).getByLabelText(/Your review/), { target: { value: 'Beautiful lustre.' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    });
    // The thanks stay on screen until closed.
    expect(await screen.findByText('Thank you for your review.')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('button', { name: 'Write Review' })).toBeNull();
    expect(within(card('BBBBBBBB')).getByTestId('order-reviewed')).toBeInTheDocument();
  });
});

describe('My Orders: the route loader', () => {
  it('asks the signed-out visitor to sign in, and reads nothing', async () => {
    userStore.set(null);
    const { router } = renderOrders();
    expect(await screen.findByRole('heading', { name: 'Please log in to view your orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await act(async () => undefined);
    expect(router.state.loaderData.orders).toEqual({ key: '', orders: [], reviewed: null });
    expect(orders).not.toHaveBeenCalled();
  });

  it('shows the loading state until the orders are read, then the orders, without asking for reviews when none is delivered', async () => {
    let resolve!: (list: MyOrder[]) => void;
    orders.mockReturnValue(new Promise((r) => (resolve = r)));
    renderOrders();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => resolve([{ ...delivered('cccccccc-0000-4000-8000-000000000003', [['p3', 'Nova Pendant']]), status: 'shipped' }]));
    expect(await screen.findByText('CCCCCCCC')).toBeInTheDocument();
    expect(screen.getByText('Nova Pendant')).toBeInTheDocument();
    expect(orders).toHaveBeenCalledTimes(1);
    expect(reviews).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Write Review' })).toBeNull();
  });

  it('says so when the orders cannot be read', async () => {
    orders.mockRejectedValueOnce(new ApiError('Server error. Please try again later.', 500, 'http'));
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'We could not load your orders' })).toBeInTheDocument();
    expect(screen.getByText('Please try again in a moment.')).toBeInTheDocument();
    expect(userStore.get()?.id).toBe('u1');
  });

  it('signs the header out when the session has ended (a 401), and asks to sign in', async () => {
    orders.mockRejectedValueOnce(new ApiError('Unauthorized', 401, 'http'));
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'Please log in to view your orders' })).toBeInTheDocument();
    expect(userStore.get()).toBeNull();
  });

  it('offers Write Review on every delivered order when the reviews cannot be read', async () => {
    reviews.mockRejectedValue(new ApiError('Server error. Please try again later.', 500, 'http'));
    renderOrders();
    await screen.findByText('BBBBBBBB');
    expect(screen.getAllByRole('button', { name: 'Write Review' })).toHaveLength(2);
  });

  it("reads again (a revalidation) when another shopper signs in, and never shows the first one's orders to them", async () => {
    reviews.mockResolvedValue({ items: [] });
    renderOrders();
    await screen.findByText('AAAAAAAA');
    orders.mockResolvedValue([delivered('dddddddd-0000-4000-8000-000000000004', [['p4', 'Halo Studs']])]);
    act(() => userStore.set({ ...ADA, id: 'u2', email: 'grace@example.com' }));
    expect(screen.queryByText('AAAAAAAA')).toBeNull();
    expect(await screen.findByText('DDDDDDDD')).toBeInTheDocument();
    expect(orders).toHaveBeenCalledTimes(2);
  });
});
