import type { Address, User } from '@facet/contracts';
import {
  Datagrid,
  DateField,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  SearchInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TabbedShowLayout,
  TextField,
  Title,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { csvExporter, useIsSmall } from '../../components/listKit';
import { ListTabs } from '../../components/ListTabs';
import { Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api-error';
import { ErasedHistory, RecordHistory } from '../../components/RecordHistory';
import type { FacetDataProvider } from '../../dataProvider';
import { StatusChip } from '../../components/StatusChip';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Name or e-mail" />];

/**
 * Deleting a customer erases their personal data for good, then goes to the customer list with a notice (own
 * onSuccess replaces react-admin's, redirect included: the show page stayed up with the e-mail and a live
 * Delete). Its page opened again asks the API, which no longer has them: it says they were erased, no Delete.
 */
export function CustomerDeleteButton() {
  const notify = useNotify();
  const redirect = useRedirect();
  const record = useRecordContext();
  const { permissions } = usePermissions<string | null>();
  if (permissions !== 'admin' || !record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={`Delete ${record.email || 'this customer'}?`}
      confirmContent="facet.customer.delete_content"
      mutationOptions={{
        onSuccess: () => {
          notify('facet.notice.customer_deleted', { type: 'success' });
          redirect('list', 'customers');
        },
        onError: () => notify('facet.notice.customer_delete_error', { type: 'error' }),
      }}
    />
  );
}

/** One row of /api/admin/customers (the address on the detail only). */
type CustomerRow = Pick<User, 'id' | 'email' | 'firstName' | 'lastName'> & { status: string; address?: Partial<Address> };

const customerName = (r: CustomerRow) => [r.firstName, r.lastName].filter(Boolean).join(' ') || '—';

export function CustomerList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  return (
    <List
      title="facet.titles.customers"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={csvExporter('customers')}
      queryOptions={{ onError: () => notify(translate('facet.list.load_error'), { type: 'error' }) }}
    >
      <ListTabs statuses={['Verified', 'Pending Verification']} />
      {small ? (
        <SimpleList<CustomerRow>
          linkType="show"
          primaryText={customerName}
          secondaryText={(r) => r.email ?? '—'}
          tertiaryText={(r) => r.status}
        />
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

/**
 * A customer who is no longer in the customer database: erased (the API refuses their history with 410,
 * so say so), or an id that never was one.
 */
function CustomerGone({ id }: { id: string }) {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const translate = useTranslate();
  const [state, setState] = useState<{ erased: string } | 'missing' | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider.recordAsOf(`customer-${id}`).then(
      () => live && setState('missing'),
      (e: Error) => live && setState(e instanceof ApiError && e.status === 410 ? { erased: e.message } : 'missing'),
    );
    return () => {
      live = false;
    };
  }, [id, dataProvider]);
  if (!state) return null;
  return (
    <Card sx={{ mt: 2 }}>
      {/* The page's one h1, as on every console page: the layout's title, empty without a Show around it. */}
      <Title title={translate(state === 'missing' ? 'facet.gone.missing_title' : 'facet.gone.erased_title')} />
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('facet.gone.customer', { id })}
        </Typography>
        {state === 'missing' ? (
          <Typography color="text.secondary">{translate('facet.gone.missing')}</Typography>
        ) : (
          <ErasedHistory message={state.erased} />
        )}
      </CardContent>
    </Card>
  );
}

export function CustomerShow() {
  const { id } = useParams();
  const [gone, setGone] = useState(false);
  if (gone && id) return <CustomerGone id={id} />;
  return (
    <Show queryOptions={{ retry: false, onError: () => setGone(true) }}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="facet.customer.tab">
          <SimpleShowLayout sx={{ p: 0 }}>
            <TextField source="firstName" />
            <TextField source="lastName" label="facet.customer.last_name" />
            <TextField source="email" />
            <TextField source="phone" emptyText="—" />
            <FunctionField<CustomerRow>
              source="address"
              render={(r) =>
                [r.address?.street, r.address?.apartment, r.address?.city, r.address?.state, r.address?.zipCode, r.address?.country]
                  .filter(Boolean)
                  .join(', ') || '—'
              }
            />
            <StatusChip label="resources.customers.fields.status" />
            <DateField source="created_at" showTime />
            <DateField source="verified_at" showTime emptyText="—" />
          </SimpleShowLayout>
          <CustomerDeleteButton />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="facet.show.history" path="history">
          <RecordHistory prefix="customer" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
