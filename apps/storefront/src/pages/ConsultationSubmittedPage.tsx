import { formatPrice } from '@facet/contracts';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { CheckIcon } from '../components/Icons';
import { LineChoice } from '../components/LineChoice';
import { cartLineKey } from '../features/cart/cart';
import type { ConsultationConfirmation } from '../components/ConsultationModal';
import { SHOP, telHref } from '../config';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './ConsultationSubmittedPage.css';
import { picture } from '../lib/artwork';

function isConfirmation(state: unknown): state is ConsultationConfirmation {
  const s = state as ConsultationConfirmation | null;
  return !!s && typeof s.orderId === 'string' && s.orderId !== '' && !!s.order && Array.isArray(s.order.items) && Array.isArray(s.items);
}

/** Needs the order data and order id in navigation state; without them, back to /. */
export default function ConsultationSubmittedPage() {
  useDocumentTitle('Consultation Requested');
  const state: unknown = useLocation().state;
  if (!isConfirmation(state)) return <Navigate to="/" replace />;
  const { orderId, order } = state;

  return (
    <div className="confirmation container container--narrow">
      <div className="confirmation__mark" aria-hidden="true">
        <CheckIcon size={32} />
      </div>
      <p className="eyebrow">Consultation Requested</p>
      <h1 className="display-2">Thank you, {order.shipping.first_name}.</h1>
      <p className="lede">
        Your request has been received. A Facet specialist will contact you at <strong>{order.shipping.email}</strong> within 24-48 hours to
        discuss your selection, customisation and payment.
      </p>
      <p className="confirmation__ref">
        Reference <strong data-testid="order-id">{orderId}</strong>
      </p>

      <section className="confirmation__order" aria-labelledby="order-title">
        <h2 id="order-title" className="confirmation__subtitle">
          Your Selection
        </h2>
        <ul>
          {state.items.map((i) => (
            <li key={cartLineKey(i)} data-testid="confirmation-line">
              <img src={picture(i.image)} alt="" width={64} height={64} loading="lazy" />
              <span className="confirmation__name">
                {i.name} <span className="muted">× {i.quantity}</span>
                <LineChoice label={i.variantLabel} engraving={i.engraving} />
              </span>
              <span className="price">{formatPrice(Math.round(i.price * i.quantity * 100) / 100)}</span>
            </li>
          ))}
        </ul>
        <dl>
          <div>
            <dt>Subtotal</dt>
            <dd className="price">{formatPrice(order.subtotal)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd className="price">{order.shipping_cost === 0 ? 'Complimentary' : formatPrice(order.shipping_cost)}</dd>
          </div>
          <div>
            <dt>Estimated tax</dt>
            <dd className="price">{formatPrice(order.tax)}</dd>
          </div>
          <div className="confirmation__total">
            <dt>Estimated total</dt>
            <dd className="price">{formatPrice(order.total)}</dd>
          </div>
        </dl>
      </section>

      <p className="confirmation__help">
        Questions in the meantime? Call <a href={telHref(SHOP.phones[0])}>{SHOP.phones[0]}</a> or write to{' '}
        <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>.
      </p>
      <Link to="/" className="btn btn--primary">
        Continue Shopping
      </Link>
    </div>
  );
}
