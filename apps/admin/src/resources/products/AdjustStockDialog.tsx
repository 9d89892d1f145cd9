import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { MAX_STOCK_UNITS, type StockAdjustmentInput, type VariantStockLevel } from '@facet/contracts';
import type { FacetDataProvider } from '../../dataProvider';
import { REASON_MAX, textProblem, wholeNumberProblem } from './productWire';

/** What staff typed, as the adjustment the API takes, or the problems to show beside the fields. */
export function adjustment(
  mode: 'delta' | 'set_to',
  amount: string,
  reason: string,
): { input: StockAdjustmentInput } | { problems: { amount?: string; reason?: string } } {
  const problems: { amount?: string; reason?: string } = {};
  const amountProblem =
    mode === 'delta' ? wholeNumberProblem(amount, -MAX_STOCK_UNITS, MAX_STOCK_UNITS) : wholeNumberProblem(amount, 0, MAX_STOCK_UNITS);
  if (amountProblem) problems.amount = amountProblem;
  else if (mode === 'delta' && Number(amount) === 0) problems.amount = 'facet.stock.error.zero';
  const reasonProblem = textProblem(reason, REASON_MAX);
  if (reasonProblem) problems.reason = reasonProblem === 'facet.variants.error.required' ? 'facet.stock.error.reason' : reasonProblem;
  if (problems.amount || problems.reason) return { problems };
  const n = Number(amount);
  return { input: mode === 'delta' ? { delta: n, reason: reason.trim() } : { set_to: n, reason: reason.trim() } };
}

/** Changes a stocked variant's units by a number or to a number, always with a reason the ledger keeps. */
export function AdjustStockDialog({
  variantId,
  label,
  open,
  onClose,
  onDone,
}: {
  variantId: string;
  label: string;
  open: boolean;
  onClose: () => void;
  onDone: (level: VariantStockLevel) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const [mode, setMode] = useState<'delta' | 'set_to'>('delta');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setAmount('');
    setReason('');
    setProblems({});
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    const checked = adjustment(mode, amount, reason);
    if ('problems' in checked) return setProblems(checked.problems);
    setProblems({});
    setBusy(true);
    try {
      const level = await dataProvider.adjustStock(variantId, checked.input);
      notify('facet.stock.adjusted', { type: 'success', messageArgs: { label } });
      onDone(level);
      close();
    } catch (e) {
      setFailure((e as Error).message || translate('facet.stock.error.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="adjust-stock-title" fullWidth maxWidth="xs">
      <DialogTitle id="adjust-stock-title">{translate('facet.stock.adjust_title', { label })}</DialogTitle>
      <DialogContent>
        <RadioGroup
          row
          aria-label={translate('facet.stock.mode')}
          value={mode}
          onChange={(e) => setMode(e.target.value as 'delta' | 'set_to')}
        >
          <FormControlLabel value="delta" control={<Radio />} label={translate('facet.stock.by')} />
          <FormControlLabel value="set_to" control={<Radio />} label={translate('facet.stock.to')} />
        </RadioGroup>
        <TextField
          label={translate(mode === 'delta' ? 'facet.stock.delta' : 'facet.stock.set_to')}
          type="number"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          fullWidth
          margin="dense"
          required
          slotProps={{ htmlInput: { step: 1 } }}
          error={Boolean(problems.amount)}
          helperText={translate(problems.amount ?? (mode === 'delta' ? 'facet.stock.delta_hint' : 'facet.stock.set_to_hint'))}
        />
        <TextField
          label={translate('facet.stock.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          margin="dense"
          required
          error={Boolean(problems.reason)}
          helperText={translate(problems.reason ?? 'facet.stock.reason_hint')}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {translate('facet.stock.adjust')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
