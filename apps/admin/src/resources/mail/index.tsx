import OutboxIcon from '@mui/icons-material/Outbox';
import { Box, Typography } from '@mui/material';
import { BooleanField, Datagrid, DateField, List, SearchInput, Show, SimpleShowLayout, TextField, useNotify, useRecordContext } from 'react-admin';

export function MailList() {
  const notify = useNotify();
  return (
    <List title="Sent e-mails" filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Recipient or subject" />]} sort={{ field: 'sent_at', order: 'DESC' }} queryOptions={{ onError: () => notify('Error loading data', { type: 'error' }) }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="sent_at" showTime />
        <TextField source="kind" />
        <TextField source="to" emptyText="— erased —" sortable={false} />
        <TextField source="subject" sortable={false} />
        <BooleanField source="delivered" sortable={false} />
      </Datagrid>
    </List>
  );
}

const Body = (_: { label?: string }) => {
  const r = useRecordContext();
  if (!r) return null;
  return (
    <Box>
      {r.html ? (
        <Box component="iframe" title="E-mail" sandbox="" srcDoc={r.html} sx={{ width: '100%', maxWidth: 760, height: 520, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
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
        <BooleanField source="delivered" />
        <Body label="Message" />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: MailList, show: MailShow, icon: OutboxIcon, options: { label: 'Sent e-mails' } };
