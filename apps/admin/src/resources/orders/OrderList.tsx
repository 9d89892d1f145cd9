import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  useNotify,
  useTranslate,
} from 'react-admin';
import { ORDER_STATUSES, PAYMENT_STATUSES, paymentStatusLabel } from '@facet/contracts';
import { orderRow } from '../../export/csv';
import { ListTabs } from '../../components/ListTabs';
import { EstimatedPagination } from '../../components/EstimatedPagination';
import { BulkStatusButton, csvExporter, dateRangeFilters, useIsSmall } from '../../components/listKit';
import { StatusChip, humanize } from '../../components/StatusChip';
import { bulkCancelConfirmation } from './cancelRefund';
import type { OrderRecord } from './orderRecord';
import { ApiError } from '../../api-error';

/** Shipping names a carrier and tracking number per order (issue 41): done on the order's own page, not in bulk. */
const BULK_ORDER_STATUSES = ORDER_STATUSES.filter((s) => s !== 'shipped');

/** On a phone only the search stays open; kind and payment are behind "Add filter" with the dates. */
const filters = (small: boolean) => [
  <SearchInput key="q" source="q" alwaysOn placeholder="Reference, name or e-mail" />,
  <SelectInput
    key="k"
    source="kind"
    choices={[
      { id: 'consultation', name: 'Consultation request' },
      { id: 'card', name: 'Card order' },
    ]}
    alwaysOn={!small}
  />,
  <SelectInput
    key="p"
    source="payment_status"
    choices={PAYMENT_STATUSES.map((s) => ({ id: s, name: paymentStatusLabel(s) }))}
    alwaysOn={!small}
  />,
  ...dateRangeFilters(),
];

/**
 * What the list says when it cannot load: the spec's "Error loading data", or, when the API refused the search
 * itself (a 400 naming q: a search without a letter or digit, order-search.ts), what to type instead.
 */
export function orderListErrorKey(error: unknown): string {
  if (!(error instanceof ApiError) || error.status !== 400) return 'facet.list.load_error';
  const errors = isObject(error.body) ? error.body.errors : undefined;
  return isObject(errors) && 'q' in errors ? 'facet.list.search_refused' : 'facet.list.load_error';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const clientName = (r: OrderRecord) => [r.shipping?.first_name, r.shipping?.last_name].filter(Boolean).join(' ') || '—';
const usd = (n: unknown) => (typeof n === 'number' ? n.toLocaleString(undefined, { style: 'currency', currency: 'USD' }) : '—');

export function OrderList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  return (
    <List
      title="facet.titles.orders"
      filters={filters(small)}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      pagination={<EstimatedPagination />}
      exporter={csvExporter<OrderRecord>('orders', orderRow)}
      queryOptions={{ onError: (e: unknown) => notify(translate(orderListErrorKey(e)), { type: 'error' }) }}
    >
      <ListTabs statuses={ORDER_STATUSES} />
      {small ? (
        <SimpleList
          linkType="show"
          primaryText={(r: OrderRecord) => `${r.reference} · ${clientName(r)}`}
          secondaryText={(r: OrderRecord) => `${humanize(String(r.status))} · ${paymentStatusLabel(r.payment_status)}`}
          tertiaryText={(r: OrderRecord) => usd(r.total)}
        />
      ) : (
        <Datagrid
          rowClick="show"
          bulkActionButtons={<BulkStatusButton statuses={BULK_ORDER_STATUSES} confirmFor={bulkCancelConfirmation} />}
        >
          <TextField source="reference" sortable sortBy="reference" sx={{ fontFamily: 'monospace', fontWeight: 600 }} />
          <DateField source="created_at" showTime />
          <FunctionField
            source="client"
            sortable={false}
            render={(r: OrderRecord) => (
              // Wraps anywhere (a long e-mail has no break) within a bound width: the Payment column stays in view at 1366 px.
              <span style={{ overflowWrap: 'anywhere', display: 'block', minWidth: 120, maxWidth: 260 }}>
                {clientName(r)}
                <span style={{ display: 'block', fontSize: 12 }}>{r.shipping?.email ?? ''}</span>
              </span>
            )}
          />
          <FunctionField source="kind" sortable={false} render={(r: OrderRecord) => (r.kind === 'card' ? 'Card order' : 'Consultation')} />
          <FunctionField
            source="items"
            sortable={false}
            render={(r: OrderRecord) => (r.items ?? []).reduce((n: number, i) => n + (i.quantity ?? 0), 0)}
          />
          <NumberField source="total" options={{ style: 'currency', currency: 'USD' }} />
          <StatusChip source="status" />
          <FunctionField
            source="payment_status"
            sortBy="payment_status"
            render={(r: OrderRecord) => (
              <span data-testid="payment-status">
                {/* A shopper's cancel in the shop's words; the others stay short, as the column is narrow at 1366 px. */}
                <StatusChip
                  value={r.payment_status}
                  label={r.payment_status === 'cancelled' ? paymentStatusLabel(r.payment_status) : undefined}
                />
                {r.refunded > 0 && <span style={{ display: 'block', fontSize: 12 }}>refunded {usd(Number(r.refunded))}</span>}
              </span>
            )}
          />
        </Datagrid>
      )}
    </List>
  );
}
