import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';

const COLORS: Record<string, 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'info' | 'error'> = {
  consultation_requested: 'warning',
  pending: 'warning',
  awaiting_payment: 'error',
  expired: 'default',
  unpaid: 'warning',
  paid: 'success',
  failed: 'error',
  refunded: 'secondary',
  pending_consultation: 'default',
  contacted: 'info',
  quoted: 'secondary',
  in_progress: 'info',
  processing: 'info',
  shipped: 'secondary',
  converted: 'success',
  completed: 'success',
  delivered: 'success',
  Verified: 'success',
  'Pending Verification': 'warning',
  closed: 'default',
  cancelled: 'default',
};

export const humanize = (s: string) => s.replace(/[_-]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** The status as a chip: its words (`label`, e.g. a payment status's own label) or the status humanized. */
export function StatusChip({ source = 'status', value, label }: { source?: string; value?: string; label?: string }) {
  const record = useRecordContext();
  const status = value ?? (record?.[source] as string | undefined);
  if (!status) return null;
  return (
    <Chip size="small" label={label ?? humanize(status)} color={COLORS[status] ?? 'success'} variant="outlined" sx={{ fontWeight: 600 }} />
  );
}
