import { Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField, useNotify } from 'react-admin';
import { ORDER_STATUSES, PAYMENT_STATUSES, paymentStatusLabel } from '@facet/contracts';
import { ListTabs } from '../../components/ListTabs';
import { StatusChip } from '../../components/StatusChip';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order id, name or e-mail" />,
  <SelectInput key="k" source="kind" choices={[{ id: 'consultation', name: 'Consultation request' }, { id: 'card', name: 'Card order' }]} alwaysOn />,
  <SelectInput key="p" source="payment_status" label="Payment" choices={PAYMENT_STATUSES.map((s) => ({ id: s, name: paymentStatusLabel(s) }))} alwaysOn />,
];

export function OrderList() {
  const notify = useNotify();
  return (
    <List
      title="Consultation requests & orders"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      queryOptions={{ onError: () => notify('Error loading data', { type: 'error' }) }}
    >
      <ListTabs statuses={ORDER_STATUSES} />
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="reference" label="Order" sortable sortBy="reference" sx={{ fontFamily: 'monospace', fontWeight: 600 }} />
        <DateField source="created_at" label="Received" showTime />
        <FunctionField
          label="Client"
          render={(r: any) => (
            <span style={{ overflowWrap: 'anywhere' }}>
              {[r.shipping?.first_name, r.shipping?.last_name].filter(Boolean).join(' ') || '—'}
              <span style={{ display: 'block', fontSize: 12, opacity: 0.7 }}>{r.shipping?.email ?? ''}</span>
            </span>
          )}
        />
        <FunctionField label="Kind" source="kind" sortable={false} render={(r: any) => (r.kind === 'card' ? 'Card order' : 'Consultation')} />
        <FunctionField label="Items" render={(r: any) => (r.items ?? []).reduce((n: number, i: any) => n + (i.quantity ?? 0), 0)} />
        <NumberField source="total" options={{ style: 'currency', currency: 'USD' }} />
        <StatusChip source="status" label="Status" />
        <FunctionField
          label="Payment"
          source="payment_status"
          sortBy="payment_status"
          render={(r: any) => (
            <span data-testid="payment-status">
              <StatusChip value={r.payment_status} />
              {r.refunded > 0 && <span style={{ display: 'block', fontSize: 12 }}>refunded ${Number(r.refunded).toFixed(2)}</span>}
            </span>
          )}
        />
      </Datagrid>
    </List>
  );
}
