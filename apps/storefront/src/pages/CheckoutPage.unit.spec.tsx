import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createOrder } from '../api/shop';
import { ApiError } from '../api/client';
import { cartActions } from '../features/cart/useCart';
import { useToasts } from '../features/toast/toasts';
import { product } from '../test/fixtures';
import CheckoutPage from './CheckoutPage';

jest.mock('../api/shop', () => ({ createOrder: jest.fn() }));
jest.mock('../api/account', () => ({ paymentsApi: {}, accountApi: {}, customDesignApi: {} }));

describe('the checkout form', () => {
  beforeEach(() => cartActions.add(product()));
  afterEach(() => cartActions.clear());

  it('should describe the State select by its error, as every other field, so a screen reader says why it is invalid', () => {
    render(
      <MemoryRouter>
        <CheckoutPage />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getAllByRole('button', { name: /pay|place|order/i })[0]);

    const state = screen.getByLabelText(/State/);
    expect(state).toHaveAttribute('aria-invalid', 'true');
    const describedBy = state.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy!)).toHaveTextContent('State is required');
  });

  it("should show the API's refusal of a field at that field, in the shop's words, and the toast say where to look", async () => {
    (createOrder as jest.Mock).mockRejectedValue(
      new ApiError('shipping.last_name: last_name must not hold bidi override, embedding or isolate characters', 400, 'http', {
        detail: 'shipping.last_name: last_name must not hold bidi override, embedding or isolate characters',
        errors: [{ field: 'shipping.last_name', message: 'last_name must not hold bidi override, embedding or isolate characters' }],
      }),
    );
    function ToastProbe() {
      const toasts = useToasts();
      return <p data-testid="toast">{toasts.map((t) => `${t.title}: ${t.description ?? ''}`).join('|')}</p>;
    }
    render(
      <MemoryRouter>
        <CheckoutPage />
        <ToastProbe />
      </MemoryRouter>,
    );
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill(/^First Name/, 'Ada');
    fill(/^Last Name/, 'Lovelace\u202E');
    fill(/^Email/, 'ada@example.com');
    fill(/^Address/, '12 Bond Street');
    fill(/^City/, 'New York');
    fill(/^State/, 'NY');
    fill(/^ZIP Code/, '10012');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    });
    const lastName = screen.getByLabelText(/^Last Name/);
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(lastName.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Last name holds characters that turn the text around; please remove them',
    );
    expect(lastName).toHaveFocus();
    expect(screen.getByTestId('toast')).toHaveTextContent('Checkout failed: Please correct the field marked below.');
  });
});
