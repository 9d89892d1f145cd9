import { Box, Button, Card, CardContent, Divider, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DateField, Show, TabbedShowLayout, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { FacetDataProvider } from '../../dataProvider';
import { carrierById, ORDER_TRANSITIONS, paymentStatusLabel, variantLabel } from '@facet/contracts';
import { RecordHistory } from '../../components/RecordHistory';
import { StatusActions } from '../../components/StatusActions';
import { StatusChip } from '../../components/StatusChip';
import { cancelConfirmation } from './cancelRefund';
import type { OrderRecord } from './orderRecord';
import { RefundPanel } from './RefundPanel';

const usd = (n: number | undefined | null) =>
  typeof n === 'number' ? n.toLocaleString(undefined, { style: 'currency', currency: 'USD' }) : '—';

/** What was ordered (each line with its size and engraving), where it goes, and the money. */
export function OrderSummary() {
  const r = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!r) return null;
  const s = r.shipping ?? {};
  return (
    <Grid container spacing={2}>
      {/* The items table scrolls inside its own column on a phone rather than being cut off at the screen's edge;
          a region in the tab order, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
      <Grid
        size={{ xs: 12, md: 7 }}
        sx={{ minWidth: 0, overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={translate('facet.order.items')}
      >
        <Typography variant="overline" color="text.secondary">
          {translate('facet.order.items')}
        </Typography>
        <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('facet.order.piece')}</TableCell>
              <TableCell align="right">{translate('facet.order.qty')}</TableCell>
              <TableCell align="right">{translate('facet.order.price')}</TableCell>
              <TableCell align="right">{translate('facet.order.line')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(r.items ?? []).map((i, n) => (
              <TableRow key={`${i.product_id}-${n}`}>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                    {i.image ? <img src={i.image} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
                    <Box>
                      {i.name ?? i.product_name}
                      {/* The size (or other options) and the engraving the atelier must make. */}
                      {i.variant_options && variantLabel(i.variant_options) ? (
                        <Typography variant="body2" color="text.secondary">
                          {variantLabel(i.variant_options)}
                        </Typography>
                      ) : null}
                      {i.engraving ? (
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {translate('facet.order.engraving')}: “{i.engraving}”
                        </Typography>
                      ) : null}
                    </Box>
                  </Box>
                </TableCell>
                <TableCell align="right">{i.quantity}</TableCell>
                <TableCell align="right">{usd(i.price)}</TableCell>
                <TableCell align="right">{usd(i.price * i.quantity)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={3} align="right">
                {translate('facet.order.subtotal')}
              </TableCell>
              <TableCell align="right">{usd(r.subtotal)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell colSpan={3} align="right">
                {translate('facet.order.shipping')}
              </TableCell>
              <TableCell align="right">{usd(r.shipping_cost)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell colSpan={3} align="right">
                {translate('facet.order.tax')}
              </TableCell>
              <TableCell align="right">{usd(r.tax)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell colSpan={3} align="right" sx={{ fontWeight: 700 }}>
                {translate('facet.order.total')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {usd(r.total)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              {translate('facet.order.contact')}
            </Typography>
            <Typography variant="h6">{[s.first_name, s.last_name].filter(Boolean).join(' ') || translate('facet.list.erased')}</Typography>
            <Typography>{s.email ?? '—'}</Typography>
            <Typography>{s.phone ?? '—'}</Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {[s.address, s.apartment, s.city, s.state, s.zip_code, s.country].filter(Boolean).join(', ') ||
                translate('facet.order.no_address')}
            </Typography>
            <Divider sx={{ my: 1.5 }} />
            <Typography variant="body2">
              {translate('facet.order.kind', {
                kind: translate(r.kind === 'card' ? 'facet.order.card_order' : 'facet.order.consultation_request'),
              })}
            </Typography>
            {/* The payment status in the shop's words (a shopper's cancel is "Cancelled by the shopper"), and the
                card the provider charged (the API's last_4: never the digits typed with the order). */}
            <Typography variant="body2" data-testid="order-payment">
              {translate('facet.order.payment', { status: paymentStatusLabel(String(r.payment_status ?? '')) })}
              {r.last_4 ? translate('facet.order.card_ending', { last_4: r.last_4 }) : ''}
            </Typography>
            <Typography variant="body2">{translate('facet.order.reference', { reference: r.reference })}</Typography>
            {r.refunded > 0 && (
              <Typography variant="body2" color="error">
                {translate(r.status === 'cancelled' ? 'facet.order.refunded_cancelled' : 'facet.order.refunded', {
                  amount: Number(r.refunded).toFixed(2),
                })}
              </Typography>
            )}
            {/* Between the cancel (OrderRefundRequested) and the provider's refund (PaymentRefunded). */}
            {r.payment_status === 'refunded' && !(r.refunded > 0) && (
              <Typography variant="body2" color="error" data-testid="refund-requested">
                {translate('facet.order.refund_requested', { amount: usd(r.total) })}
              </Typography>
            )}
            {/* A dispute opened on the payment (charge.dispute.created): flagged until staff answer it at the provider. */}
            {r.disputed_at && (
              <Typography variant="body2" color="error" role="status" data-testid="order-disputed">
                {translate('facet.order.disputed', { date: new Date(r.disputed_at).toLocaleString() })}
              </Typography>
            )}
            {r.tracking_number && (
              <Typography variant="body2" data-testid="order-shipment">
                {translate('facet.order.shipped_with', { carrier: carrierById(r.carrier)?.name ?? r.carrier })}{' '}
                {r.tracking_url ? (
                  <a href={r.tracking_url} target="_blank" rel="noopener noreferrer">
                    {r.tracking_number}
                  </a>
                ) : (
                  r.tracking_number
                )}
              </Typography>
            )}
            {r.can_pay && r.pay_by && (
              <Typography variant="body2">
                {translate('facet.order.awaiting_payment', { at: new Date(r.pay_by).toLocaleString() })}
              </Typography>
            )}
            <Typography variant="body2">
              {translate('facet.order.received')} <DateField source="created_at" showTime />
            </Typography>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

/** The header: "Order 5D2C9A4E" for a card order, "Consultation request 5D2C9A4E" for a consultation. */
export const Title = () => {
  const r = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!r) return <span />;
  const reference = r.reference || String(r.id).slice(0, 8).toUpperCase();
  return <span>{translate(r.kind === 'card' ? 'facet.order.title_card' : 'facet.order.title_consultation', { reference })}</span>;
};

/** The consultation statuses whose pieces are still held (issue 49): staff may confirm the hold there. */
const HELD_CONSULTATION = ['consultation_requested', 'contacted', 'quoted'];

/**
 * "Confirm hold": keeps an open consultation request's pieces held past CONSULTATION_HOLD_HOURS (recorded with who
 * did it, in the history tab). A hold that already lapsed is refused by the API and its message shown.
 */
export function ConfirmHoldButton() {
  const r = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FacetDataProvider>();
  if (!r || r.kind !== 'consultation' || !HELD_CONSULTATION.includes(String(r.status))) return null;
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={() =>
        dataProvider.confirmConsultationHold(String(r.id)).then(
          () => {
            notify('facet.order.hold_confirmed', { type: 'success' });
            refresh();
          },
          (err: unknown) => notify(err instanceof Error ? err.message : 'facet.order.hold_confirm_failed', { type: 'error' }),
        )
      }
    >
      {translate('facet.order.confirm_hold')}
    </Button>
  );
}

export function OrderShow() {
  const translate = useTranslate();
  return (
    <Show title={<Title />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="facet.show.request">
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Typography variant="h5">{translate('facet.show.status')}</Typography>
            <StatusChip />
          </Box>
          <StatusActions resource="orders" transitions={ORDER_TRANSITIONS} confirmFor={cancelConfirmation} orderExtras />
          <ConfirmHoldButton />
          <OrderSummary />
          <RefundPanel />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="facet.show.history" path="history">
          <RecordHistory prefix="order" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
