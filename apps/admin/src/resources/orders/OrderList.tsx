import { Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectInput, TextField, useNotify } from 'react-admin';
import { ORDER_STATUSES } from '@facet/contracts';
import { ListTabs } from '../../components/ListTabs';
import { StatusChip } from '../../components/StatusChip';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order id, name or e-mail" />,
  <SelectInput key="k" source="kind" choices={[{ id: 'consultation', name: 'Consultation request' }, { id: 'card', name: 'Card order' }]} alwaysOn />,
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
        <DateField source="created_at" label="Received" showTime />
        <FunctionField label="Client" render={(r: any) => [r.shipping?.first_name, r.shipping?.last_name].filter(Boolean).join(' ') || '—'} />
        <TextField source="shipping.email" label="E-mail" sortable={false} />
        <FunctionField label="Kind" source="kind" sortable={false} render={(r: any) => (r.kind === 'card' ? 'Card order' : 'Consultation')} />
        <FunctionField label="Items" render={(r: any) => (r.items ?? []).reduce((n: number, i: any) => n + (i.quantity ?? 0), 0)} />
        <NumberField source="total" options={{ style: 'currency', currency: 'USD' }} />
        <StatusChip source="status" label="Status" />
      </Datagrid>
    </List>
  );
}
