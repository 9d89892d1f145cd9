import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import type { ReplayStatus } from '../consoleWire';
import { humanize } from '../components/StatusChip';

/** Rebuild every read model from the event log, with live progress. */
export function ReplayPage() {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [status, setStatus] = useState<ReplayStatus | null>(null);
  const [confirm, setConfirm] = useState(false);
  const poll = useCallback(
    () => dataProvider.replayStatus().then(setStatus, (e: Error) => notify(e.message, { type: 'error' })),
    [dataProvider, notify],
  );
  useEffect(() => {
    void poll();
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
      notify(translate('facet.replay.started_notice'), { type: 'info' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title={translate('facet.replay.title')} />
      <Typography variant="h4" gutterBottom>
        {translate('facet.replay.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('facet.replay.intro')}
      </Typography>
      <Card>
        <CardContent>
          {status ? (
            <Box data-testid="replay-status">
              <Typography variant="overline" color="text.secondary">
                {translate('facet.replay.phase')}
              </Typography>
              <Typography variant="h5" sx={{ mb: 1 }}>
                {humanize(status.phase)}
                {status.projection ? ` · ${status.projection}` : ''}
              </Typography>
              {status.running ? (
                status.phase === 'replaying' && status.total ? (
                  <LinearProgress variant="determinate" value={Math.min(100, (100 * status.events) / status.total)} sx={{ mb: 2 }} />
                ) : (
                  <LinearProgress sx={{ mb: 2 }} />
                )
              ) : null}
              <Typography>
                {translate('facet.replay.events')} <b>{status.events.toLocaleString()}</b>
                {status.total ? ` ${translate('facet.replay.of_total', { total: Number(status.total).toLocaleString() })}` : ''} ·{' '}
                {translate('facet.replay.events_per_second', { rate: status.events_per_second.toLocaleString() })}
                {status.running && typeof status.eta_seconds === 'number'
                  ? ` · ${translate('facet.replay.eta', { seconds: status.eta_seconds.toLocaleString() })}`
                  : ''}
              </Typography>
              {status.started_at ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('facet.replay.started', { at: new Date(status.started_at).toLocaleString() })}
                  {status.finished_at
                    ? ` · ${translate('facet.replay.finished', { at: new Date(status.finished_at).toLocaleString() })}`
                    : ''}
                </Typography>
              ) : null}
              {status.result ? (
                <Alert severity="success" sx={{ mt: 2 }}>
                  {translate('facet.replay.done', {
                    events: Number(status.result.events).toLocaleString(),
                    seconds: Number(status.result.seconds).toFixed(2),
                    rate: Number(status.result.eventsPerSecond).toLocaleString(),
                  })}
                </Alert>
              ) : null}
              {status.error ? (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {status.error}
                </Alert>
              ) : null}
            </Box>
          ) : (
            <LinearProgress />
          )}
          <Button variant="contained" sx={{ mt: 2 }} disabled={!status || status.running} onClick={() => setConfirm(true)}>
            {translate('facet.replay.start')}
          </Button>
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirm}
        title="facet.replay.confirm_title"
        content="facet.replay.confirm_content"
        onConfirm={start}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}
