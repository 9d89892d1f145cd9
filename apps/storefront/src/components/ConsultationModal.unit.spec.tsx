import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError } from '../api/client';
import { createOrder } from '../api/shop';
import { addToCart } from '../features/cart/cart';
import { cartStore } from '../features/cart/useCart';
import { product } from '../test/fixtures';
import { ConsultationModal } from './ConsultationModal';

jest.mock('../api/shop', () => ({ createOrder: jest.fn() }));
const createOrderMock = createOrder as jest.MockedFunction<typeof createOrder>;

function Confirmation() {
  const { state } = useLocation();
  return <p data-testid="confirmation">{JSON.stringify(state)}</p>;
}

function setup(choice?: Parameters<typeof addToCart>[3], quantity = 1) {
  const ring = product({ name: 'Eternity Ring', price: 2400 });
  const items = addToCart([], ring, quantity, choice);
  cartStore.set(items);
  const onClose = jest.fn();
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <Routes>
        <Route path="/cart" element={<ConsultationModal items={items} onClose={onClose} />} />
        <Route path="/consultation-submitted" element={<Confirmation />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ring, onClose, user: userEvent.setup() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), 'Grace');
  await user.type(screen.getByLabelText(/Last name/), 'Hopper');
  await user.type(screen.getByLabelText(/Email/), 'grace@example.com');
  await user.type(screen.getByLabelText(/Phone/), '+1 212 555 0199');
}

describe('ConsultationModal', () => {
  beforeEach(() => {
    createOrderMock.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows every required-field message and sends nothing', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Submit Consultation Request' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
    expect(createOrderMock).not.toHaveBeenCalled();
  });

  it('checks the e-mail and phone formats, and clears an error when its field is edited', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/Email/), 'grace@navy');
    await user.type(screen.getByLabelText(/Phone/), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit Consultation Request' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(/Email/), '.mil');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it('posts the consultation order with an idempotency key, clears the selection and shows the confirmation', async () => {
    createOrderMock.mockResolvedValue({ order_id: 'order-123' });
    const { user, ring } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit Consultation Request' }));

    await waitFor(() => expect(screen.getByTestId('confirmation')).toBeInTheDocument());
    expect(createOrderMock).toHaveBeenCalledTimes(1);
    const [payload, key] = createOrderMock.mock.calls[0];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload).toMatchObject({
      items: [{ product_id: ring.id, product_name: 'Eternity Ring', price: 2400, quantity: 1, image: ring.image }],
      shipping: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: '+1 212 555 0199', country: 'US' },
      payment: { card_name: '', last_4: '' },
      subtotal: 2400,
      shipping_cost: 0,
      tax: 192,
      total: 2592,
      status: 'consultation_requested',
      payment_status: 'pending_consultation',
    });
    expect(cartStore.get()).toEqual([]);
    expect(JSON.parse(screen.getByTestId('confirmation').textContent ?? '{}')).toMatchObject({ orderId: 'order-123' });
  });

  it('alerts on failure, keeps the selection, and uses a new key for the next attempt', async () => {
    createOrderMock.mockRejectedValueOnce(new Error('Server error. Please try again later.'));
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit Consultation Request' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to submit your request. Please try again or contact us directly.'));
    expect(cartStore.get()).toHaveLength(1);

    createOrderMock.mockResolvedValueOnce({ order_id: 'order-2' });
    await user.click(screen.getByRole('button', { name: 'Submit Consultation Request' }));
    await waitFor(() => expect(createOrderMock).toHaveBeenCalledTimes(2));
    expect(createOrderMock.mock.calls[1][1]).not.toBe(createOrderMock.mock.calls[0][1]);
  });

  it('counts pieces by quantity: two of one ring are 2 pieces (issue 41, item 7)', () => {
    setup(undefined, 2);
    expect(document.querySelector('.consultation__summary')).toHaveTextContent(/^2 pieces · Estimated total/);
  });

  it('closes on Escape', async () => {
    const { user, onClose } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('lists the size and engraving of each line, sends them, and passes them to the confirmation', async () => {
    createOrderMock.mockResolvedValue({ order_id: 'order-9' });
    const { user } = setup({ variantId: 'v-6-5', variantLabel: 'Size 6.5', engraving: 'Always' });
    const lines = screen.getByRole('list', { name: 'Your selection' });
    expect(lines).toHaveTextContent('Eternity Ring');
    expect(lines).toHaveTextContent('Size 6.5');
    expect(lines).toHaveTextContent('Engraving Always');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit Consultation Request' }));
    await waitFor(() => expect(screen.getByTestId('confirmation')).toBeInTheDocument());
    expect(createOrderMock.mock.calls[0][0].items[0]).toMatchObject({ variant_id: 'v-6-5', engraving: 'Always' });
    const state = JSON.parse(screen.getByTestId('confirmation').textContent ?? '{}');
    expect(state.items[0]).toMatchObject({ variantLabel: 'Size 6.5', engraving: 'Always' });
  });

  it('says in the form when too few are left (409), without an alert, and keeps the selection', async () => {
    createOrderMock.mockRejectedValueOnce(new ApiError('Only 1 left of Eternity Ring (Size 6.5).', 409, 'http'));
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = setup({ variantId: 'v-6-5', variantLabel: 'Size 6.5', engraving: '' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit Consultation Request' }));
    const refusal = await screen.findByTestId('stock-refusal');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(refusal).toHaveTextContent('Only 1 left of Eternity Ring (Size 6.5).');
    expect(alert).not.toHaveBeenCalled();
    expect(cartStore.get()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Submit Consultation Request' })).toBeEnabled();
  });
});
