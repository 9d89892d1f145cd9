import { Datagrid, DateField, FunctionField, List, SearchInput, TextField, useNotify } from 'react-admin';
import { CUSTOM_DESIGN_STATUSES } from '@facet/contracts';
import { ListTabs } from '../../components/ListTabs';
import { StatusChip, humanize } from '../../components/StatusChip';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search requests" />];

export function CustomDesignList() {
  const notify = useNotify();
  return (
    <List
      title="Custom design requests"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      queryOptions={{ onError: () => notify('Error loading data', { type: 'error' }) }}
    >
      <ListTabs statuses={CUSTOM_DESIGN_STATUSES} />
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <FunctionField label="Id" source="id" sortable={false} render={(r: any) => String(r.id).slice(0, 8)} />
        <StatusChip label="Status" />
        <DateField source="created_at" showTime />
        <FunctionField label="Piece" render={(r: any) => humanize(String(r.jewelry_type ?? ''))} />
        <FunctionField label="Metal" render={(r: any) => `${humanize(String(r.metal_type ?? ''))} ${r.metal_karat ?? ''}`} />
        <TextField source="contact_name" label="Client" sortable={false} emptyText="— erased —" />
      </Datagrid>
    </List>
  );
}
