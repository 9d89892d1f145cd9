import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import { humanize } from './StatusChip';

/** Buttons for exactly the moves allowed from the current status, with an optional note. */
export function StatusActions({
  resource,
  transitions,
}: {
  resource: 'orders' | 'custom-designs';
  transitions: Record<string, readonly string[]>;
}) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const next = transitions[record.status as string] ?? [];
  if (next.length === 0)
    return <Typography color="text.secondary">No further status changes: this record is {humanize(String(record.status))}.</Typography>;
  const move = async (status: string) => {
    setBusy(true);
    try {
      await dataProvider.changeStatus(resource, String(record.id), status, note);
      notify('facet.notice.status_updated', { type: 'success', messageArgs: { status: humanize(status) } });
      setNote('');
      refresh();
    } catch (e) {
      notify((e as Error).message || 'Error updating status', { type: 'error' });
    } finally {
      setBusy(false);
    }
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
            onClick={() => move(s)}
          >
            Mark as {humanize(s)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
