import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { cartActions } from '../features/cart/useCart';
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
});
