import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { Button, Typography } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  DateField,
  List,
  SearchInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { BulkMarkHandledButton, csvExporter, dateRangeFilters, useIsSmall } from '../../components/listKit';
import type { FacetDataProvider } from '../../dataProvider';

function HandledButton() {
  const r = useRecordContext();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!r || r.handled) return null;
  return (
    <Button
      variant="contained"
      onClick={async () => {
        try {
          await dataProvider.markHandled(String(r.id));
          notify('facet.notice.message_handled', { type: 'success' });
          refresh();
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
      }}
    >
      Mark as handled
    </Button>
  );
}

/** One row of /api/admin/messages (name and e-mail are null once the person was erased). */
interface MessageRow {
  id: string;
  name: string | null;
  subject: string | null;
  handled: boolean;
}

export function MessageList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  return (
    <List
      title="facet.titles.messages"
      filters={[<SearchInput key="q" source="q" alwaysOn />, ...dateRangeFilters()]}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={csvExporter('messages')}
      queryOptions={{ onError: () => notify(translate('facet.list.load_error'), { type: 'error' }) }}
    >
      {small ? (
        <SimpleList<MessageRow>
          linkType="show"
          primaryText={(r) => r.subject}
          secondaryText={(r) => r.name ?? translate('facet.list.erased')}
          tertiaryText={(r) => (r.handled ? translate('resources.messages.fields.handled') : '')}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={<BulkMarkHandledButton />}>
          <DateField source="created_at" showTime />
          <TextField source="name" emptyText={translate('facet.list.erased')} sortable={false} />
          <TextField source="email" emptyText="—" sortable={false} />
          <TextField source="subject" sortable={false} />
          <BooleanField source="handled" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}

export function MessageShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <HandledButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="subject" />
        <TextField source="name" emptyText="— erased —" />
        <TextField source="email" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <DateField source="created_at" showTime />
        <MessageBody label="resources.messages.fields.message" />
        <BooleanField source="handled" />
        <DateField source="handled_at" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}

const MessageBody = (_: { label?: string }) => {
  const r = useRecordContext();
  return <Typography sx={{ whiteSpace: 'pre-wrap', maxWidth: 720 }}>{r?.message ?? '—'}</Typography>;
};

export default { list: MessageList, show: MessageShow, icon: MailOutlineIcon };
