import { formatPrice, variantLabel } from '@facet/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { BagIcon } from '../components/Icons';
import { LineChoice } from '../components/LineChoice';
import { PageLoading } from '../components/Layout';
import { PayAgainButton } from '../components/PayAgainButton';
import { SignInPrompt } from '../components/SignInPrompt';
import { hasPieceToReview, WriteReviewButton } from '../components/WriteReview';
import { useAuth } from '../features/auth/useAuth';
import { formatLongDate, orderStatusBadge, orderStatusLabel } from '../lib/orders';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { isInBrowser, type OrdersData } from '../routing/accountLoaders';
import { usePageData, useReadFor } from '../routing/usePageData';
import './Profile.css';
import { picture } from '../lib/artwork';

/**
 * My Orders: the signed-in shopper's orders, read by the route's loader (routing/accountLoaders.ts) for the
 * shopper this browser knows; another shopper signing in reads them again (the route is revalidated).
 */
export default function OrdersPage() {
  useDocumentTitle('My Orders');
  const { user } = useAuth();
  const loaded = usePageData<OrdersData>();
  const answer = loaded && !isInBrowser(loaded) ? loaded : null;
  useReadFor(user?.id, answer?.key);
  // Read for the shopper on screen: undefined while loading, or while another shopper's are on hand.
  const current = answer && user && answer.key === user.id ? answer : null;
  const orders = current ? (current.orders ?? []) : null;
  const failed = current?.orders === null;

  // The pieces reviewed in this visit (one review each): Write Review is offered only while a piece is left.
  const [reviewedHere, setReviewedHere] = useState<readonly string[]>([]);
  const reviewed = useMemo(
    () => (current?.reviewed ? new Set([...current.reviewed, ...reviewedHere]) : null),
    [current?.reviewed, reviewedHere],
  );
  const markReviewed = (ids: string[]) => setReviewedHere((r) => [...r, ...ids]);

  if (!user) return <SignInPrompt title="Please log in to view your orders" />;
  if (orders === null) return <PageLoading />;

  return (
    <div className="account container">
      <header className="account__header">
        <Link to="/profile" className="link-arrow account__back">
          ← Back to profile
        </Link>
        <p className="eyebrow">Your Account</p>
        <h1 className="display-2">My Orders</h1>
      </header>

      {orders.length === 0 ? (
        <div className="state">
          <BagIcon size={44} className="state__icon" />
          <h2 className="state__title">{failed ? 'We could not load your orders' : 'No Orders Yet'}</h2>
          <p className="state__text">{failed ? 'Please try again in a moment.' : 'When you place an order, it will appear here.'}</p>
          <Link to="/" className="btn btn--primary">
            Start Shopping
          </Link>
        </div>
      ) : (
        <ul className="orders">
          {orders.map((order) => (
            <li key={order.orderId} className="order-card" data-testid="order-card">
              <div className="order-card__head">
                <div>
                  <p className="order-card__label">Order</p>
                  <p className="order-card__id">{order.orderId.slice(0, 8).toUpperCase()}</p>
                </div>
                <div>
                  <p className="order-card__label">Placed</p>
                  <p>{formatLongDate(order.date)}</p>
                </div>
                <div>
                  <p className="order-card__label">Total</p>
                  <p className="price">{formatPrice(order.total)}</p>
                </div>
                <span className={`badge ${orderStatusBadge(order.status)}`} data-testid="order-status">
                  {orderStatusLabel(order.status)}
                </span>
              </div>
              <p className="order-card__message">{order.status_message}</p>
              {order.can_pay && order.pay_by && (
                <p className="order-card__message muted" data-testid="order-pay-by">
                  Pay by{' '}
                  {new Date(order.pay_by).toLocaleString('en-US', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} to
                  keep this order.
                </p>
              )}
              <ul className="order-card__items">
                {order.items.map((item, i) => (
                  <li key={`${item.id}-${i}`} className="order-item" data-testid="order-line">
                    <img src={picture(item.image)} alt="" width={64} height={64} loading="lazy" />
                    <span className="order-item__name">
                      {item.name}
                      <LineChoice label={variantLabel(item.variant_options ?? {})} engraving={item.engraving} />
                    </span>
                    <span className="muted">Qty {item.quantity}</span>
                    <span className="price">{formatPrice(item.price)}</span>
                  </li>
                ))}
              </ul>
              <div className="order-card__actions">
                {order.can_pay && <PayAgainButton orderId={order.orderId} className="btn btn--primary btn--small" label="Pay Now" />}
                <Link to={`/orders/${order.orderId}`} className="btn btn--outline btn--small">
                  View Details
                </Link>
                <Link to={`/orders/${order.orderId}#track`} className="btn btn--ghost btn--small">
                  Track Order
                </Link>
                {order.status === 'delivered' &&
                  reviewed &&
                  (hasPieceToReview(order, reviewed) ? (
                    <WriteReviewButton order={order} onReviewed={markReviewed} />
                  ) : (
                    <span className="muted order-card__reviewed" data-testid="order-reviewed">
                      Reviewed, thank you
                    </span>
                  ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
