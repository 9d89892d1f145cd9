import { Alert, Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import type { AuditEvent } from '../consoleWire';
import { ApiError } from '../api-error';
import { CorrelationLink } from './CorrelationLink';
import { useIsSmall } from './listKit';
import { actorLabel, describeChange } from './describeChange';
import { TimeTravel } from './TimeTravel';

export { actorLabel, describeChange };

/** The History tab: the record as it was at any version or moment, then every event of its stream (type, when, who, what changed). */
export function RecordHistory({ prefix }: { prefix: string }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const translate = useTranslate();
  const [events, setEvents] = useState<AuditEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const small = useIsSmall();
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
      {small ? <EventCards events={events} /> : <EventTable events={events} />}
    </Box>
  );
}

/** The events as a table (a tablet and up): number, type and its conversation, when, who, what changed. */
function EventTable({ events }: { events: AuditEvent[] }) {
  const translate = useTranslate();
  return (
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
            <TableCell>
              <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {e.type}
              </Box>
              {/* The conversation it belongs to: the request and what it caused, in the audit log. */}
              <Typography variant="caption">
                <CorrelationLink id={e.correlation_id} />
              </Typography>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(e.occurred_at).toLocaleString()}</TableCell>
            <TableCell>{actorLabel(e.actor)}</TableCell>
            <TableCell sx={{ color: 'text.secondary', whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: 560 }}>
              {describeChange(e.data, e.type)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The events on a phone, one card each: five columns of a table made every row a narrow tower wider than the screen. */
function EventCards({ events }: { events: AuditEvent[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, mt: 2, p: 0 }} data-testid="history-events">
      {events.map((e) => (
        <Box component="li" key={e.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {e.revision} · {e.type}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {new Date(e.occurred_at).toLocaleString()} · {actorLabel(e.actor)}
          </Typography>
          <Typography variant="body2">{describeChange(e.data, e.type)}</Typography>
          <Typography variant="caption">
            <CorrelationLink id={e.correlation_id} />
          </Typography>
        </Box>
      ))}
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
