import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import type { ParkedEvent, ParkedEventDetail } from '../consoleWire';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Events a projection or reactor could not handle, parked with the later events of their stream so the
 * rest of the shop kept flowing. After fixing the cause, "Retry" re-runs the stream's parked sequence in order.
 */
export function ParkedEventsPage() {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ items: ParkedEvent[]; total: number } | null>(null);
  const [open, setOpen] = useState<ParkedEventDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () => dataProvider.parkedEvents(page).then(setList, (e: Error) => notify(e.message, { type: 'error' })),
    [dataProvider, notify, page],
  );
  useEffect(() => {
    void load();
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
      if (outcome.error)
        notify(
          translate('facet.parked.retried_partly', { retried: outcome.retried, still_parked: outcome.still_parked, error: outcome.error }),
          { type: 'warning' },
        );
      else notify(translate('facet.parked.retried', { smart_count: outcome.retried }), { type: 'success' });
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
      <Title title={translate('facet.parked.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h4">{translate('facet.parked.title')}</Typography>
        <Button onClick={load}>{translate('facet.common.refresh')}</Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('facet.parked.intro')}
      </Typography>
      {open ? (
        <Card sx={{ mb: 2 }} data-testid="parked-event">
          <CardContent>
            <Typography variant="h6">
              {open.event_type} · {open.consumer}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('facet.parked.stream_line', { stream: open.stream_id, revision: open.stream_revision, position: open.position })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('facet.parked.failed_line', {
                first: when(open.first_failed_at),
                last: when(open.last_failed_at),
                attempts: open.attempts,
              })}
            </Typography>
            <Alert severity={open.blocked_by ? 'info' : 'error'} sx={{ my: 1, wordBreak: 'break-word' }}>
              {open.error}
            </Alert>
            <Typography variant="overline" color="text.secondary">
              {translate('facet.parked.event_data')}
            </Typography>
            <Box component="pre" sx={{ p: 1, bgcolor: 'action.hover', overflow: 'auto', maxHeight: 320, fontSize: 12 }}>
              {open.event ? JSON.stringify(open.event.data, null, 2) : translate('facet.parked.event_gone')}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button variant="contained" disabled={busy} onClick={() => retry(open.id)}>
                {translate('facet.common.retry')}
              </Button>
              <Button onClick={() => setOpen(null)}>{translate('facet.common.close')}</Button>
            </Box>
          </CardContent>
        </Card>
      ) : null}
      {!list ? (
        <Typography color="text.secondary">{translate('facet.common.loading')}</Typography>
      ) : list.items.length === 0 ? (
        <Alert severity="success">{translate('facet.parked.none')}</Alert>
      ) : (
        <Card>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('facet.parked.first_failed')}</TableCell>
                <TableCell>{translate('facet.parked.consumer')}</TableCell>
                <TableCell>{translate('facet.parked.event')}</TableCell>
                <TableCell>{translate('facet.parked.stream')}</TableCell>
                <TableCell>{translate('facet.parked.error')}</TableCell>
                <TableCell>{translate('facet.parked.attempts')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.items.map((p) => (
                <TableRow key={p.id} hover sx={{ cursor: 'pointer' }} onClick={() => show(p.id)}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(p.first_failed_at)}</TableCell>
                  <TableCell>{p.consumer}</TableCell>
                  <TableCell>{p.event_type}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {p.stream_id} #{p.stream_revision}
                  </TableCell>
                  <TableCell sx={{ color: p.blocked_by ? 'text.secondary' : 'error.main', maxWidth: 360, wordBreak: 'break-word' }}>
                    {p.blocked_by ? <Chip size="small" label={translate('facet.parked.waiting')} sx={{ mr: 1 }} /> : null}
                    {p.error.length > 200 ? `${p.error.slice(0, 200)}…` : p.error}
                  </TableCell>
                  <TableCell>{p.attempts}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={(e) => {
                        e.stopPropagation();
                        void retry(p.id);
                      }}
                    >
                      {translate('facet.common.retry')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.total > 25 ? (
            <Pagination sx={{ p: 1 }} count={Math.ceil(list.total / 25)} page={page} onChange={(_e, n) => setPage(n)} />
          ) : null}
        </Card>
      )}
    </Box>
  );
}
