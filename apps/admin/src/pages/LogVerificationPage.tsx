import { Alert, Box, Button, Card, CardContent, LinearProgress, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import type { LogVerification } from '../consoleWire';

/** The tamper-evident log: the last verification, a button to run one, and the catalogue as of a date. */
export function LogVerificationPage() {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [last, setLast] = useState<LogVerification | null | undefined>(undefined);
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  const poll = useCallback(
    () => dataProvider.lastVerification().then(setLast, (e: Error) => notify(e.message, { type: 'error' })),
    [dataProvider, notify],
  );
  useEffect(() => {
    void poll();
  }, [poll]);
  useEffect(() => {
    if (last?.status !== 'running') return;
    const t = setInterval(poll, 800);
    return () => clearInterval(t);
  }, [last?.status, poll]);
  const start = async () => {
    try {
      await dataProvider.startVerification();
      notify(translate('facet.verification.started_notice'), { type: 'info' });
      setTimeout(poll, 300);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const endOfDay = `${day}T23:59:59.999Z`;
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title={translate('facet.verification.title')} />
      <Typography variant="h4" gutterBottom>
        {translate('facet.verification.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('facet.verification.intro')}
      </Typography>
      <Card>
        <CardContent data-testid="verification-status">
          {last === undefined ? <LinearProgress /> : null}
          {last === null ? <Typography>{translate('facet.verification.never')}</Typography> : null}
          {last ? (
            <>
              {last.status === 'running' ? <LinearProgress sx={{ mb: 2 }} /> : null}
              {last.status === 'passed' ? (
                <Alert severity="success">
                  {translate('facet.verification.intact', {
                    events: Number(last.events).toLocaleString(),
                    streams: Number(last.streams).toLocaleString(),
                  })}
                  {last.events_per_second
                    ? translate('facet.verification.rate', { rate: Number(last.events_per_second).toLocaleString() })
                    : ''}
                  .
                </Alert>
              ) : null}
              {last.status === 'failed' ? (
                <Alert severity="error">
                  {translate('facet.verification.broken', {
                    breaks: last.breaks,
                    stream: last.first_break?.streamId,
                    revision: last.first_break?.revision,
                    position: last.first_break?.position,
                    reason: last.first_break?.reason,
                  })}
                </Alert>
              ) : null}
              {last.status === 'error' ? (
                <Alert severity="warning">{translate('facet.verification.error', { error: last.error })}</Alert>
              ) : null}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {last.status === 'running'
                  ? translate('facet.verification.running', { events: Number(last.events).toLocaleString() })
                  : translate('facet.verification.last_run', { at: new Date(last.finished_at ?? last.started_at).toLocaleString() })}
                {translate('facet.verification.checkpoints', { checked: last.checkpoints_checked, written: last.checkpoints_written })}
              </Typography>
            </>
          ) : null}
          <Button variant="contained" sx={{ mt: 2 }} disabled={last?.status === 'running'} onClick={start}>
            {translate('facet.verification.verify_now')}
          </Button>
        </CardContent>
      </Card>
      <Card sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6">{translate('facet.verification.catalogue_title')}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('facet.verification.catalogue_intro')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <TextField
              type="date"
              size="small"
              label={translate('facet.verification.date')}
              slotProps={{ inputLabel: { shrink: true } }}
              value={day}
              onChange={(e) => setDay(e.target.value)}
            />
            <Button
              variant="outlined"
              href={`/api/admin/audit/catalogue?format=csv&as_of=${encodeURIComponent(endOfDay)}`}
              disabled={!/^\d{4}-\d{2}-\d{2}$/.test(day)}
            >
              {translate('facet.verification.download_csv')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
