import { useEffect, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router-dom';
import type { CheckoutStatus } from '../api/account';
import { CheckIcon, CloseIcon } from '../components/Icons';
import { PayAgainButton } from '../components/PayAgainButton';
import { cartStore } from '../features/cart/useCart';
import { restoreSelection, takeOutPaidOrder, type OrderForPayment } from '../lib/payAgain';
import {
  judgePayment,
  PAYMENT_MESSAGES,
  PAYMENT_POLL_ATTEMPTS,
  PAYMENT_POLL_INTERVAL_MS,
  paymentOutcomeText,
  type PaymentCheck,
} from '../lib/checkout';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { isInBrowser, type PaymentResultData } from '../routing/accountLoaders';
import { usePageData } from '../routing/usePageData';
import './Checkout.css';

/**
 * /payment/success and /payment-success: checks the session up to 5 times, 2 s apart ("Attempt n of 5"); when
 * the 5th still finds it open, it says so (5 of 5) and what happens next, and the shopper may check again.
 */
export default function PaymentResultPage() {
  useDocumentTitle('Payment');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  // Each look at the session is the route's loader (routing/accountLoaders.ts); asking again is a revalidation.
  const loaded = usePageData<PaymentResultData>();
  const answer = loaded && !isInBrowser(loaded) ? loaded : null;
  const revalidator = useRevalidator();
  // Which attempt the answer on hand was, and the last answer that reached the provider (a failed look keeps
  // what the one before it said). `restart`: Check Again asked a new round of 5, its first answer is attempt 1.
  const [seen, setSeen] = useState<{ answer: PaymentResultData | null; attempt: number; good: PaymentResultData | null; restart: boolean }>(
    { answer: null, attempt: 0, good: null, restart: true },
  );
  let { attempt, good } = seen;
  if (answer && answer !== seen.answer) {
    attempt = seen.restart || answer.key !== seen.answer?.key ? 1 : seen.attempt + 1;
    good = answer.status ? answer : answer.key === good?.key ? good : null;
    setSeen({ answer, attempt, good, restart: false });
  }
  const restarting = seen.restart && answer === seen.answer;
  const status: CheckoutStatus | null = answer?.status ?? good?.status ?? null;

  let check: PaymentCheck;
  if (!sessionId) check = 'error';
  else if (!answer || restarting) check = 'pending';
  else if (answer.failed || !answer.status) check = 'error';
  else check = judgePayment(answer.status, attempt);
  // While pending: the attempt being asked (the next one once the route is loading again).
  const asking = !answer || restarting ? 1 : revalidator.state === 'loading' ? attempt + 1 : attempt;
  // Not paid: the order is kept, so it can be paid again and its selection restored.
  const order: OrderForPayment | null = check === 'pending' ? null : ((answer?.status ? answer.order : good?.order) ?? null);

  // Still open: look again in 2 s (a revalidation), up to the 5th attempt.
  useEffect(() => {
    if (check !== 'pending' || !answer || restarting) return;
    const timer = setTimeout(() => void revalidator.revalidate(), PAYMENT_POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [check, answer, restarting, revalidator]);

  useEffect(() => {
    if (check === 'timeout') console.error('Payment status check timed out');
    if (check === 'expired') console.error('Payment session expired');
  }, [check]);

  useEffect(() => {
    if (!order) return;
    // Paid: the order's pieces leave the bag (it may have been restored from the order after a decline).
    if (check === 'success') takeOutPaidOrder(order);
    else if (order.can_pay && cartStore.get().length === 0) restoreSelection(order);
  }, [check, order]);

  const checkAgainNow = () => {
    setSeen((s) => ({ ...s, restart: true }));
    void revalidator.revalidate();
  };

  if (check === 'pending') {
    return (
      <div className="result container">
        <div className="result__card" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p className="eyebrow">Confirming</p>
          <h1 className="display-3">Checking your payment…</h1>
          <p className="muted" data-testid="payment-attempt">
            Attempt {asking} of {PAYMENT_POLL_ATTEMPTS}
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
            <button type="button" className="btn btn--primary" onClick={checkAgainNow}>
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
