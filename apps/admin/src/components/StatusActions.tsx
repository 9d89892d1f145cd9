import { Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { CARRIERS, normalTrackingNumber, TRACKING_NUMBER_PATTERN } from '@facet/contracts';
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
  orderExtras = false,
}: {
  resource: 'orders' | 'custom-designs';
  transitions: Record<string, readonly string[]>;
  confirmFor?: (status: string, record: RaRecord) => ConfirmSpec | null;
  /** Orders (issue 41): the note may be shared with the customer, and a move to shipped names the carrier and tracking number. */
  orderExtras?: boolean;
}) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<AskedMove>(null);
  const [shared, setShared] = useState(false);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  if (!record) return null;
  const trackingOk = TRACKING_NUMBER_PATTERN.test(String(normalTrackingNumber(tracking)));
  const shipReady = carrier !== '' && trackingOk;
  const extraFor = (status: string): Record<string, unknown> | undefined => {
    if (!orderExtras) return undefined;
    return {
      ...(note.trim() ? { share_with_customer: shared } : {}),
      ...(status === 'shipped' ? { carrier, tracking_number: String(normalTrackingNumber(tracking)) } : {}),
    };
  };
  const next = transitions[record.status as string] ?? [];
  if (next.length === 0)
    return <Typography color="text.secondary">No further status changes: this record is {humanize(String(record.status))}.</Typography>;
  const move = async (status: string, done?: ConfirmSpec['done']) => {
    setAsking(null);
    setBusy(true);
    try {
      await dataProvider.changeStatus(resource, String(record.id), status, note, extraFor(status));
      if (done) notify(done.message, { type: 'success', messageArgs: done.values, autoHideDuration: 10_000 });
      else notify('facet.notice.status_updated', { type: 'success', messageArgs: { status: humanize(status) } });
      setNote('');
      setShared(false);
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
        sx={{ mb: orderExtras ? 0.5 : 1.5 }}
      />
      {orderExtras && (
        <FormControlLabel
          control={<Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)} size="small" />}
          label={translate('facet.status_actions.share')}
          sx={{ mb: 0.5 }}
        />
      )}
      {orderExtras && shared && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('facet.status_actions.share_hint')}
        </Typography>
      )}
      {orderExtras && next.includes('shipped') && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1.4fr)' }, gap: 1.5, my: 1.5 }}>
          <TextField
            select
            size="small"
            label={translate('facet.status_actions.carrier')}
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'ship-carrier' } }}
          >
            {CARRIERS.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={translate('facet.status_actions.tracking')}
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            error={tracking !== '' && !trackingOk}
            helperText={translate('facet.status_actions.tracking_hint')}
            slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'ship-tracking', autoComplete: 'off', spellCheck: false } }}
          />
        </Box>
      )}
      {orderExtras && next.includes('shipped') && !shipReady && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('facet.status_actions.ship_needs')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {next.map((s) => (
          <Button
            key={s}
            variant={s === 'closed' || s === 'cancelled' ? 'outlined' : 'contained'}
            color={s === 'closed' || s === 'cancelled' ? 'inherit' : 'primary'}
            disabled={busy || (orderExtras && s === 'shipped' && !shipReady)}
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
