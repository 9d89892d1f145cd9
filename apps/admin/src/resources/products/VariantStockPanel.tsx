import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useCreatePath, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { variantLabel, type ProductVariant, type StockMovement, type StockReservation, type VariantStockLevel } from '@facet/contracts';
import type { FacetDataProvider } from '../../dataProvider';
import { AdjustStockDialog } from './AdjustStockDialog';

/**
 * The product page's stock: each stocked variant's units on hand, reserved by unpaid orders and available,
 * "Adjust stock" with a reason, and its ledger (every movement, who, when, which order, why) and open reservations.
 */
export function VariantStockPanel() {
  const record = useRecordContext<{ id: string; variants?: ProductVariant[] }>();
  const translate = useTranslate();
  const stocked: ProductVariant[] = (record?.variants ?? []).filter((v) => v.id && v.available !== null && v.available !== undefined);
  if (!record || !stocked.length) return null;
  return (
    <Box component="section" aria-labelledby="stock-heading" sx={{ width: '100%', minWidth: 0 }}>
      <Typography id="stock-heading" variant="h6" component="h2">
        {translate('facet.stock.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('facet.stock.intro')}
      </Typography>
      {stocked.map((v) => (
        <VariantStock key={v.id} variant={v} />
      ))}
    </Box>
  );
}

function VariantStock({ variant }: { variant: ProductVariant }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const label = variantLabel(variant.options) || variant.sku;
  const [level, setLevel] = useState<VariantStockLevel | null>(null);
  const [failed, setFailed] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [history, setHistory] = useState<{ ledger: StockMovement[]; reservations: StockReservation[] } | null>(null);
  const [showHistory, setShowHistory] = useState(false);

  const loadHistory = async () => {
    const [ledger, reservations] = await Promise.all([
      dataProvider.stockLedger(variant.id),
      dataProvider.stockReservations(variant.id, 'open'),
    ]);
    setHistory({ ledger, reservations });
  };

  useEffect(() => {
    dataProvider
      .variantStock(variant.id)
      .then(setLevel)
      .catch(() => setFailed(true));
  }, [dataProvider, variant.id]);

  const headingId = `stock-${variant.id}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={`stock-${variant.sku}`}
      sx={{ borderTop: 1, borderColor: 'divider', py: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography id={headingId} component="h3" variant="subtitle2" sx={{ flex: '1 1 200px' }}>
          {label}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            {variant.sku}
          </Typography>
        </Typography>
        {level ? (
          <Box
            component="dl"
            sx={{ display: 'flex', gap: 2, m: 0, '& dd': { m: 0, fontWeight: 600 }, '& dt': { color: 'text.secondary' } }}
          >
            {(['on_hand', 'reserved', 'available'] as const).map((k) => (
              <Box key={k}>
                <Typography component="dt" variant="caption">
                  {translate(`facet.stock.${k}`)}
                </Typography>
                <Typography component="dd" data-testid={`stock-${k}`}>
                  {level[k]}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color={failed ? 'error' : 'text.secondary'}>
            {translate(failed ? 'facet.stock.load_error' : 'facet.common.loading')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setAdjusting(true)}
            aria-label={translate('facet.stock.adjust_for', { label })}
          >
            {translate('facet.stock.adjust_button')}
          </Button>
          <Button
            size="small"
            aria-expanded={showHistory}
            aria-label={translate('facet.stock.history_for', { label })}
            onClick={() => {
              if (!showHistory) loadHistory().catch(() => setFailed(true));
              setShowHistory(!showHistory);
            }}
          >
            {translate('facet.stock.history')}
          </Button>
        </Box>
      </Box>
      {showHistory && history && <StockHistory label={label} ledger={history.ledger} reservations={history.reservations} />}
      <AdjustStockDialog
        variantId={variant.id}
        label={label}
        open={adjusting}
        onClose={() => setAdjusting(false)}
        onDone={(next) => {
          if (next && typeof next.on_hand === 'number') setLevel(next);
          else dataProvider.variantStock(variant.id).then(setLevel, () => setFailed(true));
          if (showHistory) loadHistory().catch(() => setFailed(true));
        }}
      />
    </Box>
  );
}

/** How long a reservation has been held, in whole hours under two days and whole days after (issue 49). */
export function holdAge(createdAt: string, now: number = Date.now()): string {
  const hours = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 3_600_000));
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/** The ledger and open reservations of one variant; on a phone the tables scroll inside their own region. */
function StockHistory({ label, ledger, reservations }: { label: string; ledger: StockMovement[]; reservations: StockReservation[] }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const orderLink = (id: string | null, reference?: string | null) =>
    id ? <Link to={createPath({ resource: 'orders', id, type: 'show' })}>{reference || id.slice(0, 8)}</Link> : '—';
  const when = (at: string) => new Date(at).toLocaleString();
  const region = (name: string) => ({
    role: 'region',
    tabIndex: 0,
    'aria-label': name,
    // inline-size containment: the table scrolls inside, never widening the form (and the page on a phone).
    sx: { overflowX: 'auto', mt: 1, width: '100%', contain: 'inline-size' },
  });
  return (
    <Box>
      <Box {...region(translate('facet.stock.ledger_of', { label }))}>
        <Table size="small">
          <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>{translate('facet.stock.ledger')}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{translate('facet.stock.when')}</TableCell>
              <TableCell>{translate('facet.stock.movement')}</TableCell>
              <TableCell align="right">{translate('facet.stock.units')}</TableCell>
              <TableCell>{translate('facet.stock.order')}</TableCell>
              <TableCell>{translate('facet.stock.who')}</TableCell>
              <TableCell>{translate('facet.stock.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ledger.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{translate('facet.stock.no_movements')}</TableCell>
              </TableRow>
            )}
            {ledger.map((m, i) => (
              <TableRow key={i} data-testid="ledger-row">
                <TableCell>{when(m.at)}</TableCell>
                <TableCell>{translate(`facet.stock.kind.${m.kind}`, { _: m.kind })}</TableCell>
                <TableCell align="right">
                  {m.quantity > 0 && (m.kind === 'adjusted' || m.kind === 'returned') ? `+${m.quantity}` : m.quantity}
                </TableCell>
                <TableCell>{orderLink(m.order_id, m.order_reference)}</TableCell>
                <TableCell>{m.by ?? '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.reason ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box {...region(translate('facet.stock.reservations_of', { label }))}>
        <Table size="small">
          <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>{translate('facet.stock.reservations')}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{translate('facet.stock.order')}</TableCell>
              <TableCell align="right">{translate('facet.stock.units')}</TableCell>
              <TableCell>{translate('facet.stock.since')}</TableCell>
              <TableCell>{translate('facet.stock.age')}</TableCell>
              <TableCell>{translate('facet.stock.hold')}</TableCell>
              <TableCell>{translate('facet.stock.expires')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {reservations.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{translate('facet.stock.no_reservations')}</TableCell>
              </TableRow>
            )}
            {reservations.map((r) => (
              <TableRow key={r.order_id} data-testid="reservation-row">
                <TableCell>{orderLink(r.order_id, r.order_reference)}</TableCell>
                <TableCell align="right">{r.quantity}</TableCell>
                <TableCell>{when(r.created_at)}</TableCell>
                <TableCell data-testid="reservation-age">{holdAge(r.created_at)}</TableCell>
                <TableCell data-testid="reservation-hold">
                  {r.hold_confirmed_by
                    ? translate('facet.stock.hold_confirmed', { by: r.hold_confirmed_by })
                    : translate('facet.stock.hold_not_confirmed')}
                </TableCell>
                <TableCell>{r.expires_at ? when(r.expires_at) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
