import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { Box } from '@mui/material';
import { Datagrid, DateTimeInput, FunctionField, List, TextField, TextInput, useNotify, useRecordContext } from 'react-admin';
import { actorLabel, describeChange } from '../../components/RecordHistory';

const filters = [
  <TextInput key="type" source="type" label="Event type" alwaysOn />,
  <TextInput key="stream" source="stream" label="Stream (e.g. order-)" alwaysOn />,
  <DateTimeInput key="from" source="from" label="From" parse={(v: string) => (v ? new Date(v).toISOString() : v)} />,
  <DateTimeInput key="to" source="to" label="To" parse={(v: string) => (v ? new Date(v).toISOString() : v)} />,
];

const Payload = () => {
  const r = useRecordContext();
  return (
    <Box component="pre" sx={{ m: 0, p: 2, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'background.default' }}>
      {JSON.stringify({ data: r?.data, actor: r?.actor, correlation_id: r?.correlation_id, causation_id: r?.causation_id, position: r?.position }, null, 2)}
    </Box>
  );
};

export function AuditEventList() {
  const notify = useNotify();
  return (
    <List title="Audit log" filters={filters} perPage={50} sort={{ field: 'id', order: 'DESC' }} queryOptions={{ onError: () => notify('Error loading data', { type: 'error' }) }}>
      <Datagrid bulkActionButtons={false} expand={<Payload />} rowClick="expand">
        <FunctionField label="When" render={(r: any) => new Date(r.occurred_at).toLocaleString('en-US')} />
        <TextField source="type" sortable={false} />
        <TextField source="stream_id" label="Record" sortable={false} />
        <FunctionField label="Who" render={(r: any) => actorLabel(r.actor)} />
        <FunctionField
          label="What changed"
          render={(r: any) => (
            <Box component="span" sx={{ display: 'block', whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: 560 }}>
              {describeChange(r.data, r.type)}
            </Box>
          )}
        />
      </Datagrid>
    </List>
  );
}

export default { list: AuditEventList, icon: HistoryEduIcon, options: { label: 'Audit log' } };
