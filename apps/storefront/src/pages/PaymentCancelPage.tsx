import { formatPrice } from '@facet/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon } from '../components/Icons';
import { PayAgainButton } from '../components/PayAgainButton';
import { cartStore } from '../features/cart/useCart';
import { restoreSelection, takeOutPaidOrder, type OrderForPayment } from '../lib/payAgain';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { isInBrowser, type PaymentCancelData } from '../routing/accountLoaders';
import { usePageData } from '../routing/usePageData';
import './Checkout.css';

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** What happened, true for the order as it stands (a decline also lands here, and an order may have moved on). */
function cancelText(order: OrderForPayment | null): string {
  if (order?.payment_status === 'paid') return 'This order is paid: nothing more is needed. You will find it in My Orders.';
  if (order && !order.can_pay) return `Nothing was charged. This order can no longer be paid: ${order.status_message}.`;
  const until = order?.pay_by ? ` until ${longDate(order.pay_by)}` : '';
  if (order?.payment_status === 'failed')
    return `Your card was declined by its issuer: the payment did not go through and nothing was charged. Your order is kept; you can pay it with another card${until}.`;
  return `Your payment was not completed and nothing was charged. Your order is kept; you can pay it whenever you are ready${until}.`;
}

/**
 * The provider sends the shopper here after a cancelled or declined payment (?order_id=...). The order is
 * kept, awaiting payment: it can be paid again from here, and the selection comes back from the order.
 * A declined card (the order's last attempt failed; a shopper's cancel leaves it expired) is named as such.
 */
export default function PaymentCancelPage() {
  // The order (from the URL, else the one this browser last left to pay), read by the route's loader.
  const loaded = usePageData<PaymentCancelData>();
  const order = loaded && !isInBrowser(loaded) ? loaded.order : null;

  useEffect(() => {
    if (!order) return;
    // The checkout emptied the selection before leaving; going back finds it again.
    if (order.can_pay && cartStore.get().length === 0) restoreSelection(order);
    // Paid meanwhile (another tab): its pieces leave the bag instead.
    if (order.payment_status === 'paid') takeOutPaidOrder(order);
  }, [order]);

  const payable = order?.can_pay === true;
  const declined = order?.payment_status === 'failed';
  const heading = declined ? 'Payment Declined' : 'Payment Cancelled';
  useDocumentTitle(heading);
  return (
    <div className="result container">
      <div className="result__card">
        <span className="result__mark" aria-hidden="true">
          <CloseIcon size={28} />
        </span>
        <p className="eyebrow">No Payment Taken</p>
        <h1 className="display-2">{heading}</h1>
        <p className="muted" data-testid="cancel-outcome">
          {cancelText(order)}
        </p>
        {order && (
          <p className="result__facts" data-testid="cancel-order">
            Order <strong>{order.id.slice(0, 8).toUpperCase()}</strong> · {formatPrice(order.total)} · {order.status_message}
          </p>
        )}
        <div className="result__actions">
          {payable && <PayAgainButton orderId={order.id} label={declined ? 'Try Another Card' : 'Pay Now'} />}
          <Link to="/cart" className={payable ? 'btn btn--outline' : 'btn btn--primary'}>
            Return to Cart
          </Link>
          <Link to="/" className="btn btn--ghost">
            Continue Shopping
          </Link>
        </div>
      </div>
    </div>
  );
}
