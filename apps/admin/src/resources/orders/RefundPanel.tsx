import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { FacetDataProvider, OrderRefunds } from '../../dataProvider';
import type { OrderRecord } from './orderRecord';

const dollars = (cents: number) => (cents / 100).toLocaleString(undefined, { style: 'currency', currency: 'USD' });

/** "12.50" -> 1250; null for anything that is not a positive amount of dollars and cents. */
/** A fresh Idempotency-Key (crypto's UUID where the browser has it). */
function newKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export function centsOf(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, part = ''] = t.split('.');
  const cents = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/**
 * The order's refunds and the Refund action (issue 51): an amount in dollars (sent as integer cents), a reason,
 * and whether the piece came back. Offered while money taken is left to give back; the API refuses more.
 */
export function RefundPanel() {
  const r = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const [refunds, setRefunds] = useState<OrderRefunds | null>(null);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  // One Idempotency-Key per refund asked: sending the same refund again (after a time-out whose refund went
  // through) answers that refund instead of making a second; a different amount, reason or restock is a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const id = r?.id ? String(r.id) : null;
  const load = useCallback(() => {
    if (!id) return;
    dataProvider.orderRefunds(id).then(setRefunds, () => setRefunds(null));
  }, [dataProvider, id]);
  useEffect(load, [load]);
  if (!r || r.kind !== 'card' || !refunds || refunds.captured_cents === 0) return null;
  const left = refunds.captured_cents - refunds.refunded_cents;
  const cents = centsOf(amount);
  const amountBad = cents === null || cents > left;
  const reasonBad = reason.trim() === '';
  const submit = () => {
    setTried(true);
    if (cents === null || amountBad || reasonBad || busy) return;
    setBusy(true);
    const body = { amount: cents, reason: reason.trim(), restock };
    const asked = JSON.stringify([r.id, body]);
    if (attempt.current?.body !== asked) attempt.current = { body: asked, key: newKey() };
    dataProvider.refundOrder(String(r.id), body, attempt.current.key).then(
      () => {
        attempt.current = null;
        notify('facet.order.refund_done', { type: 'success' });
        setOpen(false);
        setAmount('');
        setReason('');
        setRestock(false);
        setTried(false);
        setBusy(false);
        load();
        refresh();
      },
      (err: unknown) => {
        setBusy(false);
        notify(err instanceof Error ? err.message : 'facet.order.refund_failed', { type: 'error' });
      },
    );
  };
  return (
    <Box sx={{ mt: 2 }} data-testid="order-refunds">
      <Typography variant="h6" component="h2">
        {translate('facet.order.refunds')}
      </Typography>
      {refunds.items.length === 0 ? (
        <Typography color="text.secondary">{translate('facet.order.no_refunds')}</Typography>
      ) : (
        <List dense>
          {refunds.items.map((x) => (
            <ListItem key={x.refund_id} disableGutters>
              {translate('facet.order.refund_line', {
                amount: dollars(x.amount_cents),
                date: new Date(x.created_at).toLocaleString(),
                reason: x.reason,
              })}
              {x.restock ? translate('facet.order.refund_restocked') : ''}
            </ListItem>
          ))}
        </List>
      )}
      {left > 0 && (
        <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
          {translate('facet.order.refund')}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate('facet.order.refund_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('facet.order.refund_amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            error={tried && amountBad}
            helperText={
              tried && amountBad
                ? translate('facet.order.refund_amount_invalid')
                : translate('facet.order.refund_amount_help', { left: dollars(left) })
            }
          />
          <TextField
            fullWidth
            margin="dense"
            label={translate('facet.order.refund_reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            error={tried && reasonBad}
            helperText={tried && reasonBad ? translate('facet.order.refund_reason_required') : ' '}
          />
          <FormControlLabel
            control={<Checkbox checked={restock} onChange={(e) => setRestock(e.target.checked)} />}
            label={translate('facet.order.refund_restock')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('facet.order.refund_cancel')}</Button>
          <Button variant="contained" color="error" onClick={submit} disabled={busy}>
            {translate('facet.order.refund_submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
