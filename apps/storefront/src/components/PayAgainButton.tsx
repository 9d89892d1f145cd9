import { useState } from 'react';
import { toast } from '../features/toast/toasts';
import { CHECKOUT_FAILED } from '../lib/checkout';
import { payOrderAgain } from '../lib/payAgain';

/** "Pay Now" for an order awaiting payment: a new checkout session for the same order, prices unchanged. */
export function PayAgainButton({
  orderId,
  className = 'btn btn--primary',
  label = 'Pay Now',
}: {
  orderId: string;
  className?: string;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await payOrderAgain(orderId);
    } catch (error) {
      const message = error instanceof Error && error.name === 'ApiError' ? error.message : CHECKOUT_FAILED;
      toast({ title: 'Checkout failed', description: message || CHECKOUT_FAILED, variant: 'destructive' });
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={pay} disabled={busy} data-testid="pay-again">
      {busy ? 'Opening secure payment…' : label}
    </button>
  );
}
