import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useDataProvider, useNotify } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import { humanize } from '../components/StatusChip';

/** Rebuild every read model from the event log, with live progress. */
export function ReplayPage() {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const [status, setStatus] = useState<any>(null);
  const [confirm, setConfirm] = useState(false);
  const poll = useCallback(() => dataProvider.replayStatus().then(setStatus, (e: Error) => notify(e.message, { type: 'error' })), [dataProvider, notify]);
  useEffect(() => {
    poll();
  }, [poll]);
  useEffect(() => {
    if (!status?.running) return;
    const t = setInterval(poll, 700);
    return () => clearInterval(t);
  }, [status?.running, poll]);
  const start = async () => {
    setConfirm(false);
    try {
      setStatus(await dataProvider.startReplay());
      notify('Replay started', { type: 'info' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title="Replay" />
      <Typography variant="h4" gutterBottom>Replay the event log</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Rebuilds every read model from the events into fresh tables, then swaps them in. The shop stays open meanwhile.
      </Typography>
      <Card>
        <CardContent>
          {status ? (
            <Box data-testid="replay-status">
              <Typography variant="overline" color="text.secondary">Phase</Typography>
              <Typography variant="h5" sx={{ mb: 1 }}>{humanize(status.phase)}{status.projection ? ` · ${status.projection}` : ''}</Typography>
              {status.running ? <LinearProgress sx={{ mb: 2 }} /> : null}
              <Typography>Events: <b>{status.events.toLocaleString()}</b> · {status.events_per_second.toLocaleString()} events/s</Typography>
              {status.started_at ? <Typography variant="body2" color="text.secondary">Started {new Date(status.started_at).toLocaleString()}{status.finished_at ? ` · finished ${new Date(status.finished_at).toLocaleString()}` : ''}</Typography> : null}
              {status.result ? (
                <Alert severity="success" sx={{ mt: 2 }}>
                  Replayed {Number(status.result.events).toLocaleString()} events in {Number(status.result.seconds).toFixed(2)} s ({Number(status.result.eventsPerSecond).toLocaleString()} events/s).
                </Alert>
              ) : null}
              {status.error ? <Alert severity="error" sx={{ mt: 2 }}>{status.error}</Alert> : null}
            </Box>
          ) : (
            <LinearProgress />
          )}
          <Button variant="contained" sx={{ mt: 2 }} disabled={!status || status.running} onClick={() => setConfirm(true)}>
            Start replay
          </Button>
        </CardContent>
      </Card>
      <Confirm isOpen={confirm} title="Start a replay?" content="Every read model will be rebuilt from the event log and swapped in." onConfirm={start} onClose={() => setConfirm(false)} />
    </Box>
  );
}
