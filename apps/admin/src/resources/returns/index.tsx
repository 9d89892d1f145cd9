import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import { Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';

/** One return as /api/admin/returns answers it (prices in dollars). */
export interface ReturnRow {
  id: string;
  order_id: string;
  status: 'requested' | 'approved' | 'refused' | 'received' | 'refunded' | 'exchanged';
  status_label: string;
  reason: string;
  lines: { line: number; product_name: string; quantity: number; price: number; variant_id: string | null }[];
  note: string;
  refunded: number | null;
  restocking_fee: number | null;
  exchange_variant_id: string | null;
  requested_at: string;
  history: { at: string; status: string; label: string; note: string }[];
}

const STATUSES = ['requested', 'approved', 'refused', 'received', 'refunded', 'exchanged'].map((id) => ({
  id,
  name: `resources.returns.status.${id}`,
}));

/** Dollars and cents typed by staff ("5", "5.50") as integer cents; null for anything else. */
export function feeCents(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

const linesText = (r: ReturnRow) => r.lines.map((l) => `${l.quantity} × ${l.product_name}`).join(', ');

/** The staff steps a return may take now: approve or refuse (with a note), receive, refund (less a fee) or exchange. */
export function ReturnActions() {
  const r = useRecordContext<ReturnRow>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [note, setNote] = useState('');
  const [fee, setFee] = useState('');
  const [variant, setVariant] = useState('');
  if (!r) return null;
  const send = (data: Record<string, unknown>) =>
    update(
      'returns',
      { id: r.id, data, previousData: r },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.returns.notice.saved', { type: 'success' });
          refresh();
        },
        onError: (e) => notify(e.message, { type: 'error' }),
      },
    );
  const refund = () => {
    const cents = feeCents(fee);
    if (cents === null) return notify('resources.returns.notice.bad_fee', { type: 'error' });
    void send({ action: 'refund', restocking_fee: cents });
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      {r.status === 'requested' && (
        <>
          <MuiTextField
            label={translate('resources.returns.fields.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={isPending} onClick={() => void send({ action: 'approve', note })}>
              {translate('resources.returns.actions.approve')}
            </Button>
            <Button variant="outlined" color="error" disabled={isPending} onClick={() => void send({ action: 'refuse', note })}>
              {translate('resources.returns.actions.refuse')}
            </Button>
          </Stack>
        </>
      )}
      {r.status === 'approved' && (
        <Button variant="contained" disabled={isPending} onClick={() => void send({ action: 'receive' })}>
          {translate('resources.returns.actions.receive')}
        </Button>
      )}
      {r.status === 'received' && (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <MuiTextField
              label={translate('resources.returns.fields.restocking_fee')}
              value={fee}
              onChange={(e) => setFee(e.target.value)}
            />
            <Button variant="contained" disabled={isPending} onClick={refund}>
              {translate('resources.returns.actions.refund')}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <MuiTextField
              label={translate('resources.returns.fields.exchange_variant_id')}
              value={variant}
              onChange={(e) => setVariant(e.target.value)}
            />
            <Button
              variant="outlined"
              disabled={isPending || variant.trim() === ''}
              onClick={() => void send({ action: 'exchange', exchange_variant_id: variant.trim() })}
            >
              {translate('resources.returns.actions.exchange')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUSES} alwaysOn emptyText="resources.returns.status.all" />,
  <TextInput key="order_id" source="order_id" />,
];

export function ReturnList() {
  const translate = useTranslate();
  return (
    <List title="facet.titles.returns" filters={filters} sort={{ field: 'requested_at', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="requested_at" showTime />
        <TextField source="order_id" sortable={false} />
        <FunctionField<ReturnRow> source="lines" sortable={false} render={linesText} />
        <TextField source="reason" sortable={false} />
        <FunctionField<ReturnRow> source="status" render={(r) => translate(`resources.returns.status.${r.status}`)} />
      </Datagrid>
    </List>
  );
}

export function ReturnShow() {
  const translate = useTranslate();
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="order_id" />
        <FunctionField<ReturnRow> source="status" render={(r) => translate(`resources.returns.status.${r.status}`)} />
        <FunctionField<ReturnRow> source="lines" render={linesText} />
        <TextField source="reason" />
        <TextField source="note" emptyText="—" />
        <FunctionField<ReturnRow> source="refunded" render={(r) => (r.refunded === null ? '—' : `$${r.refunded.toFixed(2)}`)} />
        <FunctionField<ReturnRow>
          source="restocking_fee"
          render={(r) => (r.restocking_fee === null ? '—' : `$${r.restocking_fee.toFixed(2)}`)}
        />
        <TextField source="exchange_variant_id" emptyText="—" />
        <FunctionField<ReturnRow>
          source="history"
          render={(r) => (
            <Stack>
              {r.history.map((h) => (
                <Typography key={`${h.at}-${h.status}`} variant="body2">
                  {new Date(h.at).toLocaleString()} · {h.label}
                  {h.note ? ` · ${h.note}` : ''}
                </Typography>
              ))}
            </Stack>
          )}
        />
        <FunctionField label="resources.returns.fields.actions" render={() => <ReturnActions />} />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: ReturnList, show: ReturnShow, icon: AssignmentReturnOutlinedIcon };
