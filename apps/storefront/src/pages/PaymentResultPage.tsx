import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paymentsApi, type CheckoutStatus } from '../api/account';
import { CheckIcon, CloseIcon } from '../components/Icons';
import { PayAgainButton } from '../components/PayAgainButton';
import { cartStore } from '../features/cart/useCart';
import { loadOrder, restoreSelection, takeOutPaidOrder, type OrderForPayment } from '../lib/payAgain';
import {
  judgePayment,
  PAYMENT_MESSAGES,
  PAYMENT_POLL_ATTEMPTS,
  PAYMENT_POLL_INTERVAL_MS,
  paymentOutcomeText,
  type PaymentCheck,
} from '../lib/checkout';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './Checkout.css';

/**
 * /payment/success and /payment-success: checks the session up to 5 times, 2 s apart ("Attempt n of 5"); when
 * the 5th still finds it open, it says so (5 of 5) and what happens next, and the shopper may check again.
 */
export default function PaymentResultPage() {
  useDocumentTitle('Payment');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const [attempt, setAttempt] = useState(1);
  const [check, setCheck] = useState<PaymentCheck>(sessionId ? 'pending' : 'error');
  const [status, setStatus] = useState<CheckoutStatus | null>(null);
  const [order, setOrder] = useState<OrderForPayment | null>(null);
  // Check Again starts another round of 5.
  const [round, setRound] = useState(0);
  const orderId = status?.metadata.order_id ?? '';

  // Not paid: the order is kept; load it so it can be paid again and its selection restored.
  useEffect(() => {
    if (check === 'pending' || check === 'success' || !orderId) return;
    let live = true;
    loadOrder(orderId)
      .then((o) => {
        if (!live) return;
        setOrder(o);
        if (o.can_pay && cartStore.get().length === 0) restoreSelection(o);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [check, orderId]);

  // Paid: the order's pieces leave the bag (it may have been restored from the order after a decline).
  useEffect(() => {
    if (check !== 'success' || !orderId) return;
    loadOrder(orderId)
      .then(takeOutPaidOrder)
      .catch(() => undefined);
  }, [check, orderId]);

  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (n: number) => {
      if (!live) return;
      setAttempt(n);
      try {
        const s = await paymentsApi.status(sessionId);
        if (!live) return;
        setStatus(s);
        const outcome = judgePayment(s, n);
        if (outcome === 'timeout') console.error('Payment status check timed out');
        if (outcome === 'expired') console.error('Payment session expired');
        setCheck(outcome);
        if (outcome === 'pending') timer = setTimeout(() => void poll(n + 1), PAYMENT_POLL_INTERVAL_MS);
      } catch (error) {
        console.error('Error checking payment status', error);
        if (live) setCheck('error');
      }
    };
    setCheck('pending');
    void poll(1);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sessionId, round]);

  if (check === 'pending') {
    return (
      <div className="result container">
        <div className="result__card" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p className="eyebrow">Confirming</p>
          <h1 className="display-3">Checking your payment…</h1>
          <p className="muted" data-testid="payment-attempt">
            Attempt {attempt} of {PAYMENT_POLL_ATTEMPTS}
          </p>
        </div>
      </div>
    );
  }

  if (check === 'success') {
    const amount = status
      ? (status.amount_total / 100).toLocaleString('en-US', { style: 'currency', currency: status.currency.toUpperCase() })
      : '';
    return (
      <div className="result container">
        <div className="result__card">
          <span className="result__mark" aria-hidden="true">
            <CheckIcon size={30} />
          </span>
          <p className="eyebrow">Thank You</p>
          <h1 className="display-2">Payment Successful!</h1>
          <p className="muted">Your order is confirmed. A receipt is on its way to your inbox, and we will let you know when it ships.</p>
          {status && (
            <p className="result__facts">
              Order <strong>{status.metadata.order_id.slice(0, 8).toUpperCase()}</strong> · {amount}
            </p>
          )}
          <div className="result__actions">
            <Link to="/orders" className="btn btn--primary">
              View My Orders
            </Link>
            <Link to="/" className="btn btn--ghost">
              Continue Shopping
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const message = PAYMENT_MESSAGES[check];
  const checkAgain = (check === 'timeout' || check === 'error') && sessionId !== '';
  return (
    <div className="result container">
      <div className="result__card">
        <span className="result__mark result__mark--issue" aria-hidden="true">
          <CloseIcon size={30} />
        </span>
        <h1 className="display-2">{message.title}</h1>
        <p className="muted">{message.text}</p>
        <p className="muted" data-testid="payment-outcome">
          {paymentOutcomeText(check, status?.failure_reason ?? null)}
        </p>
        {check === 'timeout' && (
          <p className="muted" data-testid="payment-attempt">
            Attempt {PAYMENT_POLL_ATTEMPTS} of {PAYMENT_POLL_ATTEMPTS}
          </p>
        )}
        {order?.can_pay && (
          <p className="result__facts" data-testid="result-order">
            Order <strong>{order.id.slice(0, 8).toUpperCase()}</strong> is kept: {order.status_message}
          </p>
        )}
        <div className="result__actions">
          {checkAgain && (
            <button type="button" className="btn btn--primary" onClick={() => setRound((r) => r + 1)}>
              Check Again
            </button>
          )}
          {order?.can_pay && (
            <PayAgainButton
              orderId={order.id}
              label={check === 'declined' ? 'Try Another Card' : 'Try Payment Again'}
              className={checkAgain ? 'btn btn--outline' : 'btn btn--primary'}
            />
          )}
          <Link to="/cart" className={order?.can_pay || checkAgain ? 'btn btn--outline' : 'btn btn--primary'}>
            Return to Cart
          </Link>
          <Link to="/contact" className="btn btn--ghost">
            Contact Us
          </Link>
        </div>
      </div>
    </div>
  );
}
