import { formatPrice } from '@facet/contracts';
import type { ReactNode } from 'react';
import { cartLineKey, cartSummary, type CartItem } from '../features/cart/cart';
import { LineChoice } from './LineChoice';
import '../pages/Checkout.css';
import { picture } from '../lib/artwork';

/** The order's lines and totals beside the checkout and payment forms. */
export function OrderSummary({ items, children }: { items: readonly CartItem[]; children?: ReactNode }) {
  const totals = cartSummary(items);
  return (
    <aside className="co-summary" aria-labelledby="co-summary-title">
      <h2 id="co-summary-title" className="co-summary__title">
        Order Summary
      </h2>
      <ul className="co-summary__lines">
        {items.map((i) => (
          <li key={cartLineKey(i)}>
            <img src={picture(i.image)} alt="" width={56} height={56} />
            <span className="co-summary__name">
              {i.name}
              <span className="muted"> × {i.quantity}</span>
              <LineChoice label={i.variantLabel} engraving={i.engraving} />
            </span>
            <span className="price">{formatPrice(Math.round(i.price * i.quantity * 100) / 100)}</span>
          </li>
        ))}
      </ul>
      <dl className="co-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd className="price">{formatPrice(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd className="price">{totals.shipping === 0 ? 'Complimentary' : formatPrice(totals.shipping)}</dd>
        </div>
        <div>
          <dt>Tax (8%)</dt>
          <dd className="price">{formatPrice(totals.tax)}</dd>
        </div>
        <div className="co-summary__total">
          <dt>Total</dt>
          <dd className="price" data-testid="checkout-total">
            {formatPrice(totals.total)}
          </dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
