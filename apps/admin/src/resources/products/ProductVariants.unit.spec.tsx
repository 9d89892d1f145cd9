/** @jest-environment jsdom */
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { RING_SIZER_VALUE } from '@facet/contracts';
import { dataProvider as realDataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18n/en';
import { AdjustStockDialog } from './AdjustStockDialog';
import { EngravingInput } from './EngravingInput';
import { GalleryInput } from './GalleryInput';
import { OptionsEditor } from './OptionsEditor';
import { toFormRecord, variantInputs } from './productWire';
import { VariantStockPanel } from './VariantStockPanel';
import { VariantsEditor } from './VariantsEditor';

// react-admin's first render on a loaded 2-core machine can take over the default second.
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(60_000);

function renderForm(record: Record<string, unknown>, data: any = realDataProvider) {
  const onSubmit = jest.fn();
  render(
    <AdminContext dataProvider={data} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="products">
        <Form record={record} onSubmit={onSubmit}>
          <EngravingInput />
          <GalleryInput />
          <OptionsEditor />
          <VariantsEditor />
          <button type="submit">Save</button>
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const blank = { id: 'p1', name: 'Aurora Ring', price: 1000, options: [], variants: [], gallery: [], engraving: null };

describe('Product options, variants, gallery and stock in the console', () => {
  const consoleError = console.error;
  beforeAll(() => {
    jest.spyOn(console, 'error').mockImplementation((...args) => {
      if (typeof args[0] === 'string' && args[0].includes('not wrapped in act(')) return;
      consoleError(...args);
    });
  });
  afterAll(() => jest.restoreAllMocks());

  describe('When staff define ring sizes and generate variants', () => {
    it('should fill the size option in one click and make one row per size, the ring sizer the default', async () => {
      const { onSubmit, user } = renderForm(blank);
      await user.click(await screen.findByRole('button', { name: 'Ring sizes (US 3–13.5 + free ring sizer)' }));
      expect(screen.getByLabelText<HTMLInputElement>('Option 1 name').value).toBe('size');
      expect(screen.getByLabelText<HTMLTextAreaElement>('Option 1 values').value).toBe(
        `3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12, 12.5, 13, 13.5, ${RING_SIZER_VALUE}`,
      );
      await user.click(screen.getByRole('button', { name: 'Generate variants from options' }));
      expect(await screen.findAllByTestId(/^variant-\d+$/)).toHaveLength(23);
      const sizer = screen.getByRole('group', { name: RING_SIZER_VALUE });
      expect(within(sizer).getByRole<HTMLInputElement>('radio', { name: 'Default' }).checked).toBe(true);
      const six = screen.getByRole('group', { name: 'Size 6' });
      expect(within(six).getByLabelText<HTMLInputElement>('SKU').value).toBe('AURORA-RING-6');
      // Every row's fields are labelled; the row's legend names the variant.
      expect(within(six).getByLabelText('Lead time (business days)')).toBeTruthy();
      expect(within(six).getByLabelText('Variant price (USD)')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      const values = onSubmit.mock.calls[0][0];
      expect(values.options).toEqual([{ name: 'size', values: expect.arrayContaining(['3', '13.5', RING_SIZER_VALUE]) }]);
      expect(values.variants).toHaveLength(23);
    });

    it('should refuse negative and huge starting stock in the form, and not save', async () => {
      const { onSubmit, user } = renderForm({ ...blank, options: [{ name: 'size', values: ['6', '7'] }] });
      await user.click(await screen.findByRole('button', { name: 'Generate variants from options' }));
      const six = await screen.findByRole('group', { name: 'Size 6' });
      // Choose "Stocked" in the row's stock mode select.
      await user.click(within(six).getByRole('combobox', { name: 'Stock' }));
      await user.click(await screen.findByRole('option', { name: 'Stocked' }));
      const units = within(six).getByLabelText<HTMLInputElement>('Units in stock');
      fireEvent.change(units, { target: { value: '-3' } });
      expect(await within(six).findByText('Out of range')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('A variant has a problem: see the field marked in red')).toBeTruthy();
      fireEvent.change(units, { target: { value: '1000000000000' } });
      expect(await within(six).findByText('Out of range')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit).not.toHaveBeenCalled();
      fireEvent.change(units, { target: { value: '1' } });
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(onSubmit.mock.calls[0][0].variants[0]).toMatchObject({ options: { size: '6' }, stock_mode: 'stocked', stock: 1 });
    });

    it('should give a saved made-to-order variant switched to Stocked a count field, as new rows have, and save that count', async () => {
      const saved = {
        ...blank,
        options: [{ name: 'size', values: ['6', '7'] }],
        variants: [
          { id: 'v-6', sku: 'AUR-6', options: { size: '6' }, price: 1000, available: null, lead_time_days: 15, is_default: true },
          { id: 'v-7', sku: 'AUR-7', options: { size: '7' }, price: 1000, available: 2, lead_time_days: null, is_default: false },
        ],
      };
      const { onSubmit, user } = renderForm(toFormRecord(saved));
      const six = await screen.findByRole('group', { name: 'Size 6' });
      await user.click(within(six).getByRole('combobox', { name: 'Stock' }));
      await user.click(await screen.findByRole('option', { name: 'Stocked' }));
      const units = within(six).getByLabelText<HTMLInputElement>('Units in stock');
      expect(units.value).toBe('1');
      fireEvent.change(units, { target: { value: '-1' } });
      expect(await within(six).findByText('Out of range')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit).not.toHaveBeenCalled();
      fireEvent.change(units, { target: { value: '4' } });
      // The variant stocked already keeps its count and changes it through "Adjust stock", not here.
      const seven = screen.getByRole('group', { name: 'Size 7' });
      expect(within(seven).queryByLabelText('Units in stock')).toBeNull();
      expect(within(seven).getByText('2 available (adjust below)')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(variantInputs(onSubmit.mock.calls[0][0].variants)).toEqual([
        expect.objectContaining({ options: { size: '6' }, stock: 4 }),
        expect.objectContaining({ options: { size: '7' }, stock: 2 }),
      ]);
    });

    it('should refuse an option name holding NUL or a lone surrogate', async () => {
      const { onSubmit, user } = renderForm({ ...blank, options: [{ name: 'size\u0000', values: ['6'] }] });
      await user.click(await screen.findByRole('button', { name: 'Save' }));
      expect(await screen.findAllByText('Remove the control characters (NUL, line breaks) or broken characters')).not.toHaveLength(0);
      expect(onSubmit).not.toHaveBeenCalled();
      fireEvent.change(screen.getByLabelText('Option 1 name'), { target: { value: 'size \uD800' } });
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit).not.toHaveBeenCalled();
      fireEvent.change(screen.getByLabelText('Option 1 name'), { target: { value: 'size' } });
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    });

    it('should offer engraving with a limit from 1 to 40', async () => {
      const { onSubmit, user } = renderForm(blank);
      await user.click(
        await screen.findByRole('switch', { name: 'Engraving offered' }).catch(() => screen.getByLabelText('Engraving offered')),
      );
      const limit = screen.getByLabelText<HTMLInputElement>('Engraving: most characters');
      expect(limit.value).toBe('20');
      fireEvent.change(limit, { target: { value: '41' } });
      expect(await screen.findByText('Out of range')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit).not.toHaveBeenCalled();
      fireEvent.change(limit, { target: { value: '12' } });
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(onSubmit.mock.calls[0][0].engraving).toEqual({ max_length: 12 });
    });
  });

  describe('When staff arrange the gallery', () => {
    const gallery = [
      { src: '/images/a.svg', alt: 'Front' },
      { src: '/images/b.svg', alt: 'Side' },
      { src: '/images/c.svg', alt: 'On a hand' },
    ];
    const order = () => screen.getAllByTestId(/^gallery-image-\d+$/).map((li) => li.querySelector('img')?.getAttribute('src'));

    it('should reorder with the move buttons, make an image featured, and say where it went', async () => {
      const { onSubmit, user } = renderForm({ ...blank, gallery });
      await user.click(await screen.findByRole('button', { name: 'Move image 3 up' }));
      expect(order()).toEqual(['/images/a.svg', '/images/c.svg', '/images/b.svg']);
      expect(screen.getByRole('status').textContent).toBe('Image 3 moved to position 2');
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move image 1 up' }).disabled).toBe(true);
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move image 3 down' }).disabled).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Make featured: image 3' }));
      expect(order()).toEqual(['/images/b.svg', '/images/a.svg', '/images/c.svg']);
      expect(within(screen.getByTestId('gallery-image-1')).getByText('Featured')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Move image 1 down' }));
      expect(order()).toEqual(['/images/a.svg', '/images/b.svg', '/images/c.svg']);
      // Drag and drop: the third onto the first.
      const items = screen.getAllByTestId(/^gallery-image-\d+$/);
      fireEvent.dragStart(items[2], { dataTransfer: { effectAllowed: '' } });
      fireEvent.dragOver(items[0]);
      fireEvent.drop(items[0]);
      expect(order()).toEqual(['/images/c.svg', '/images/a.svg', '/images/b.svg']);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
      expect(onSubmit.mock.calls[0][0].gallery.map((g: any) => g.alt)).toEqual(['On a hand', 'Front', 'Side']);
    });

    it('should want alt text for every image, at most 200 characters, before saving', async () => {
      const { onSubmit, user } = renderForm({ ...blank, gallery: [{ src: '/images/a.svg', alt: '' }] });
      await user.click(await screen.findByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Alt text is required')).toBeTruthy();
      expect(screen.getByText('Every image needs alt text')).toBeTruthy();
      expect(onSubmit).not.toHaveBeenCalled();
      const alt = screen.getByLabelText<HTMLInputElement>(/Alt text of image 1/);
      fireEvent.change(alt, { target: { value: 'x'.repeat(10_000) } });
      expect(await screen.findByText('Too long')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit).not.toHaveBeenCalled();
      fireEvent.change(alt, { target: { value: 'Oval diamond ring, front' } });
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    });

    it('should upload several images at once, each waiting for its alt text', async () => {
      const uploadImage = jest.fn(async (file: File) => `/api/media/${file.name}`);
      const { user } = renderForm(blank, { ...realDataProvider, uploadImage });
      const files = ['one.png', 'two.png'].map((n) => new File(['x'], n, { type: 'image/png' }));
      await user.upload(await screen.findByTestId('product-image-file'), files);
      await waitFor(() => expect(screen.getAllByTestId(/^gallery-image-\d+$/)).toHaveLength(2));
      expect(uploadImage).toHaveBeenCalledTimes(2);
      expect(order()).toEqual(['/api/media/one.png', '/api/media/two.png']);
      expect(screen.getByLabelText<HTMLInputElement>(/Alt text of image 2/).value).toBe('');
    });
  });

  describe('When staff adjust a stocked variant', () => {
    function renderDialog(adjustStock: jest.Mock) {
      const onDone = jest.fn();
      render(
        <AdminContext dataProvider={{ ...realDataProvider, adjustStock } as any} i18nProvider={i18nProvider}>
          <AdjustStockDialog variantId="v-6" label="Size 6" open onClose={() => undefined} onDone={onDone} />
        </AdminContext>,
      );
      return { onDone, user: userEvent.setup() };
    }

    it('should require a reason, then send the change to the API', async () => {
      const adjustStock = jest.fn(async () => ({ variant_id: 'v-6', on_hand: 5, reserved: 1, available: 4 }));
      const { onDone, user } = renderDialog(adjustStock);
      const dialog = await screen.findByRole('dialog', { name: 'Adjust stock of Size 6' });
      await user.type(within(dialog).getByLabelText(/Units to add/), '2');
      await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
      expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
      expect(adjustStock).not.toHaveBeenCalled();
      await user.type(within(dialog).getByLabelText(/Reason/), 'Two back from the workshop');
      await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
      await waitFor(() => expect(adjustStock).toHaveBeenCalledWith('v-6', { delta: 2, reason: 'Two back from the workshop' }));
      expect(onDone).toHaveBeenCalledWith({ variant_id: 'v-6', on_hand: 5, reserved: 1, available: 4 });
    });

    it('should set a counted number, and show the API refusal in the dialog', async () => {
      const adjustStock = jest.fn(async () => {
        throw new Error('Stock cannot go below the 1 unit reserved.');
      });
      const { onDone, user } = renderDialog(adjustStock);
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('radio', { name: 'Set to' }));
      await user.type(within(dialog).getByLabelText(/Units on hand after counting/), '0');
      await user.type(within(dialog).getByLabelText(/Reason/), 'Shelf count');
      await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
      expect(await within(dialog).findByText('Stock cannot go below the 1 unit reserved.')).toBeTruthy();
      expect(adjustStock).toHaveBeenCalledWith('v-6', { set_to: 0, reason: 'Shelf count' });
      expect(onDone).not.toHaveBeenCalled();
    });

    it('should refuse a negative count, a huge change and a NUL in the reason without calling the API', async () => {
      const adjustStock = jest.fn();
      const { user } = renderDialog(adjustStock);
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(/Units to add/), { target: { value: '99999999999' } });
      fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'count\u0000' } });
      await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
      expect(await within(dialog).findByText('Out of range')).toBeTruthy();
      expect(within(dialog).getByText('Remove the control characters (NUL, line breaks) or broken characters')).toBeTruthy();
      await user.click(within(dialog).getByRole('radio', { name: 'Set to' }));
      fireEvent.change(within(dialog).getByLabelText(/Units on hand after counting/), { target: { value: '-1' } });
      fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'count' } });
      await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
      expect(await within(dialog).findByText('Out of range')).toBeTruthy();
      expect(adjustStock).not.toHaveBeenCalled();
    });
  });

  describe("When the product's page shows its stock", () => {
    it('should show on hand, reserved and available per stocked variant, and its ledger and open reservations with order links', async () => {
      const data = {
        ...realDataProvider,
        variantStock: jest.fn(async () => ({ variant_id: 'v-6', on_hand: 3, reserved: 1, available: 2 })),
        stockLedger: jest.fn(async () => [
          {
            kind: 'reserved',
            quantity: 1,
            reason: null,
            by: 'system',
            at: '2030-01-02T10:00:00Z',
            order_id: 'o-1',
            order_reference: 'FCT-1001',
          },
          { kind: 'adjusted', quantity: 3, reason: 'initial stock', by: 'admin@facet.local', at: '2030-01-01T10:00:00Z', order_id: null },
        ]),
        stockReservations: jest.fn(async () => [
          {
            order_id: 'o-1',
            order_reference: 'FCT-1001',
            variant_id: 'v-6',
            quantity: 1,
            status: 'open',
            created_at: '2030-01-02T10:00:00Z',
            hold_confirmed_by: 'Ada Staff',
          },
        ]),
      };
      const record = {
        id: 'p1',
        name: 'Aurora',
        price: 1000,
        variants: [
          {
            id: 'v-6',
            sku: 'AUR-6',
            options: { size: '6' },
            price: 1000,
            available: 2,
            lead_time_days: null,
            is_default: false,
            image: null,
          },
          {
            id: 'v-s',
            sku: 'AUR-S',
            options: { size: RING_SIZER_VALUE },
            price: 1000,
            available: null,
            lead_time_days: 15,
            is_default: true,
            image: null,
          },
        ],
      };
      render(
        <AdminContext dataProvider={data as any} i18nProvider={i18nProvider}>
          <RecordContextProvider value={record}>
            <VariantStockPanel />
          </RecordContextProvider>
        </AdminContext>,
      );
      const six = await screen.findByRole('region', { name: /Size 6/ }).catch(() => screen.findByTestId('stock-AUR-6'));
      await waitFor(() => expect(within(six).getByTestId('stock-on_hand').textContent).toBe('3'));
      expect(within(six).getByTestId('stock-reserved').textContent).toBe('1');
      expect(within(six).getByTestId('stock-available').textContent).toBe('2');
      // The made-to-order variant has no count to show.
      expect(screen.queryByTestId('stock-AUR-S')).toBeNull();
      const userEv = userEvent.setup();
      await userEv.click(within(six).getByRole('button', { name: 'Ledger & reservations of Size 6' }));
      const ledger = await screen.findByRole('region', { name: 'Stock ledger of Size 6' });
      const rows = within(ledger).getAllByTestId('ledger-row');
      expect(rows).toHaveLength(2);
      expect(rows[1].textContent).toContain('initial stock');
      expect(rows[1].textContent).toContain('+3');
      const link = within(rows[0]).getByRole('link', { name: 'FCT-1001' });
      expect(link.getAttribute('href')).toMatch(/\/orders\/o-1\/show$/);
      const open = screen.getByRole('region', { name: 'Open reservations of Size 6' });
      expect(within(open).getAllByTestId('reservation-row')).toHaveLength(1);
      // Each held reservation: its order (a link), units, age and whether staff confirmed the hold (issue 49).
      expect(within(open).getByRole('link', { name: 'FCT-1001' }).getAttribute('href')).toMatch(/\/orders\/o-1\/show$/);
      expect(within(open).getByTestId('reservation-hold').textContent).toBe('Confirmed by Ada Staff');
      expect(within(open).getByTestId('reservation-age').textContent).toMatch(/^\d+ (h|d)$/);
      expect(data.stockReservations).toHaveBeenCalledWith('v-6', 'open');
    });
  });
});

describe('dataProvider stock calls', () => {
  it('should call the inventory routes, each id encoded', async () => {
    const calls: string[] = [];
    global.fetch = jest.fn(async (url: any, init: any) => {
      calls.push(`${init.method} ${String(url)}${init.body ? ` ${init.body}` : ''}`);
      return { ok: true, status: 200, headers: new Map(), text: async () => JSON.stringify({ items: [] }) };
    }) as any;
    await realDataProvider.variantStock('v/1');
    await realDataProvider.adjustStock('v/1', { delta: -1, reason: 'damaged' });
    expect(await realDataProvider.stockLedger('v/1')).toEqual([]);
    await realDataProvider.stockReservations('v/1', 'open');
    expect(calls).toEqual([
      'GET /api/admin/inventory/variants/v%2F1',
      'POST /api/admin/inventory/variants/v%2F1/adjustments {"delta":-1,"reason":"damaged"}',
      'GET /api/admin/inventory/variants/v%2F1/ledger',
      'GET /api/admin/inventory/reservations?variant_id=v%2F1&status=open',
    ]);
  });
});
