import type { SentMailSummary } from '@facet/contracts';
import OutboxIcon from '@mui/icons-material/Outbox';
import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { csvExporter, useIsSmall } from '../../components/listKit';
import { mailResult } from './mailResult';

export function MailList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  return (
    <List
      title="facet.titles.mail"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Recipient or subject" />]}
      sort={{ field: 'sent_at', order: 'DESC' }}
      exporter={csvExporter('mail')}
      queryOptions={{ onError: () => notify(translate('facet.list.load_error'), { type: 'error' }) }}
    >
      {small ? (
        <SimpleList<SentMailSummary>
          linkType="show"
          primaryText={(r) => r.subject}
          secondaryText={(r) => `${r.to ?? translate('facet.list.erased')} · ${mailResult(r)}`}
          tertiaryText={(r) => (r.sent_at ? new Date(r.sent_at).toLocaleDateString() : '')}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateField source="sent_at" showTime />
          <TextField source="kind" />
          <TextField source="to" emptyText={translate('facet.list.erased')} sortable={false} />
          <TextField source="subject" sortable={false} />
          <FunctionField<SentMailSummary> label="resources.mail.fields.result" sortable={false} render={(r) => mailResult(r)} />
        </Datagrid>
      )}
    </List>
  );
}

const Body = (_: { label?: string }) => {
  const r = useRecordContext<{ id: string; html?: string | null; text?: string | null }>();
  if (!r) return null;
  return (
    <Box>
      {r.html ? (
        <Box
          component="iframe"
          title="E-mail"
          sandbox=""
          srcDoc={r.html}
          sx={{ width: '100%', maxWidth: 760, height: 520, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
        />
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.text ?? '—'}</Typography>
      )}
    </Box>
  );
};

export function MailShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="subject" />
        <TextField source="to" emptyText="— erased —" />
        <TextField source="kind" />
        <DateField source="sent_at" showTime />
        <FunctionField<SentMailSummary> label="resources.mail.fields.result" render={(r) => mailResult(r)} />
        <Body label="resources.mail.fields.body" />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: MailList, show: MailShow, icon: OutboxIcon };
