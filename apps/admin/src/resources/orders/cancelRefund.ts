/**
 * Cancelling an order whose card payment went through refunds it (the API records OrderRefundRequested with
 * the cancel; the provider's refund follows). The console says so before and after.
 */

import type { ConfirmSpec } from '../../components/StatusActions';

interface OrderLike {
  kind?: string;
  status?: string;
  payment_status?: string;
  total?: number;
  reference?: string;
  last_4?: string | null;
  [field: string]: unknown;
}

export const usd = (n: number) => n.toLocaleString(undefined, { style: 'currency', currency: 'USD' });

/** The dollars a cancel gives back: a card order's total once it is paid, else nothing. */
export function refundOnCancel(order: OrderLike | undefined | null): number {
  return order?.kind === 'card' && order.payment_status === 'paid' && typeof order.total === 'number' ? order.total : 0;
}

/** The confirmation before one order is cancelled: the refund named when it was paid, a plain one when it was not. */
export function cancelConfirmation(status: string, order: OrderLike | undefined | null): ConfirmSpec | null {
  if (status !== 'cancelled' || !order) return null;
  const reference = order.reference ?? '';
  const refund = refundOnCancel(order);
  if (refund > 0) {
    const amount = usd(refund);
    return {
      title: 'facet.cancel.refund_title',
      content: order.last_4 ? 'facet.cancel.refund_content_card' : 'facet.cancel.refund_content',
      confirm: 'facet.cancel.refund_confirm',
      values: { reference, amount, last_4: order.last_4 ?? '' },
      done: { message: 'facet.notice.refund_requested', values: { amount } },
    };
  }
  return {
    title: 'facet.cancel.title',
    content: order.kind === 'card' ? 'facet.cancel.unpaid_content' : 'facet.cancel.content',
    confirm: 'facet.cancel.confirm',
    values: { reference },
  };
}

/** The confirmation before several orders are cancelled at once: how many, and what goes back to cards. */
export function bulkCancelConfirmation(status: string, orders: (OrderLike | undefined)[]): ConfirmSpec | null {
  if (status !== 'cancelled') return null;
  const paid = orders.filter((o) => refundOnCancel(o) > 0);
  const total = Math.round(paid.reduce((sum, o) => sum + refundOnCancel(o) * 100, 0)) / 100;
  const values = { smart_count: orders.length, paid: paid.length, amount: usd(total) };
  return {
    title: 'facet.cancel.bulk_title',
    content: paid.length ? 'facet.cancel.bulk_refund_content' : 'facet.cancel.bulk_content',
    confirm: paid.length ? 'facet.cancel.refund_confirm' : 'facet.cancel.confirm',
    values,
    done: paid.length ? { message: 'facet.notice.refunds_requested', values: { smart_count: paid.length, amount: usd(total) } } : undefined,
  };
}
