import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Chip } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Confirm,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ApiError } from '../../api-error';
import { useIsSmall } from '../../components/listKit';
import type { FacetDataProvider } from '../../dataProvider';

/** One row of /api/admin/sign-in-locks: an account whose sign-in wrong passwords locked. */
export interface SignInLockRow {
  id: string;
  account: 'customer' | 'staff';
  account_id: string;
  email: string;
  name: string;
  locked_until: string;
  unknown_clients: boolean;
  devices: number;
}

const accountChoices = [
  { id: 'customer', name: 'facet.sign_in_locks.customer' },
  { id: 'staff', name: 'facet.sign_in_locks.staff' },
];

const filters = [<SelectInput key="account" source="account" choices={accountChoices} alwaysOn />];

/** Who the lock holds back: unknown browsers (a browser that signed in before still may), and its own browsers that guessed wrong. */
export function lockedFor(row: SignInLockRow, translate: (key: string, options?: Record<string, unknown>) => string): string {
  const parts: string[] = [];
  if (row.unknown_clients) parts.push(translate('facet.sign_in_locks.unknown_clients'));
  if (row.devices > 0) parts.push(translate('facet.sign_in_locks.devices', { smart_count: row.devices }));
  return parts.join('; ');
}

/** An administrator lets the account sign in from anywhere again, after a confirmation; plain staff only see the list. */
export function LiftSignInLockButton() {
  const record = useRecordContext<SignInLockRow>();
  const { permissions } = usePermissions<string | null>();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || permissions !== 'admin') return null;
  const who = record.email || record.name || record.account_id;
  const lift = async () => {
    setBusy(true);
    try {
      await dataProvider.liftSignInLock(record.account, record.account_id);
      notify('facet.sign_in_locks.lifted', { type: 'success', messageArgs: { who } });
    } catch (err) {
      // The API's own words: the lock already ended or another administrator lifted it.
      notify(err instanceof ApiError ? err.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
      refresh();
    }
  };
  return (
    <>
      <Button
        label="facet.sign_in_locks.lift"
        aria-label={translate('facet.sign_in_locks.lift_for', { who })}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        color="secondary"
      >
        <LockOpenIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="facet.sign_in_locks.lift_title"
        content="facet.sign_in_locks.lift_content"
        translateOptions={{ who }}
        confirm="facet.sign_in_locks.lift"
        onConfirm={lift}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const AccountChip = (_: { label?: string; source?: string; sortable?: boolean }) => {
  const record = useRecordContext<SignInLockRow>();
  const translate = useTranslate();
  if (!record) return null;
  return <Chip size="small" variant="outlined" label={translate(`facet.sign_in_locks.${record.account}`)} />;
};

/** Locked sign-ins: every member sees them (a customer who calls can be told when the lock ends); administrators lift them. */
export function SignInLockList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  return (
    <List
      title="facet.titles.sign_in_locks"
      filters={filters}
      exporter={false}
      empty={false}
      queryOptions={{ onError: (e: Error) => notify(e?.message || translate('facet.list.load_error'), { type: 'error' }) }}
    >
      {small ? (
        <SimpleList<SignInLockRow>
          linkType={false}
          primaryText={(r) => r.email || r.name || r.account_id}
          secondaryText={(r) => lockedFor(r, translate)}
          tertiaryText={(r) => new Date(r.locked_until).toLocaleTimeString()}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <AccountChip source="account" sortable={false} />
          <TextField source="email" sortable={false} emptyText="—" />
          <TextField source="name" sortable={false} emptyText="—" />
          <FunctionField<SignInLockRow> label="facet.sign_in_locks.locked_for" sortable={false} render={(r) => lockedFor(r, translate)} />
          <DateField source="locked_until" showTime sortable={false} />
          <LiftSignInLockButton />
        </Datagrid>
      )}
    </List>
  );
}
