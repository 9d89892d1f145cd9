import { Alert, Box, Button, Card, CardContent, Chip, Pagination, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Events a projection or reactor could not handle, parked with the later events of their stream so the
 * rest of the shop kept flowing. After fixing the cause, "Retry" re-runs the stream's parked sequence in order.
 */
export function ParkedEventsPage() {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ items: any[]; total: number } | null>(null);
  const [open, setOpen] = useState<any>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () => dataProvider.parkedEvents(page).then(setList, (e: Error) => notify(e.message, { type: 'error' })),
    [dataProvider, notify, page],
  );
  useEffect(() => {
    load();
  }, [load]);

  const show = async (id: string) => {
    try {
      setOpen(await dataProvider.parkedEvent(id));
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const retry = async (id: string) => {
    setBusy(true);
    try {
      const outcome = await dataProvider.retryParked(id);
      if (outcome.error) notify(`Handled ${outcome.retried}; ${outcome.still_parked} still parked: ${outcome.error}`, { type: 'warning' });
      else notify(`Handled ${outcome.retried} parked event${outcome.retried === 1 ? '' : 's'} in order`, { type: 'success' });
      setOpen(null);
      await load();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title="Parked events" />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h4">Parked events</Typography>
        <Button onClick={load}>Refresh</Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Events a projection or reactor failed on, after retries. Later events of the same record wait behind the first one; everything else keeps
        flowing. Fix the cause, then retry: the record's parked events run again in order.
      </Typography>
      {open ? (
        <Card sx={{ mb: 2 }} data-testid="parked-event">
          <CardContent>
            <Typography variant="h6">{open.event_type} · {open.consumer}</Typography>
            <Typography variant="body2" color="text.secondary">
              Stream {open.stream_id} · revision {open.stream_revision} · position {open.position}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              First failed {when(open.first_failed_at)} · last {when(open.last_failed_at)} · {open.attempts} attempts
            </Typography>
            <Alert severity={open.blocked_by ? 'info' : 'error'} sx={{ my: 1, wordBreak: 'break-word' }}>{open.error}</Alert>
            <Typography variant="overline" color="text.secondary">Event data</Typography>
            <Box component="pre" sx={{ p: 1, bgcolor: 'action.hover', overflow: 'auto', maxHeight: 320, fontSize: 12 }}>
              {open.event ? JSON.stringify(open.event.data, null, 2) : 'The event is no longer in the log.'}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button variant="contained" disabled={busy} onClick={() => retry(open.id)}>Retry</Button>
              <Button onClick={() => setOpen(null)}>Close</Button>
            </Box>
          </CardContent>
        </Card>
      ) : null}
      {!list ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : list.items.length === 0 ? (
        <Alert severity="success">Nothing is parked: every projection and reactor handled every event.</Alert>
      ) : (
        <Card>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>First failed</TableCell>
                <TableCell>Consumer</TableCell>
                <TableCell>Event</TableCell>
                <TableCell>Stream</TableCell>
                <TableCell>Error</TableCell>
                <TableCell>Attempts</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.items.map((p) => (
                <TableRow key={p.id} hover sx={{ cursor: 'pointer' }} onClick={() => show(p.id)}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(p.first_failed_at)}</TableCell>
                  <TableCell>{p.consumer}</TableCell>
                  <TableCell>{p.event_type}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{p.stream_id} #{p.stream_revision}</TableCell>
                  <TableCell sx={{ color: p.blocked_by ? 'text.secondary' : 'error.main', maxWidth: 360, wordBreak: 'break-word' }}>
                    {p.blocked_by ? <Chip size="small" label="waiting" sx={{ mr: 1 }} /> : null}
                    {p.error.length > 200 ? `${p.error.slice(0, 200)}…` : p.error}
                  </TableCell>
                  <TableCell>{p.attempts}</TableCell>
                  <TableCell>
                    <Button size="small" disabled={busy} onClick={(e) => { e.stopPropagation(); retry(p.id); }}>Retry</Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.total > 25 ? <Pagination sx={{ p: 1 }} count={Math.ceil(list.total / 25)} page={page} onChange={(_e, n) => setPage(n)} /> : null}
        </Card>
      )}
    </Box>
  );
}
