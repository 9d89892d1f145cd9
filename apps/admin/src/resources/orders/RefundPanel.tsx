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
import type { FacetDataProvider, OrderRefunds, RestockLine } from '../../dataProvider';
import type { OrderItemRecord, OrderRecord } from './orderRecord';

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

/** A stocked line of the order as the Refund dialog offers it: its variant, name, units bought and left to restock. */
export interface RestockableLine {
  variantId: string;
  name: string;
  bought: number;
  left: number;
}

/**
 * The lines that may come back: each variant the order's items name (lines of one variant together), less what
 * earlier refunds restocked. Lines of orders placed before variants name none: they cannot be restocked here.
 */
export function restockableLines(items: readonly OrderItemRecord[] | undefined, refunds: OrderRefunds | null): RestockableLine[] {
  const lines = new Map<string, RestockableLine>();
  for (const item of items ?? []) {
    if (!item.variant_id) continue;
    const known = lines.get(item.variant_id);
    if (known) {
      known.bought += item.quantity;
      continue;
    }
    const options = Object.values(item.variant_options ?? {}).join(', ');
    const name = item.name ?? item.product_name ?? item.variant_id;
    lines.set(item.variant_id, {
      variantId: item.variant_id,
      name: options ? `${name} (${options})` : name,
      bought: item.quantity,
      left: 0,
    });
  }
  const restocked = new Map<string, number>();
  for (const r of refunds?.items ?? []) {
    for (const l of r.restock_lines ?? []) restocked.set(l.variant_id, (restocked.get(l.variant_id) ?? 0) + l.quantity);
  }
  return [...lines.values()].map((l) => ({ ...l, left: Math.max(0, l.bought - (restocked.get(l.variantId) ?? 0)) }));
}

/**
 * The lines ticked with their quantities as the API takes them, or null when none is ticked or a quantity is
 * not a whole number from 1 to what is left of its line.
 */
export function restockLinesOf(lines: readonly RestockableLine[], picked: Readonly<Record<string, string>>): RestockLine[] | null {
  const out: RestockLine[] = [];
  for (const line of lines) {
    const text = picked[line.variantId];
    if (text === undefined) continue;
    if (!/^\d{1,6}$/.test(text.trim())) return null;
    const quantity = Number(text.trim());
    if (quantity < 1 || quantity > line.left) return null;
    out.push({ variant_id: line.variantId, quantity });
  }
  return out.length ? out : null;
}

/**
 * The order's refunds and the Refund action (issue 51): an amount in dollars (sent as integer cents), a reason,
 * and whether the piece came back: then which of its stocked lines, and how many units of each, go back to stock.
 * Offered while money taken is left to give back; the API refuses more.
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
  /** The lines ticked to go back to stock, by variant: the quantity as typed. */
  const [picked, setPicked] = useState<Record<string, string>>({});
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
  const stockLines = restockableLines(r.items, refunds);
  const lines = restock ? restockLinesOf(stockLines, picked) : null;
  const linesBad = restock && lines === null;
  const submit = () => {
    setTried(true);
    if (cents === null || amountBad || reasonBad || linesBad || busy) return;
    setBusy(true);
    const body = { amount: cents, reason: reason.trim(), restock, ...(restock && lines ? { lines } : {}) };
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
        setPicked({});
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
          {restock && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="refund-restock-lines">
              <Typography component="legend" variant="subtitle2">
                {translate('facet.order.refund_restock_lines')}
              </Typography>
              {stockLines.every((l) => l.left === 0) && (
                <Typography color="text.secondary">{translate('facet.order.refund_restock_nothing')}</Typography>
              )}
              {stockLines.map((line) => {
                const ticked = picked[line.variantId] !== undefined;
                return (
                  <Box key={line.variantId} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <FormControlLabel
                      sx={{ flex: 1 }}
                      disabled={line.left === 0}
                      control={
                        <Checkbox
                          checked={ticked}
                          onChange={(e) =>
                            setPicked((p) => {
                              const next = { ...p };
                              if (e.target.checked) next[line.variantId] = '1';
                              else delete next[line.variantId];
                              return next;
                            })
                          }
                        />
                      }
                      label={`${line.name}: ${translate('facet.order.refund_restock_left', { left: line.left, bought: line.bought })}`}
                    />
                    {ticked && (
                      <TextField
                        size="small"
                        sx={{ width: 110 }}
                        label={translate('facet.order.refund_restock_quantity')}
                        value={picked[line.variantId]}
                        onChange={(e) => setPicked((p) => ({ ...p, [line.variantId]: e.target.value }))}
                        slotProps={{
                          htmlInput: {
                            inputMode: 'numeric',
                            'aria-label': `${line.name}: ${translate('facet.order.refund_restock_quantity')}`,
                          },
                        }}
                      />
                    )}
                  </Box>
                );
              })}
              {tried && linesBad && (
                <Typography color="error" variant="body2">
                  {translate('facet.order.refund_restock_invalid')}
                </Typography>
              )}
            </Box>
          )}
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
