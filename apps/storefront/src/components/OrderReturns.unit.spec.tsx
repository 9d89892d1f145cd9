import type { OrderReturns as Returns } from '@facet/contracts';
import { RETURN_POLICY } from '@facet/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '../api/client';
import { returnsApi } from '../api/returns';
import TermsOfServicePage from '../pages/TermsOfServicePage';
import { OrderReturns } from './OrderReturns';

jest.mock('../api/returns', () => ({ returnsApi: { forOrder: jest.fn(), request: jest.fn() } }));
const forOrder = returnsApi.forOrder as jest.Mock;
const request = returnsApi.request as jest.Mock;

const ID = '5d2c9a4e-1111-4222-8333-944455556666';
const returns = (over: Partial<Returns> = {}): Returns => ({
  window_days: 30,
  returnable_until: '2026-12-30T10:00:00.000Z',
  lines: [
    { line: 0, product_name: 'Aurora Ring', quantity: 2, returnable_quantity: 2, refusal: null },
    {
      line: 1,
      product_name: 'Love Band',
      quantity: 1,
      returnable_quantity: 0,
      refusal: { code: 'engraved', message: 'This piece was engraved for you, so it cannot be returned.' },
    },
  ],
  returns: [],
  policy: RETURN_POLICY,
  ...over,
});
const approved = {
  id: 'r1',
  order_id: ID,
  status: 'approved' as const,
  status_label: 'Return approved: please send the pieces back',
  reason: 'Too small',
  lines: [{ line: 0, product_id: 'p1', variant_id: 'v1', product_name: 'Aurora Ring', quantity: 1, price: 1200 }],
  note: 'Use the prepaid label',
  refunded: null,
  restocking_fee: null,
  exchange_variant_id: null,
  requested_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-02T10:00:00.000Z',
  history: [],
};

beforeEach(() => {
  forOrder.mockReset();
  request.mockReset();
});

describe("the order page's returns", () => {
  it('offers the eligible lines, says why the others cannot come back, and shows the policy', async () => {
    forOrder.mockResolvedValue(returns());
    render(<OrderReturns orderId={ID} access="tok" />);
    const form = await screen.findByTestId('return-form');
    expect(within(form).getByLabelText('How many of Aurora Ring to return')).toBeInTheDocument();
    expect(within(form).queryByLabelText('How many of Love Band to return')).toBeNull();
    expect(screen.getByTestId('return-refusal')).toHaveTextContent('Love Band: This piece was engraved for you');
    expect(screen.getByTestId('return-policy')).toHaveTextContent('Engraved pieces');
    expect(forOrder).toHaveBeenCalledWith(ID, 'tok', expect.anything());
  });

  it('sends the lines and the reason with an Idempotency-Key, then shows the return', async () => {
    forOrder.mockResolvedValueOnce(returns()).mockResolvedValueOnce(returns({ returns: [{ ...approved, status: 'requested', note: '' }] }));
    request.mockResolvedValue({});
    render(<OrderReturns orderId={ID} access={null} />);
    fireEvent.click(within(await screen.findByTestId('return-form')).getByRole('button', { name: 'Request return' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose how many');
    fireEvent.change(screen.getByLabelText('How many of Aurora Ring to return'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Why are they coming back?'), { target: { value: 'Too small' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request return' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(ID, null, { lines: [{ line: 0, quantity: 1 }], reason: 'Too small' }, expect.any(String)),
    );
    expect(await screen.findByTestId('return')).toBeInTheDocument();
  });

  it("shows each return's status and the note staff wrote, and the refund", async () => {
    forOrder.mockResolvedValue(
      returns({
        returns: [approved, { ...approved, id: 'r2', status: 'refunded', status_label: 'Refunded', refunded: 1190, restocking_fee: 10 }],
      }),
    );
    render(<OrderReturns orderId={ID} access={null} />);
    const [first, second] = await screen.findAllByTestId('return');
    expect(within(first).getByTestId('return-status')).toHaveTextContent('Return approved');
    expect(within(first).getByTestId('return-note')).toHaveTextContent('Use the prepaid label');
    expect(within(second).getByTestId('return-refunded')).toHaveTextContent('Refunded $1,190 (less a restocking fee of $10)');
  });

  it("says the API's refusal", async () => {
    forOrder.mockResolvedValue(returns());
    request.mockRejectedValue(new ApiError('Aurora Ring: at most 1 more of this line can be returned.', 409, 'conflict' as never));
    render(<OrderReturns orderId={ID} access={null} />);
    fireEvent.change(await screen.findByLabelText('How many of Aurora Ring to return'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Why are they coming back?'), { target: { value: 'Too small' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 1 more');
  });
});

describe('the terms of service', () => {
  it('show the returns policy table', () => {
    render(
      <MemoryRouter>
        <TermsOfServicePage />
      </MemoryRouter>,
    );
    const table = screen.getByTestId('return-policy');
    for (const rule of RETURN_POLICY) expect(table).toHaveTextContent(rule.label);
  });
});
