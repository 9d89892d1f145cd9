import { Alert, Box, Slider, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import type { RecordAsOf, RecordDiff, RecordVersion } from '../consoleWire';
import { CorrelationLink } from './CorrelationLink';
import { actorLabel } from './describeChange';

/** A state as rows of field paths, so nested fields (fields.price_cents) read as one line each. */
function flatten(value: unknown, prefix = '', out: [string, unknown][] = []): [string, unknown][] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out.push([prefix, value]);
  return out;
}

export function showValue(field: string, v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (field.endsWith('_cents') && typeof v === 'number') return `$${(v / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  if (Array.isArray(v)) return v.length === 0 ? '(none)' : v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  const primitive: unknown = v; // text, a number, a boolean
  return String(primitive);
}

/** The datetime-local input's value for an ISO moment, in the browser's time zone. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/**
 * The record as it was: a slider over its versions (or any date and time), the state folded by the API
 * with the write side's own evolve, and what changed from the version before (who, when, why).
 */
export function TimeTravel({ streamId }: { streamId: string }) {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const translate = useTranslate();
  const [versions, setVersions] = useState<RecordVersion[] | null>(null);
  // What to show: a version picked on the slider, or a moment typed in the date picker.
  const [pick, setPick] = useState<{ revision: number } | { asOf: string } | null>(null);
  const [view, setView] = useState<RecordAsOf | null>(null);
  const [diff, setDiff] = useState<RecordDiff | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    dataProvider.recordAsOf(streamId).then(
      (r) => {
        if (!live) return;
        setVersions(r.versions);
        setView(r);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [streamId, dataProvider]);

  useEffect(() => {
    if (!pick) return;
    let live = true;
    const request =
      'revision' in pick ? dataProvider.recordAsOf(streamId, undefined, pick.revision) : dataProvider.recordAsOf(streamId, pick.asOf);
    request.then(
      (r) => live && setView(r),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [pick, streamId, dataProvider]);

  const revision: number = view?.revision ?? -1;
  useEffect(() => {
    if (revision < 0 || view?.kind === null) return setDiff(null);
    let live = true;
    dataProvider.recordDiff(streamId, revision - 1, revision).then(
      (d) => live && setDiff(d),
      () => live && setDiff(null),
    );
    return () => {
      live = false;
    };
  }, [revision, streamId, view?.kind, dataProvider]);

  const rows = useMemo(() => flatten(view?.state), [view]);
  if (error) return <Alert severity="info">{error}</Alert>;
  if (!versions || !view) return null;
  if (versions.length === 0 || view.kind === null) return null;
  const last = versions.length - 1;
  const current = versions[Math.max(0, revision)];

  return (
    // Long values (a product's variants as JSON) wrap anywhere, so the tables never widen a phone's page.
    <Box data-testid="time-travel" sx={{ my: 2, minWidth: 0, '& td': { overflowWrap: 'anywhere' } }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('facet.history.as_it_was')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 260px', px: 1 }}>
          <Slider
            aria-label={translate('facet.history.version')}
            data-testid="version-slider"
            min={0}
            max={last}
            step={1}
            marks
            value={Math.max(0, revision)}
            disabled={last === 0}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => translate('facet.history.version_n', { n: v })}
            onChange={(_, v) => {
              const n = v;
              if (versions[n] && n !== revision) setPick({ revision: n });
            }}
          />
        </Box>
        <TextField
          label={translate('facet.history.or_as_of')}
          type="datetime-local"
          size="small"
          slotProps={{ htmlInput: { step: 1, 'data-testid': 'as-of-input' }, inputLabel: { shrink: true } }}
          value={toLocalInput(view.as_of ?? current?.occurred_at ?? new Date().toISOString())}
          onChange={(e) => {
            const d = new Date(e.target.value);
            if (!Number.isNaN(d.getTime())) setPick({ asOf: d.toISOString() });
          }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="as-of-caption">
        {revision < 0
          ? translate('facet.history.not_yet')
          : translate('facet.history.caption', {
              revision,
              last,
              type: current?.type,
              at: new Date(current?.occurred_at).toLocaleString(),
              actor: actorLabel(current?.actor),
            })}
      </Typography>
      <Table size="small" data-testid="as-of-state">
        <TableBody>
          {rows.map(([field, value]) => (
            <TableRow key={field}>
              <TableCell sx={{ color: 'text.secondary', width: '40%' }}>{field}</TableCell>
              <TableCell data-field={field}>{showValue(field, value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {diff && diff.changes.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">{translate('facet.history.changed_in', { revision })}</Typography>
          <Table size="small" data-testid="version-diff">
            <TableHead>
              <TableRow>
                <TableCell>{translate('facet.history.field')}</TableCell>
                <TableCell>{translate('facet.history.before')}</TableCell>
                <TableCell>{translate('facet.history.after')}</TableCell>
                <TableCell>{translate('facet.history.who_when_why')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {diff.changes.map((c) => (
                <TableRow key={c.field}>
                  <TableCell>{c.field}</TableCell>
                  <TableCell>{showValue(c.field, c.before)}</TableCell>
                  <TableCell>{showValue(c.field, c.after)}</TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>
                    {actorLabel(c.by.actor)} · {new Date(c.by.occurred_at).toLocaleString()} · {c.by.type} ·{' '}
                    <CorrelationLink id={c.by.correlation_id} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
    </Box>
  );
}
