import { Alert, Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import { ApiError } from '../api-error';
import { actorLabel, describeChange } from './describeChange';
import { TimeTravel } from './TimeTravel';

export { actorLabel, describeChange };

/** The History tab: the record as it was at any version or moment, then every event of its stream (type, when, who, what changed). */
export function RecordHistory({ prefix }: { prefix: string }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const translate = useTranslate();
  const [events, setEvents] = useState<any[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  useEffect(() => {
    if (!record?.id) return;
    let live = true;
    dataProvider
      .streamHistory(`${prefix}-${record.id}`)
      .then((e) => live && setEvents(e))
      .catch((e: Error) => {
        if (!live) return;
        // 410: the person was erased; the API no longer shows their record as it was.
        if (e instanceof ApiError && e.status === 410) setGone(e.message);
        else setError(e.message);
      });
    return () => {
      live = false;
    };
  }, [record?.id, record?.version, record?.status, prefix, dataProvider]);
  if (gone) return <ErasedHistory message={gone} />;
  if (error) return <Typography color="error">{translate('facet.history.load_error')}</Typography>;
  if (!events) return <CircularProgress size={24} />;
  if (events.length === 0) return <Typography color="text.secondary">{translate('facet.history.no_events')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="record-history">
      <TimeTravel key={`${record?.id}-${events.length}`} streamId={`${prefix}-${record?.id}`} />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{translate('facet.history.event')}</TableCell>
            <TableCell>{translate('facet.history.when')}</TableCell>
            <TableCell>{translate('facet.history.who')}</TableCell>
            <TableCell>{translate('facet.history.what_changed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{e.revision}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{e.type}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(e.occurred_at).toLocaleString()}</TableCell>
              <TableCell>{actorLabel(e.actor)}</TableCell>
              <TableCell sx={{ color: 'text.secondary', whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: 560 }}>
                {describeChange(e.data, e.type)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** What the History tab shows for an erased person: no versions, and why. */
export function ErasedHistory({ message }: { message?: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="info" data-testid="history-erased">
      {message || translate('facet.history.erased')} {translate('facet.history.erased_why')}
    </Alert>
  );
}
