import { Datagrid, DateField, DeleteWithConfirmButton, FunctionField, List, SearchInput, Show, SimpleList, SimpleShowLayout, TabbedShowLayout, TextField, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { csvExporter, useIsSmall } from '../../components/listKit';
import { ListTabs } from '../../components/ListTabs';
import { RecordHistory } from '../../components/RecordHistory';
import { StatusChip } from '../../components/StatusChip';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Name or e-mail" />];

/** Deleting a customer erases their personal data for good. */
export function CustomerDeleteButton() {
  const notify = useNotify();
  const record = useRecordContext();
  const { permissions } = usePermissions();
  if (permissions !== 'admin') return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={`Delete ${record?.email || 'this customer'}?`}
      confirmContent="The customer record and their personal data will be erased. This cannot be undone."
      mutationOptions={{
        onSuccess: () => notify('Customer deleted successfully', { type: 'success' }),
        onError: () => notify('Error deleting customer: Please try again or refresh the page', { type: 'error' }),
      }}
      redirect="list"
    />
  );
}

const customerName = (r: any) => [r.firstName, r.lastName].filter(Boolean).join(' ') || '—';

export function CustomerList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  return (
    <List
      title="Customer database"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={csvExporter('customers')}
      queryOptions={{ onError: () => notify(translate('facet.list.load_error'), { type: 'error' }) }}
    >
      <ListTabs statuses={['Verified', 'Pending Verification']} />
      {small ? (
        <SimpleList linkType="show" primaryText={customerName} secondaryText={(r: any) => r.email ?? '—'} tertiaryText={(r: any) => r.status} />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField source="lastName" render={customerName} />
          <TextField source="email" />
          <TextField source="phone" sortable={false} emptyText="—" />
          <StatusChip source="status" />
          <DateField source="created_at" />
          <CustomerDeleteButton />
        </Datagrid>
      )}
    </List>
  );
}

export function CustomerShow() {
  return (
    <Show>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Customer">
          <SimpleShowLayout sx={{ p: 0 }}>
            <TextField source="firstName" label="First name" />
            <TextField source="lastName" label="Last name" />
            <TextField source="email" />
            <TextField source="phone" emptyText="—" />
            <FunctionField label="Address" render={(r: any) => [r.address?.street, r.address?.apartment, r.address?.city, r.address?.state, r.address?.zipCode, r.address?.country].filter(Boolean).join(', ') || '—'} />
            <StatusChip label="Status" />
            <DateField source="created_at" label="Registered" showTime />
            <DateField source="verified_at" label="Verified" showTime emptyText="—" />
          </SimpleShowLayout>
          <CustomerDeleteButton />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="History" path="history">
          <RecordHistory prefix="customer" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
