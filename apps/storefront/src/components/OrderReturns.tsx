import type { OrderReturns as Returns } from '@facet/contracts';
import { formatPrice } from '@facet/contracts';
import { useCallback, useEffect, useState } from 'react';
import { isAbort, newUuid } from '../api/client';
import { returnsApi } from '../api/returns';
import { formatLongDate } from '../lib/orders';
import { ReturnPolicyTable } from './ReturnPolicyTable';

/**
 * The order page's returns (issue 51): a "Return items" form for the delivered lines that may still be returned
 * (how many, and why), each line that may not with the reason, the policy table, and every return with its
 * status and the note staff wrote.
 */
export function OrderReturns({ orderId, access }: { orderId: string; access: string | null }) {
  const [data, setData] = useState<Returns | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  // One key per request asked: the same submit sent again after a failure records one return.
  const [key, setKey] = useState(newUuid);

  const load = useCallback(
    (signal?: AbortSignal) =>
      returnsApi.forOrder(orderId, access, signal).then(setData, (e: unknown) => {
        if (!isAbort(e)) setData(null);
      }),
    [orderId, access],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (!data) return null;
  const returnable = data.lines.filter((l) => l.returnable_quantity > 0);
  const chosen = Object.entries(quantities)
    .filter(([, q]) => q > 0)
    .map(([line, quantity]) => ({ line: Number(line), quantity }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (chosen.length === 0) return setError('Choose how many of a piece to return.');
    if (!reason.trim()) return setError('Tell us why the pieces come back.');
    setSending(true);
    setError('');
    try {
      await returnsApi.request(orderId, access, { lines: chosen, reason: reason.trim() }, key);
      setQuantities({});
      setReason('');
      setKey(newUuid());
      await load();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Your return could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="order-page__panel" aria-labelledby="returns-title" data-testid="order-returns">
      <h2 id="returns-title" className="order-page__subtitle">
        Returns
      </h2>
      {data.returnable_until && (
        <p className="muted">
          Pieces may be returned within {data.window_days} days of delivery, until {formatLongDate(data.returnable_until)}.
        </p>
      )}
      {data.returns.length > 0 && (
        <ul className="order-page__returns" data-testid="return-list">
          {data.returns.map((r) => (
            <li key={r.id} data-testid="return">
              <p>
                <strong data-testid="return-status">{r.status_label}</strong> ·{' '}
                {r.lines.map((l) => `${l.quantity} × ${l.product_name}`).join(', ')}
              </p>
              {r.note && (
                <blockquote className="timeline__note" data-testid="return-note">
                  {r.note}
                </blockquote>
              )}
              {r.refunded !== null && (
                <p className="muted" data-testid="return-refunded">
                  Refunded {formatPrice(r.refunded)}
                  {r.restocking_fee ? ` (less a restocking fee of ${formatPrice(r.restocking_fee)})` : ''}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <ul className="order-page__return-lines">
        {data.lines
          .filter((l) => l.refusal && l.refusal.code !== 'not_delivered')
          .map((l) => (
            <li key={l.line} data-testid="return-refusal">
              {l.product_name}: {l.refusal?.message}
            </li>
          ))}
      </ul>
      {returnable.length > 0 && (
        <form onSubmit={(e) => void submit(e)} aria-labelledby="return-form-title" data-testid="return-form">
          <h3 id="return-form-title">Return items</h3>
          {returnable.map((l) => (
            <label key={l.line} className="order-page__return-line">
              <span>
                {l.product_name} (up to {l.returnable_quantity})
              </span>
              <select
                aria-label={`How many of ${l.product_name} to return`}
                value={quantities[l.line] ?? 0}
                onChange={(e) => setQuantities({ ...quantities, [l.line]: Number(e.target.value) })}
              >
                {Array.from({ length: l.returnable_quantity + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <label className="order-page__return-reason">
            <span>Why are they coming back?</span>
            <textarea value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} rows={3} />
          </label>
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--small" disabled={sending}>
            Request return
          </button>
        </form>
      )}
      <details className="order-page__policy">
        <summary>What cannot be returned</summary>
        <ReturnPolicyTable />
      </details>
    </section>
  );
}
