import type { MyOrder } from '@facet/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { myOrders, myReviews, submitReview } from '../api/account';
import { userStore } from '../features/auth/useAuth';
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

const card = (reference: string) => screen.getAllByTestId('order-card').find((c) => c.textContent?.includes(reference))!;

beforeEach(() => {
  userStore.set({
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '',
    address: { street: '', apartment: '', city: '', state: '', zipCode: '', country: 'US' },
    emailVerified: true,
    verifiedAt: null,
  });
  orders.mockResolvedValue([
    delivered('aaaaaaaa-0000-4000-8000-000000000001', [['p1', 'Aurora Ring']]),
    delivered('bbbbbbbb-0000-4000-8000-000000000002', [['p2', 'Isla Pearl Earrings']]),
  ]);
});
afterEach(() => userStore.set(null));

describe('My Orders: Write Review', () => {
  it('is not offered on a delivered order whose piece was reviewed, and is on one whose piece was not', async () => {
    reviews.mockResolvedValue({ items: [review('p1')] });
    render(
      <MemoryRouter>
        <OrdersPage />
      </MemoryRouter>,
    );
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
    render(
      <MemoryRouter>
        <OrdersPage />
      </MemoryRouter>,
    );
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
