import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { Box } from '@mui/material';
import {
  Datagrid,
  DateTimeInput,
  FunctionField,
  List,
  SimpleList,
  TextField,
  TextInput,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { csvExporter, useIsSmall } from '../../components/listKit';
import { CorrelationLink } from '../../components/CorrelationLink';
import { EstimatedPagination } from '../../components/EstimatedPagination';
import { actorLabel, describeChange } from '../../components/RecordHistory';

/** One event of /api/admin/audit/events, as the list shows it. */
interface AuditEventRow {
  id: string;
  type: string;
  stream_id: string;
  occurred_at: string;
  actor: { type?: string; id?: string; name?: string | null } | null;
  data: Record<string, unknown> | null;
  correlation_id?: string;
}

const filters = [
  <TextInput key="type" source="type" alwaysOn />,
  <TextInput key="stream" source="stream" alwaysOn />,
  // One conversation: what a request did and everything it caused (the links in History and below lead here).
  <TextInput
    key="correlation"
    source="correlation_id"
    alwaysOn
    parse={(v: string) => v.trim()}
    helperText="facet.audit.correlation_hint"
    sx={{ minWidth: { sm: 300 } }}
  />,
  <DateTimeInput key="from" source="from" parse={(v: string) => (v ? new Date(v).toISOString() : v)} />,
  <DateTimeInput key="to" source="to" parse={(v: string) => (v ? new Date(v).toISOString() : v)} />,
];

/** Stands in for the correlation id in the JSON text, to be replaced by a link to its conversation. */
const CORRELATION_SLOT = '\u0000correlation\u0000';

/** The event as JSON, its correlation id a link to the log filtered by it. */
const Payload = () => {
  const r = useRecordContext<AuditEventRow & { causation_id?: string | null; position?: string }>();
  const linked = typeof r?.correlation_id === 'string' && r.correlation_id !== '';
  const text = JSON.stringify(
    {
      data: r?.data,
      actor: r?.actor,
      correlation_id: linked ? CORRELATION_SLOT : r?.correlation_id,
      causation_id: r?.causation_id,
      position: r?.position,
    },
    null,
    2,
  );
  const [before, after] = linked ? text.split(JSON.stringify(CORRELATION_SLOT)) : [text];
  return (
    <Box component="pre" sx={{ m: 0, p: 2, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'background.default' }}>
      {before}
      {linked ? (
        <>
          <CorrelationLink id={r.correlation_id}>{JSON.stringify(r.correlation_id)}</CorrelationLink>
          {after}
        </>
      ) : null}
    </Box>
  );
};

export function AuditEventList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  return (
    <List
      title="facet.titles.audit"
      filters={filters}
      perPage={50}
      pagination={<EstimatedPagination />}
      sort={{ field: 'id', order: 'DESC' }}
      exporter={csvExporter('audit-events')}
      queryOptions={{ onError: () => notify(translate('facet.list.load_error'), { type: 'error' }) }}
    >
      {small ? (
        <SimpleList<AuditEventRow>
          linkType={false}
          primaryText={(r) => r.type}
          secondaryText={(r) => `${r.stream_id} · ${actorLabel(r.actor)}`}
          tertiaryText={(r) => (
            <>
              {new Date(r.occurred_at).toLocaleString()} · <CorrelationLink id={r.correlation_id} />
            </>
          )}
        />
      ) : (
        <Datagrid bulkActionButtons={false} expand={<Payload />} rowClick="expand">
          <FunctionField<AuditEventRow> source="occurred_at" sortable={false} render={(r) => new Date(r.occurred_at).toLocaleString()} />
          <TextField source="type" sortable={false} />
          <TextField source="stream_id" sortable={false} />
          <FunctionField<AuditEventRow> source="actor" sortable={false} render={(r) => actorLabel(r.actor)} />
          <FunctionField<AuditEventRow>
            source="data"
            sortable={false}
            render={(r) => (
              <Box component="span" sx={{ display: 'block', whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: 560 }}>
                {describeChange(r.data, r.type)}
              </Box>
            )}
          />
        </Datagrid>
      )}
    </List>
  );
}

export default { list: AuditEventList, icon: HistoryEduIcon };
