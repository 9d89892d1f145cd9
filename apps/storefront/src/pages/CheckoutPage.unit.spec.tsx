import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createOrder } from '../api/shop';
import { ApiError } from '../api/client';
import { cartActions } from '../features/cart/useCart';
import { useToasts } from '../features/toast/toasts';
import { paymentsApi } from '../api/account';
import { product } from '../test/fixtures';
import CheckoutPage, { redirectTo } from './CheckoutPage';

jest.mock('../api/shop', () => ({ createOrder: jest.fn() }));
jest.mock('../api/account', () => ({ paymentsApi: { openSession: jest.fn() }, accountApi: {}, customDesignApi: {} }));

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

  it.each([
    ['stripe', 'https://checkout.stripe.com/c/pay/cs_test_1', null],
    ['sandbox', null, '/payment'],
  ])('under %s, should send the pay-here button where that provider takes the payment (%s, %s)', async (provider, hosted, page) => {
    (createOrder as jest.Mock).mockResolvedValue({
      id: '6f1c1d2e-7a3b-4c5d-8e9f-0a1b2c3d4e5f',
      order_id: '6f1c1d2e-7a3b-4c5d-8e9f-0a1b2c3d4e5f',
    });
    (paymentsApi.openSession as jest.Mock).mockResolvedValue({
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      session_id: 'cs_test_1',
      provider,
    });
    const go = jest.spyOn(redirectTo, 'go').mockImplementation(() => undefined);
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/checkout']}>
        <CheckoutPage />
        <Where />
      </MemoryRouter>,
    );
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill(/^First Name/, 'Ada');
    fill(/^Last Name/, 'Lovelace');
    fill(/^Email/, 'ada@example.com');
    fill(/^Address/, '12 Bond Street');
    fill(/^City/, 'New York');
    fill(/^State/, 'NY');
    fill(/^ZIP Code/, '10012');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay by Card or Bank Transfer Here' }));
    });
    await waitFor(() => expect(paymentsApi.openSession).toHaveBeenCalled());
    if (hosted) {
      await waitFor(() => expect(go).toHaveBeenCalledWith(hosted));
      expect(screen.getByTestId('where')).toHaveTextContent('/checkout');
    } else {
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(page!));
      expect(go).not.toHaveBeenCalled();
    }
    go.mockRestore();
  });
});
