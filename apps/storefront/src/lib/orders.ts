/** Order display rules (spec section 4): status badges and US English long dates. */
const LABELS: Record<string, string> = {
  pending: 'Pending',
  awaiting_payment: 'Awaiting Payment',
  expired: 'Expired',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  consultation_requested: 'Consultation Requested',
  cancelled: 'Cancelled',
};

export function orderStatusLabel(status: string): string {
  return LABELS[status] ?? status.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** pending, processing, shipped and delivered have their own badge; others display neutral. */
export function orderStatusBadge(status: string): string {
  switch (status) {
    case 'pending':
      return 'badge--accent';
    case 'awaiting_payment':
      return 'badge--danger';
    case 'processing':
      return 'badge--accent';
    case 'shipped':
      return 'badge--success';
    case 'delivered':
      return 'badge--success';
    default:
      return 'badge--muted';
  }
}

/** Custom design statuses: pending, contacted, in_progress, completed; any other value appears green. */
export function designStatusBadge(status: string): string {
  switch (status) {
    case 'pending':
      return 'badge--accent';
    case 'contacted':
    case 'in_progress':
      return 'badge--muted';
    case 'completed':
      return 'badge--success';
    default:
      return 'badge--success';
  }
}

export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
