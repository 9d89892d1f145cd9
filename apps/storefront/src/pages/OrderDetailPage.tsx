import { formatPrice, variantLabel } from '@facet/contracts';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LineChoice } from '../components/LineChoice';
import { OrderReturns } from '../components/OrderReturns';
import { PageLoading } from '../components/Layout';
import { PayAgainButton } from '../components/PayAgainButton';
import { SHOP, telHref } from '../config';
import { useAuth } from '../features/auth/useAuth';
import { picture } from '../lib/artwork';
import { formatLongDate, orderStatusBadge, orderStatusLabel } from '../lib/orders';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { isInBrowser, type OrderDetailData } from '../routing/accountLoaders';
import { usePageData, useReadFor } from '../routing/usePageData';
import NotFoundPage from './NotFoundPage';
import './Profile.css';
import './OrderDetailPage.css';

const at = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** How long an unpaid order's pieces are held: until its payment session ends, then the order expires. */
export function heldText(pieces: number, until: string): string {
  const them = pieces === 1 ? 'Your piece is' : 'Your pieces are';
  const released = pieces === 1 ? 'it is released' : 'they are released';
  return `${them} held for you until ${at(until)}. If the order is not paid by then, it expires and ${released}.`;
}

/**
 * /orders/:id, the shopper's own order (issue 41): its pieces with their size and engraving, the totals,
 * where it goes, how it was paid, the carrier and tracking link once shipped, and its timeline with the
 * notes staff chose to share. Its customer reaches it from My Orders; a guest through the signed link of
 * their mails (?access=). Anyone else sees the not-found page, as for an order that does not exist.
 */
export default function OrderDetailPage() {
  const { user } = useAuth();
  const { hash, search } = useLocation();
  // Read by the route's loader (routing/accountLoaders.ts) for the shopper this browser knows: another one
  // signing in (their session may own the order) reads it again.
  const loaded = usePageData<OrderDetailData>();
  const answer = loaded && !isInBrowser(loaded) ? loaded : null;
  useReadFor(user?.id, answer?.viewer);
  const current = answer && answer.viewer === (user?.id ?? '') ? answer : null;
  const order = current?.state === 'ready' ? current.order : null;
  const state = current?.state ?? 'loading';
  useDocumentTitle(order ? `Order ${order.reference}` : 'Your Order');

  // Track Order (My Orders) opens the page at the shipment, or at the timeline before it ships.
  useEffect(() => {
    if (state === 'ready' && hash === '#track') document.getElementById('track')?.scrollIntoView({ block: 'start' });
  }, [state, hash]);

  if (state === 'loading') return <PageLoading />;
  if (state === 'missing') return <NotFoundPage />;
  if (state === 'failed' || !order)
    return (
      <div className="state container">
        <h1 className="state__title">We could not load this order</h1>
        <p className="state__text">Please try again in a moment.</p>
      </div>
    );

  const newestFirst = [...order.timeline].reverse();
  // Once delivered, the shipment line says so: "On its way" under "Delivered on ..." read as two truths at once.
  const delivered = order.status === 'delivered' || Boolean(order.shipment?.delivered_at);
  return (
    <div className="account order-page container" data-testid="order-page">
      <header className="account__header order-page__header">
        <Link to={user ? '/orders' : '/'} className="link-arrow account__back">
          {user ? '← My Orders' : '← Continue shopping'}
        </Link>
        <p className="eyebrow">
          Order <span data-testid="order-reference">{order.reference}</span> · Placed {formatLongDate(order.created_at)}
        </p>
        <div className="order-page__title">
          <h1 className="display-2">{order.kind === 'consultation' ? 'Your Consultation Request' : 'Your Order'}</h1>
          <span className={`badge ${orderStatusBadge(order.status)}`} data-testid="order-status">
            {orderStatusLabel(order.status)}
          </span>
        </div>
        <p className="order-page__message">{order.status_message}</p>
        {order.held_until && (
          <p className="order-page__held" data-testid="order-held">
            {heldText(order.items.length, order.held_until)}
          </p>
        )}
        {order.can_pay && <PayAgainButton orderId={order.id} label="Pay Now" />}
      </header>

      {order.shipment && (
        <section id="track" className="order-page__shipment" aria-labelledby="shipment-title" data-testid="order-shipment">
          <div>
            <p className="order-card__label" id="shipment-title">
              {delivered ? `Delivered by ${order.shipment.carrier_name}` : `On its way with ${order.shipment.carrier_name}`}
            </p>
            <p className="order-page__tracking">
              Tracking number{' '}
              {order.shipment.tracking_url ? (
                <a href={order.shipment.tracking_url} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
                  {order.shipment.tracking_number}
                </a>
              ) : (
                <strong>{order.shipment.tracking_number}</strong>
              )}
            </p>
            {order.shipment.shipped_at && <p className="muted">Shipped {formatLongDate(order.shipment.shipped_at)}</p>}
            {order.shipment.delivered_at && <p className="muted">Delivered {formatLongDate(order.shipment.delivered_at)}</p>}
          </div>
          {order.shipment.tracking_url && (
            <a className="btn btn--primary btn--small" href={order.shipment.tracking_url} target="_blank" rel="noopener noreferrer">
              Track your parcel
            </a>
          )}
        </section>
      )}

      <div className="account__grid order-page__grid">
        <div className="order-page__main">
          <section className="order-page__panel" aria-labelledby="items-title">
            <h2 id="items-title" className="order-page__subtitle">
              {order.items.length === 1 ? 'Your Piece' : 'Your Pieces'}
            </h2>
            <ul className="order-card__items">
              {order.items.map((item, i) => (
                <li key={`${item.id}-${i}`} className="order-item order-page__item" data-testid="order-line">
                  <img src={picture(item.image)} alt="" width={80} height={80} loading="lazy" />
                  <span className="order-item__name">
                    <Link to={`/product/${item.id}`}>{item.name}</Link>
                    <LineChoice label={variantLabel(item.variant_options ?? {})} engraving={item.engraving} />
                    <span className="order-page__qty muted">
                      {item.quantity} × {formatPrice(item.price)}
                    </span>
                  </span>
                  <span className="price">{formatPrice(Math.round(item.price * item.quantity * 100) / 100)}</span>
                </li>
              ))}
            </ul>
            <dl className="order-page__totals">
              <div>
                <dt>Subtotal</dt>
                <dd className="price">{formatPrice(order.subtotal)}</dd>
              </div>
              <div>
                <dt>Shipping</dt>
                <dd className="price">{order.shipping_cost === 0 ? 'Complimentary' : formatPrice(order.shipping_cost)}</dd>
              </div>
              <div>
                <dt>Tax</dt>
                <dd className="price">{formatPrice(order.tax)}</dd>
              </div>
              <div className="order-page__total">
                <dt>Total</dt>
                <dd className="price" data-testid="order-total">
                  {formatPrice(order.total)}
                </dd>
              </div>
              {order.refunded > 0 && (
                <div>
                  <dt>Refunded</dt>
                  <dd className="price">{formatPrice(order.refunded)}</dd>
                </div>
              )}
            </dl>
          </section>

          {order.status === 'delivered' && <OrderReturns orderId={order.id} access={new URLSearchParams(search).get('access')} />}

          <section id={order.shipment ? undefined : 'track'} className="order-page__panel" aria-labelledby="timeline-title">
            <h2 id="timeline-title" className="order-page__subtitle">
              Timeline
            </h2>
            <ol className="timeline" data-testid="order-timeline">
              {newestFirst.map((entry, i) => (
                <li
                  key={`${entry.at}-${i}`}
                  className={`timeline__entry${i === 0 ? ' timeline__entry--latest' : ''}`}
                  data-testid="timeline-entry"
                >
                  <p className="timeline__label">{entry.label}</p>
                  <time className="timeline__date" dateTime={entry.at}>
                    {at(entry.at)}
                  </time>
                  {entry.note && (
                    <blockquote className="timeline__note" data-testid="timeline-note">
                      {entry.note}
                    </blockquote>
                  )}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <aside className="account__side">
          <section className="order-page__panel" aria-labelledby="payment-title">
            <h2 id="payment-title" className="order-card__label">
              Payment
            </h2>
            <p data-testid="order-payment">{order.payment_label}</p>
            {order.card_last_4 && <p className="muted">Card ending {order.card_last_4}</p>}
          </section>
          <section className="order-page__panel" aria-labelledby="ship-title">
            <h2 id="ship-title" className="order-card__label">
              {order.kind === 'consultation' ? 'Contact address' : 'Shipping to'}
            </h2>
            {order.ship_to ? (
              <address className="order-page__address" data-testid="order-address">
                {order.ship_to.name && <strong>{order.ship_to.name}</strong>}
                {order.ship_to.lines.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </address>
            ) : (
              <p className="muted">No longer on file.</p>
            )}
          </section>
          <section className="order-page__panel order-page__help">
            <h2 className="order-card__label">Questions?</h2>
            <p>
              Call <a href={telHref(SHOP.phones[0])}>{SHOP.phones[0]}</a> or write to <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>,
              quoting order {order.reference}.
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}
