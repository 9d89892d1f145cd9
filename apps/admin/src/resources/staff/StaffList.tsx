import type { StaffIdentity } from '@facet/contracts';
import { Card, CardContent, Chip } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  ExportButton,
  DateField,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useGetIdentity,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { csvExporter, useIsSmall } from '../../components/listKit';

/** One row of /api/admin/staff. */
type StaffRow = StaffIdentity & { created_at: string };

export const roleChoices = [
  { id: 'admin', name: 'Administrator' },
  { id: 'staff', name: 'Staff' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or e-mail" />,
  <SelectInput key="role" source="role" choices={roleChoices} alwaysOn />,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="facet.actions.add_staff" />
    <ExportButton />
  </TopToolbar>
);

/** Removal behind a confirmation; the server's refusal (one's own account) shows as it is. */
export function StaffDeleteButton() {
  const record = useRecordContext<StaffRow>();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <DeleteWithConfirmButton
      confirmTitle={`Remove ${record?.email ?? 'this staff member'}?`}
      confirmContent="facet.confirm.delete_staff"
      // Our own onSuccess: successMessage would be swapped for react-admin's default text (no i18n here).
      mutationOptions={{
        onSuccess: () => {
          notify('facet.notice.staff_removed', { type: 'success' });
          redirect('list', 'staff');
        },
      }}
      redirect={false}
    />
  );
}

const RoleField = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<StaffRow>();
  if (!record) return null;
  const name = roleChoices.find((c) => c.id === record.role)?.name ?? record.role;
  return <Chip size="small" label={name} color={record.role === 'admin' ? 'primary' : 'default'} variant="outlined" />;
};

export function StaffList() {
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const { permissions, isPending } = usePermissions<string | null>();
  const translate = useTranslate();
  const small = useIsSmall();
  if (isPending) return null;
  // The menu hides the page from plain staff; one who types the address gets a word instead of a refused list.
  if (permissions !== 'admin') {
    return (
      <Card sx={{ mt: 2 }}>
        <CardContent>{translate('facet.staff_only_admins')}</CardContent>
      </Card>
    );
  }
  return (
    <List
      title="facet.titles.staff"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={csvExporter('staff')}
      queryOptions={{ onError: (e: Error) => notify(e?.message || translate('facet.list.load_error'), { type: 'error' }) }}
    >
      {small ? (
        <SimpleList<StaffRow>
          linkType="edit"
          primaryText={(r) => (r.id === identity?.id ? `${r.name} (you)` : r.name)}
          secondaryText={(r) => r.email}
          tertiaryText={(r) => roleChoices.find((c) => c.id === r.role)?.name ?? r.role}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<StaffRow> source="name" render={(r) => (r.id === identity?.id ? `${r.name} (you)` : r.name)} />
          <TextField source="email" />
          <RoleField source="role" />
          <DateField source="created_at" showTime />
          <EditButton />
          <StaffDeleteButton />
        </Datagrid>
      )}
    </List>
  );
}
