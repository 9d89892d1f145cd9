/** @jest-environment jsdom */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18n/en';
import { feeCents, ReturnActions, type ReturnRow } from './index';

configure({ asyncUtilTimeout: 5000 });

const base: ReturnRow = {
  id: 'r1',
  order_id: 'o1',
  status: 'requested',
  status_label: 'Return requested',
  reason: 'Too small',
  lines: [{ line: 0, product_name: 'Ring', quantity: 1, price: 100, variant_id: 'v6' }],
  note: '',
  refunded: null,
  restocking_fee: null,
  exchange_variant_id: null,
  requested_at: '2026-12-01T10:00:00.000Z',
  history: [],
};

function renderWith(record: ReturnRow) {
  const update = jest.fn(async (_resource: string, params: { data: unknown }) => ({ data: { ...record, ...(params.data as object) } }));
  // The test's update answers the record it was given (react-admin types update generically).
  const data = { ...dataProvider, update } as unknown as typeof dataProvider;
  render(
    <AdminContext dataProvider={data} i18nProvider={i18nProvider}>
      <RecordContextProvider value={record}>
        <ReturnActions />
      </RecordContextProvider>
    </AdminContext>,
  );
  return update;
}

describe('The staff steps of a return in the console', () => {
  it('should read the restocking fee in dollars as integer cents, and nothing else', () => {
    expect(feeCents('')).toBe(0);
    expect(feeCents('5')).toBe(500);
    expect(feeCents(' 12.5 ')).toBe(1250);
    for (const bad of ['-1', '1.234', 'abc', '1e3', '1,5']) expect(feeCents(bad)).toBeNull();
  });

  it('should approve or refuse a requested return with the note', async () => {
    const update = renderWith(base);
    fireEvent.change(screen.getByLabelText('Note to the shopper'), { target: { value: 'Use the prepaid label' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'returns',
        expect.objectContaining({ id: 'r1', data: { action: 'approve', note: 'Use the prepaid label' } }),
      ),
    );
    expect(screen.getByRole('button', { name: 'Refuse' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark received' })).toBeNull();
  });

  it('should mark an approved return received', async () => {
    const update = renderWith({ ...base, status: 'approved' });
    fireEvent.click(screen.getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('returns', expect.objectContaining({ data: { action: 'receive' } })));
  });

  it('should refund a received return less the fee in cents, or exchange it for a variant', async () => {
    const update = renderWith({ ...base, status: 'received' });
    fireEvent.change(screen.getByLabelText('Restocking fee (USD)'), { target: { value: '5.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('returns', expect.objectContaining({ data: { action: 'refund', restocking_fee: 550 } })),
    );
    fireEvent.change(screen.getByLabelText('Exchange for variant id'), { target: { value: 'v7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('returns', expect.objectContaining({ data: { action: 'exchange', exchange_variant_id: 'v7' } })),
    );
  });

  it('should offer nothing more once a return is refunded', () => {
    renderWith({ ...base, status: 'refunded' });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
