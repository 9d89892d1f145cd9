import { Alert, Box, Button, Card, CardContent, LinearProgress, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';

/** The tamper-evident log: the last verification, a button to run one, and the catalogue as of a date. */
export function LogVerificationPage() {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const [last, setLast] = useState<any>(undefined);
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  const poll = useCallback(() => dataProvider.lastVerification().then(setLast, (e: Error) => notify(e.message, { type: 'error' })), [dataProvider, notify]);
  useEffect(() => {
    poll();
  }, [poll]);
  useEffect(() => {
    if (last?.status !== 'running') return;
    const t = setInterval(poll, 800);
    return () => clearInterval(t);
  }, [last?.status, poll]);
  const start = async () => {
    try {
      await dataProvider.startVerification();
      notify('Verification started', { type: 'info' });
      setTimeout(poll, 300);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const endOfDay = `${day}T23:59:59.999Z`;
  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <Title title="Log verification" />
      <Typography variant="h4" gutterBottom>Verify the event log</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every event carries a hash chained to the event before it in its record, and checkpoints cover the whole log in order. A verification
        recomputes them all and names the first event that no longer matches.
      </Typography>
      <Card>
        <CardContent data-testid="verification-status">
          {last === undefined ? <LinearProgress /> : null}
          {last === null ? <Typography>The log has not been verified yet.</Typography> : null}
          {last ? (
            <>
              {last.status === 'running' ? <LinearProgress sx={{ mb: 2 }} /> : null}
              {last.status === 'passed' ? (
                <Alert severity="success">
                  Intact: {Number(last.events).toLocaleString()} events in {Number(last.streams).toLocaleString()} records verified
                  {last.events_per_second ? ` (${Number(last.events_per_second).toLocaleString()} events/s)` : ''}.
                </Alert>
              ) : null}
              {last.status === 'failed' ? (
                <Alert severity="error">
                  Broken: {last.breaks} link(s). First: record {last.first_break?.streamId}, version {last.first_break?.revision}, position {last.first_break?.position} — {last.first_break?.reason}
                </Alert>
              ) : null}
              {last.status === 'error' ? <Alert severity="warning">The verification could not finish: {last.error}</Alert> : null}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {last.status === 'running' ? `Running: ${Number(last.events).toLocaleString()} events so far` : `Last run ${new Date(last.finished_at ?? last.started_at).toLocaleString()}`}
                {` · checkpoints checked ${last.checkpoints_checked}, recorded ${last.checkpoints_written}`}
              </Typography>
            </>
          ) : null}
          <Button variant="contained" sx={{ mt: 2 }} disabled={last?.status === 'running'} onClick={start}>
            Verify now
          </Button>
        </CardContent>
      </Card>
      <Card sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6">The catalogue as of a date</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>Names, prices and stock at the end of a day (UTC), replayed from the products' events.</Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <TextField type="date" size="small" label="Date" slotProps={{ inputLabel: { shrink: true } }} value={day} onChange={(e) => setDay(e.target.value)} />
            <Button variant="outlined" href={`/api/admin/audit/catalogue?format=csv&as_of=${encodeURIComponent(endOfDay)}`} disabled={!/^\d{4}-\d{2}-\d{2}$/.test(day)}>
              Download CSV
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
