import { Button, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import {
  BulkDeleteWithConfirmButton,
  DateInput,
  downloadCSV,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdateMany,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { BulkActionError } from '../api-error';
import { flattenRecord, recordsCsv, type CsvRow } from '../export/csv';
import { localDayBound } from './localDay';
import { MoveConfirm, type AskedMove, type ConfirmSpec } from './StatusActions';
import { humanize } from './StatusChip';

/** Phones get SimpleList instead of a table that scrolls sideways. */
export const useIsSmall = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** A CSV exporter for a list: one row per record (flattened unless told how), named after the list and today. */
export function csvExporter<T = Record<string, unknown>>(name: string, toRow?: (record: T) => CsvRow): Exporter<T & RaRecord> {
  const row = toRow ?? (flattenRecord as (record: T) => CsvRow);
  return async (records: T[]) => downloadCSV(await recordsCsv(records, row), `${name}-${new Date().toISOString().slice(0, 10)}`);
}

/** "Received from / until" filters (from and to on the API), days in the browser's time zone. */
export const dateRangeFilters = () => [
  <DateInput key="from" source="from" parse={(v: string) => localDayBound(v, false)} />,
  <DateInput key="to" source="to" parse={(v: string) => localDayBound(v, true)} />,
];

/** What a bulk action's failure tells: each failed record and why; the ones that went through are unselected. */
function useBulkFailure() {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { onSelect } = useListContext();
  return (error: unknown) => {
    if (error instanceof BulkActionError) {
      notify(translate('facet.bulk.partly_failed', { detail: error.message }), {
        type: 'error',
        autoHideDuration: 15_000,
        multiLine: true,
      });
      onSelect(error.failed.map((f) => f.id));
    } else {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
    }
    refresh();
  };
}

/**
 * Moves every selected record to one status, through the API's own status command for each; a move that
 * `confirmFor` names (cancelling orders, which refunds the paid ones) waits for a confirmation first.
 */
export function BulkStatusButton({
  statuses,
  confirmFor,
}: {
  statuses: readonly string[];
  confirmFor?: (status: string, selected: (RaRecord | undefined)[]) => ConfirmSpec | null;
}) {
  const { selectedIds, resource, onUnselectItems, data } = useListContext<RaRecord>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asking, setAsking] = useState<AskedMove>(null);
  const [updateMany, { isPending }] = useUpdateMany();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const failed = useBulkFailure();
  const ask = (status: string) => {
    setAnchor(null);
    const rows: RaRecord[] = data ?? [];
    const selected = selectedIds.map((id) => rows.find((r) => r.id === id));
    const spec = confirmFor?.(status, selected);
    if (spec) setAsking({ status, spec });
    else move(status);
  };
  const move = (status: string, done?: ConfirmSpec['done']) => {
    setAsking(null);
    void updateMany(
      resource,
      { ids: selectedIds, data: { status } },
      {
        mutationMode: 'pessimistic',
        onSuccess: (ids) => {
          const moved = (ids as unknown[])?.length ?? selectedIds.length;
          if (done) notify(done.message, { type: 'success', messageArgs: { ...done.values, moved }, autoHideDuration: 10_000 });
          else notify(translate('facet.bulk.status_done', { smart_count: moved, status: humanize(status) }), { type: 'success' });
          onUnselectItems();
          refresh();
        },
        onError: failed,
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={isPending}
        aria-haspopup="menu"
        aria-controls={anchor ? 'bulk-status-menu' : undefined}
      >
        {translate('facet.bulk.change_status')}
      </Button>
      <Menu id="bulk-status-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {statuses.map((s) => (
          <MenuItem key={s} onClick={() => ask(s)}>
            {translate('facet.bulk.status_to', { status: humanize(s) })}
          </MenuItem>
        ))}
      </Menu>
      <MoveConfirm asking={asking} loading={isPending} onConfirm={move} onClose={() => setAsking(null)} />
    </>
  );
}

/** Marks every selected message handled. */
export function BulkMarkHandledButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const [updateMany, { isPending }] = useUpdateMany();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const failed = useBulkFailure();
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={() =>
        updateMany(
          'messages',
          { ids: selectedIds, data: { handled: true } },
          {
            mutationMode: 'pessimistic',
            onSuccess: (ids) => {
              notify(translate('facet.bulk.handled_done', { smart_count: (ids as unknown[])?.length ?? selectedIds.length }), {
                type: 'success',
              });
              onUnselectItems();
              refresh();
            },
            onError: failed,
          },
        )
      }
    >
      {translate('facet.bulk.mark_handled')}
    </Button>
  );
}

/** Deletes the selected products after a confirmation that says it cannot be undone. */
export function BulkDeleteProductsButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const failed = useBulkFailure();
  return (
    <BulkDeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle={translate('facet.bulk.delete_products_title', { smart_count: selectedIds.length })}
      confirmContent={translate('facet.bulk.delete_products_content')}
      mutationOptions={{
        onSuccess: () => {
          notify(translate('facet.bulk.deleted_products', { smart_count: selectedIds.length }), { type: 'success' });
          onUnselectItems();
          refresh();
        },
        onError: failed,
      }}
    />
  );
}
