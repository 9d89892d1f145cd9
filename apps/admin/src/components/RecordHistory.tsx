import { Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import { describeChange } from './describeChange';
import { TimeTravel } from './TimeTravel';

export { describeChange };

export function actorLabel(actor: { type?: string; id?: string; name?: string | null } | undefined): string {
  if (!actor) return 'system';
  if (actor.type === 'staff') return actor.name ? `${actor.name} (staff)` : 'staff';
  return actor.type ?? 'system';
}

/** The History tab: the record as it was at any version or moment, then every event of its stream (type, when, who, what changed). */
export function RecordHistory({ prefix }: { prefix: string }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const [events, setEvents] = useState<any[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!record?.id) return;
    let live = true;
    dataProvider
      .streamHistory(`${prefix}-${record.id}`)
      .then((e) => live && setEvents(e))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [record?.id, record?.version, record?.status, prefix, dataProvider]);
  if (error) return <Typography color="error">Error loading data</Typography>;
  if (!events) return <CircularProgress size={24} />;
  if (events.length === 0) return <Typography color="text.secondary">No events recorded yet.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="record-history">
      <TimeTravel key={`${record?.id}-${events.length}`} streamId={`${prefix}-${record?.id}`} />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>When</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What changed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{e.revision}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{e.type}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(e.occurred_at).toLocaleString()}</TableCell>
              <TableCell>{actorLabel(e.actor)}</TableCell>
              <TableCell sx={{ color: 'text.secondary', whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: 560 }}>{describeChange(e.data, e.type)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
