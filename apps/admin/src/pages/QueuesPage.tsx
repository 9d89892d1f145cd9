import { Alert, Box, Button, Card, CardContent, Grid, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import type { QueueOverview } from '../consoleWire';

const COUNTS = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/** The BullMQ queues: job counts and the last failures' reasons. */
export function QueuesPage() {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [queues, setQueues] = useState<QueueOverview[] | null>(null);
  const load = useCallback(
    () => dataProvider.queues().then(setQueues, () => notify(translate('facet.list.load_error'), { type: 'error' })),
    [dataProvider, notify, translate],
  );
  useEffect(() => {
    void load();
    const t = setInterval(load, 5000);
    return () => clearInterval(t);
  }, [load]);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('facet.queues.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h4">{translate('facet.queues.title')}</Typography>
        <Button onClick={load}>{translate('facet.common.refresh')}</Button>
      </Box>
      {!queues ? (
        <Typography color="text.secondary">{translate('facet.common.loading')}</Typography>
      ) : (
        <Grid container spacing={2}>
          {queues.map((q) => (
            <Grid key={q.name} size={{ xs: 12, md: 6 }}>
              <Card data-testid={`queue-${q.name}`}>
                <CardContent>
                  <Typography variant="h5" gutterBottom>
                    {q.name}
                  </Typography>
                  {q.error ? <Alert severity="warning">{q.error}</Alert> : null}
                  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1, mb: 2 }}>
                    {COUNTS.map((c) => (
                      <Box key={c} sx={{ textAlign: 'center' }}>
                        <Typography variant="h4" sx={{ color: c === 'failed' && q[c] > 0 ? 'error.main' : 'primary.main' }}>
                          {q[c]}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: '0.08em' }}>
                          {c}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                  <Typography variant="overline" color="text.secondary">
                    {translate('facet.queues.last_failures')}
                  </Typography>
                  {q.last_failed.length === 0 ? (
                    <Typography color="text.secondary">{translate('facet.queues.none')}</Typography>
                  ) : (
                    <Table size="small">
                      <TableBody>
                        {q.last_failed.map((j) => (
                          <TableRow key={j.id}>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>
                              {j.failed_at ? new Date(j.failed_at).toLocaleString() : '—'}
                            </TableCell>
                            <TableCell>{j.name}</TableCell>
                            <TableCell sx={{ color: 'error.main' }}>{j.reason ?? '—'}</TableCell>
                            <TableCell>{translate('facet.queues.tries', { count: j.attempts })}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  )}
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
