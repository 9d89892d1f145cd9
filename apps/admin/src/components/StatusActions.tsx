import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import { humanize } from './StatusChip';

/** What a confirmation shows: message keys and their values (react-admin's Confirm translates them). */
export interface ConfirmSpec {
  title: string;
  content: string;
  confirm: string;
  values: Record<string, unknown>;
  /** The notice after the move, when it has more to say than "Status updated". */
  done?: { message: string; values: Record<string, unknown> };
}

/** A status move waiting for its confirmation. */
export type AskedMove = { status: string; spec: ConfirmSpec } | null;

/** react-admin's Confirm for the move being asked about (closed when none); one for single and bulk moves. */
export function MoveConfirm({
  asking,
  loading,
  onConfirm,
  onClose,
}: {
  asking: AskedMove;
  loading: boolean;
  onConfirm: (status: string, done?: ConfirmSpec['done']) => unknown;
  onClose: () => void;
}) {
  return (
    <Confirm
      isOpen={asking !== null}
      loading={loading}
      title={asking?.spec.title ?? ''}
      titleTranslateOptions={asking?.spec.values}
      content={asking?.spec.content ?? ''}
      contentTranslateOptions={asking?.spec.values}
      confirm={asking?.spec.confirm}
      cancel="facet.cancel.keep"
      confirmColor="warning"
      onConfirm={() => asking && onConfirm(asking.status, asking.spec.done)}
      onClose={onClose}
    />
  );
}

/**
 * Buttons for exactly the moves allowed from the current status, with an optional note; a move that
 * `confirmFor` names (an order's cancel, which refunds a paid card) waits for a confirmation first.
 */
export function StatusActions({
  resource,
  transitions,
  confirmFor,
}: {
  resource: 'orders' | 'custom-designs';
  transitions: Record<string, readonly string[]>;
  confirmFor?: (status: string, record: RaRecord) => ConfirmSpec | null;
}) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<AskedMove>(null);
  if (!record) return null;
  const next = transitions[record.status as string] ?? [];
  if (next.length === 0)
    return <Typography color="text.secondary">No further status changes: this record is {humanize(String(record.status))}.</Typography>;
  const move = async (status: string, done?: ConfirmSpec['done']) => {
    setAsking(null);
    setBusy(true);
    try {
      await dataProvider.changeStatus(resource, String(record.id), status, note);
      if (done) notify(done.message, { type: 'success', messageArgs: done.values, autoHideDuration: 10_000 });
      else notify('facet.notice.status_updated', { type: 'success', messageArgs: { status: humanize(status) } });
      setNote('');
      refresh();
    } catch (e) {
      notify((e as Error).message || 'Error updating status', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const ask = (status: string) => {
    const spec = confirmFor?.(status, record);
    if (spec) setAsking({ status, spec });
    else void move(status);
  };
  return (
    <Box>
      <TextField
        label={translate('facet.status_actions.note')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'status-note' } }}
        sx={{ mb: 1.5 }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {next.map((s) => (
          <Button
            key={s}
            variant={s === 'closed' || s === 'cancelled' ? 'outlined' : 'contained'}
            color={s === 'closed' || s === 'cancelled' ? 'inherit' : 'primary'}
            disabled={busy}
            onClick={() => ask(s)}
          >
            Mark as {humanize(s)}
          </Button>
        ))}
      </Stack>
      <MoveConfirm asking={asking} loading={busy} onConfirm={move} onClose={() => setAsking(null)} />
    </Box>
  );
}
