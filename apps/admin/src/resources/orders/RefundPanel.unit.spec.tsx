/** @jest-environment jsdom */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18n/en';
import type { OrderItemRecord } from './orderRecord';
import { centsOf, RefundPanel, restockableLines, restockLinesOf } from './RefundPanel';

configure({ asyncUtilTimeout: 5000 });

const order = {
  id: 'o1',
  kind: 'card',
  status: 'processing',
  payment_status: 'paid',
  total: 100,
  items: [
    { name: 'Estate Ring', quantity: 2, price: 30, variant_id: 'v-ring-6', variant_options: { size: '6' } },
    { name: 'Estate Ring', quantity: 1, price: 30, variant_id: 'v-ring-6', variant_options: { size: '6' }, engraving: 'Ada' },
    { name: 'Pearl Studs', quantity: 1, price: 10, variant_id: 'v-studs', variant_options: {} },
    { name: 'Old Brooch', quantity: 1, price: 0 },
  ] as OrderItemRecord[],
};

describe('The Refund action on the order page', () => {
  it('should read dollars and cents as integer cents, and nothing else', () => {
    expect(centsOf('12.5')).toBe(1250);
    expect(centsOf(' 0.07 ')).toBe(7);
    expect(centsOf('40')).toBe(4000);
    for (const bad of ['', '0', '0.00', '-1', '1.234', '1e3', 'abc', '1,50']) expect(centsOf(bad)).toBeNull();
  });

  it('should list the refunds and send a refund in cents with its reason and restock, refusing more than is left', async () => {
    const orderRefunds = jest.fn(async () => ({
      items: [
        {
          refund_id: 're_1',
          number: 1,
          amount_cents: 2500,
          currency: 'usd',
          reason: 'Scratch',
          by: 'staff',
          restock: false,
          created_at: '2026-12-01T10:00:00.000Z',
        },
      ],
      captured_cents: 10000,
      refunded_cents: 2500,
    }));
    const refundOrder = jest.fn(async () => ({}));
    render(
      <AdminContext dataProvider={{ ...dataProvider, orderRefunds, refundOrder }} i18nProvider={i18nProvider}>
        <RecordContextProvider value={order}>
          <RefundPanel />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText(/Scratch/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order' });
    expect(dialog).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '75.01' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Returned' } });
    const submit = screen.getAllByRole('button', { name: 'Refund' }).at(-1)!;
    fireEvent.click(submit);
    expect(screen.getByText('Enter an amount in dollars and cents, more than nothing and at most what is left')).toBeTruthy();
    expect(refundOrder).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '75' } });
    fireEvent.click(screen.getByLabelText('The piece came back: put its unit back in stock'));
    // Restock names the lines that came back: none ticked is refused before anything is sent.
    fireEvent.click(submit);
    expect(screen.getByText('Tick the pieces that came back, each with 1 to the units left to restock')).toBeTruthy();
    expect(refundOrder).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Estate Ring (6): 3 of 3 left to restock'));
    const units = screen.getByLabelText('Estate Ring (6): Units back');
    fireEvent.change(units, { target: { value: '4' } });
    fireEvent.click(submit);
    expect(refundOrder).not.toHaveBeenCalled();
    fireEvent.change(units, { target: { value: '2' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(refundOrder).toHaveBeenCalledWith(
        'o1',
        { amount: 7500, reason: 'Returned', restock: true, lines: [{ variant_id: 'v-ring-6', quantity: 2 }] },
        expect.any(String),
      ),
    );
  });

  it('should offer each stocked variant of the order once, less what earlier refunds restocked', () => {
    const refunds = {
      items: [
        {
          refund_id: 're_1',
          number: 1,
          amount_cents: 100,
          currency: 'usd',
          reason: 'Back',
          by: 's',
          restock: true,
          restock_lines: [{ variant_id: 'v-studs', quantity: 1 }],
          created_at: '2026-12-01T10:00:00.000Z',
        },
        // A refund recorded before lines were named restocked nothing.
        {
          refund_id: 're_0',
          number: null,
          amount_cents: 1,
          currency: 'usd',
          reason: 'x',
          by: null,
          restock: true,
          created_at: '2026-12-01T09:00:00.000Z',
        },
      ],
      captured_cents: 10000,
      refunded_cents: 101,
    };
    const lines = restockableLines(order.items, refunds);
    expect(lines).toEqual([
      { variantId: 'v-ring-6', name: 'Estate Ring (6)', bought: 3, left: 3 },
      { variantId: 'v-studs', name: 'Pearl Studs', bought: 1, left: 0 },
    ]);
    expect(restockLinesOf(lines, {})).toBeNull();
    expect(restockLinesOf(lines, { 'v-ring-6': ' 3 ' })).toEqual([{ variant_id: 'v-ring-6', quantity: 3 }]);
    for (const bad of ['0', '4', '1.5', '-1', '', 'two', '1e2']) expect(restockLinesOf(lines, { 'v-ring-6': bad })).toBeNull();
    expect(restockLinesOf(lines, { 'v-ring-6': '1', 'v-studs': '1' })).toBeNull();
  });

  it('should send the same Idempotency-Key when the same refund is sent again after a failure, and a new one for another refund', async () => {
    const orderRefunds = jest.fn(async () => ({ items: [], captured_cents: 10000, refunded_cents: 0 }));
    const refundOrder = jest
      .fn<Promise<unknown>, [string, unknown, string | undefined]>()
      .mockRejectedValueOnce(new Error('Something went wrong. Please try again.'))
      .mockRejectedValueOnce(new Error('Something went wrong. Please try again.'))
      .mockResolvedValue({});
    render(
      <AdminContext dataProvider={{ ...dataProvider, orderRefunds, refundOrder }} i18nProvider={i18nProvider}>
        <RecordContextProvider value={order}>
          <RefundPanel />
        </RecordContextProvider>
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    await screen.findByRole('dialog', { name: 'Refund this order' });
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Scratch' } });
    const submit = screen.getAllByRole('button', { name: 'Refund' }).at(-1)!;
    fireEvent.click(submit);
    await waitFor(() => expect(refundOrder).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Refund' }).at(-1)!.hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getAllByRole('button', { name: 'Refund' }).at(-1)!);
    await waitFor(() => expect(refundOrder).toHaveBeenCalledTimes(2));
    const [first, second] = refundOrder.mock.calls;
    expect(first[2]).toMatch(/\S{16,}/);
    expect(second[2]).toBe(first[2]);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Refund' }).at(-1)!.hasAttribute('disabled')).toBe(false));
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '11' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Refund' }).at(-1)!);
    await waitFor(() => expect(refundOrder).toHaveBeenCalledTimes(3));
    expect(refundOrder.mock.calls[2][1]).toEqual({ amount: 1100, reason: 'Scratch', restock: false });
    expect(refundOrder.mock.calls[2][2]).not.toBe(first[2]);
  });

  it('should show nothing on an order with no payment taken', async () => {
    const orderRefunds = jest.fn(async () => ({ items: [], captured_cents: 0, refunded_cents: 0 }));
    const { container } = render(
      <AdminContext dataProvider={{ ...dataProvider, orderRefunds }} i18nProvider={i18nProvider}>
        <RecordContextProvider value={order}>
          <RefundPanel />
        </RecordContextProvider>
      </AdminContext>,
    );
    await waitFor(() => expect(orderRefunds).toHaveBeenCalledWith('o1'));
    expect(container.textContent).toBe('');
  });
});
