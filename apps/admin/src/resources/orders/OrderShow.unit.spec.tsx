/** @jest-environment jsdom */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { dataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18n/en';
import { ConfirmHoldButton, OrderSummary, Title } from './OrderShow';

// react-admin's first render on a loaded 2-core machine can take over the default second.
configure({ asyncUtilTimeout: 5000 });

const order = {
  id: 'o1',
  items: [
    {
      product_id: 'p1',
      name: 'Petite Diamond Stacking Ring',
      price: 420,
      quantity: 1,
      variant_options: { size: '6.5', metal: '14K Rose Gold' },
      engraving: 'A & B 1985',
    },
    { product_id: 'p2', name: 'Isla Akoya Pearl Earrings', price: 340, quantity: 2, variant_options: {}, engraving: '' },
    // An order placed before variants: no options, no engraving.
    { product_id: 'p3', name: 'Old Line', price: 100, quantity: 1 },
  ],
  shipping: { first_name: 'Ada', last_name: 'Lovelace' },
  subtotal: 1200,
  shipping_cost: 0,
  tax: 96,
  total: 1296,
};

describe('An order in the console', () => {
  it("should show each line's size, metal and engraving, and nothing extra for lines without them", () => {
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <RecordContextProvider value={order}>
          <OrderSummary />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(screen.getByText('Size 6.5 · Metal 14K Rose Gold')).toBeTruthy();
    expect(screen.getByText('Engraving: “A & B 1985”')).toBeTruthy();
    expect(screen.getAllByText(/^Engraving:/)).toHaveLength(1);
    expect(screen.getByText('Old Line')).toBeTruthy();
  });

  it('should title a card order "Order <reference>" in the header, and a consultation "Consultation request <reference>"', () => {
    const header = (record: Record<string, unknown>) =>
      render(
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <RecordContextProvider value={record}>
            <Title />
          </RecordContextProvider>
        </AdminContext>,
      ).container.textContent;
    expect(header({ ...order, id: '5d2c9a4e-1111', reference: '5D2C9A4E', kind: 'card' })).toBe('Order 5D2C9A4E');
    expect(header({ ...order, id: '7a1b2c3d-2222', reference: '7A1B2C3D', kind: 'consultation' })).toBe('Consultation request 7A1B2C3D');
  });

  it.each([
    ['cancelled', '4242', 'Payment: Cancelled by the shopper · card ending 4242'],
    ['cancelled', null, 'Payment: Cancelled by the shopper'],
    ['paid', '4242', 'Payment: Paid · card ending 4242'],
    ['expired', null, 'Payment: Expired'],
  ])('should say the payment as the shop words it (%s) with the card charged', (payment_status, last_4, line) => {
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <RecordContextProvider value={{ ...order, kind: 'card', payment_status, last_4 }}>
          <OrderSummary />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(screen.getByTestId('order-payment').textContent).toBe(line);
  });

  it('should flag a disputed order, and say nothing of disputes on an order without one', () => {
    const show = (record: Record<string, unknown>) =>
      render(
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <RecordContextProvider value={record}>
            <OrderSummary />
          </RecordContextProvider>
        </AdminContext>,
      );
    show({ ...order, kind: 'card', payment_status: 'paid', disputed_at: null }).unmount();
    expect(screen.queryByTestId('order-disputed')).toBeNull();
    show({ ...order, kind: 'card', payment_status: 'paid', disputed_at: '2026-12-01T10:00:00.000Z' });
    const flag = screen.getByTestId('order-disputed');
    expect(flag.getAttribute('role')).toBe('status');
    expect(flag.textContent).toMatch(
      /^Disputed since .+: the shopper's bank opened a dispute \(a chargeback\); answer it in the card provider's dashboard$/,
    );
  });

  it("should offer staff to confirm an open consultation request's hold (POST hold-confirmation), and not on a card order or a closed request", async () => {
    const confirmConsultationHold = jest.fn(async () => ({}));
    const provider = { ...dataProvider, confirmConsultationHold };
    const show = (record: Record<string, unknown>) =>
      render(
        <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
          <RecordContextProvider value={record}>
            <ConfirmHoldButton />
          </RecordContextProvider>
        </AdminContext>,
      );
    expect(show({ ...order, id: 'c2', kind: 'consultation', status: 'closed' }).container.textContent).toBe('');
    expect(show({ ...order, id: 'o2', kind: 'card', status: 'pending' }).container.textContent).toBe('');
    show({ ...order, id: 'c1', kind: 'consultation', status: 'contacted' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm hold' }));
    await waitFor(() => expect(confirmConsultationHold).toHaveBeenCalledWith('c1'));
  });
});
