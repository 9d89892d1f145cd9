import { Box, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';

/** What an event changed, in a line: the changed fields, a status move, or the payload's keys. */
export function describeChange(data: Record<string, any> | null | undefined): string {
  if (!data) return '';
  const show = (v: unknown): string => {
    if (v === null) return '—';
    if (Array.isArray(v)) return v.length > 3 ? `${v.length} items` : v.map(show).join(', ');
    if (typeof v === 'object') return '{…}';
    const s = String(v);
    return s.length > 60 ? `${s.slice(0, 57)}…` : s;
  };
  const parts: string[] = [];
  if (data.from !== undefined || data.to !== undefined) parts.push(`${show(data.from ?? '—')} → ${show(data.to ?? data.status)}`);
  else if (data.status !== undefined) parts.push(`status: ${show(data.status)}`);
  if (data.note) parts.push(`note: “${show(data.note)}”`);
  const changes = data.changes && typeof data.changes === 'object' ? data.changes : null;
  const skip = new Set(['from', 'to', 'status', 'note', 'by', 'id', 'html', 'text']);
  const fields = Object.fromEntries(
    Object.entries(changes ?? data).filter(([k, v]) => !skip.has(k) && !k.endsWith('_id') && (v === null || typeof v !== 'object' || Array.isArray(v))),
  );
  for (const [k, v] of Object.entries(fields).slice(0, 6)) parts.push(`${k.replace(/_cents$/, '')}: ${k.endsWith('_cents') && typeof v === 'number' ? `$${(v / 100).toFixed(2)}` : show(v)}`);
  return parts.join(' · ');
}

export function actorLabel(actor: { type?: string; id?: string; name?: string | null } | undefined): string {
  if (!actor) return 'system';
  if (actor.type === 'staff') return actor.name ? `${actor.name} (staff)` : 'staff';
  return actor.type ?? 'system';
}

/** The History tab: every event of the record's stream (type, when, who, what changed). */
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
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(e.occurred_at).toLocaleString('en-US')}</TableCell>
              <TableCell>{actorLabel(e.actor)}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{describeChange(e.data)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
