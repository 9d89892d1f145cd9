import {
  formatPrice,
  MAX_QUANTITY_PER_LINE,
  ONLINE_ORDER_LIMIT_CENTS,
  onlineOrderLimitMessage,
  quantityLimitMessage,
} from '@facet/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { BagIcon, TrashIcon } from '../components/Icons';
import { QuantityStepper } from '../components/QuantityStepper';
import { LineChoice } from '../components/LineChoice';
import { amountToFreeShipping, cartLineKey, cartSummary, type CartItem } from '../features/cart/cart';
import { useCart } from '../features/cart/useCart';
import { categoryName } from '../lib/collections';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './CartPage.css';
import { picture } from '../lib/artwork';

/** The piece's page, open at the variant the line holds. */
function productLink(item: CartItem): string {
  return `/product/${item.id}` + (item.variantId ? `?variant=${encodeURIComponent(item.variantId)}` : '');
}

const ConsultationModal = lazy(() => import('../components/ConsultationModal').then((m) => ({ default: m.ConsultationModal })));

export default function CartPage() {
  useDocumentTitle('Your Selection');
  const { items, count, setQuantity, remove, clear } = useCart();
  const [modalOpen, setModalOpen] = useState(false);

  if (items.length === 0) {
    return (
      <div className="state container cart-empty">
        <BagIcon size={44} className="state__icon" />
        <h1 className="state__title">Your Selection is Empty</h1>
        <p className="state__text">Explore our collections and add the pieces you love.</p>
        <Link to="/" className="btn btn--primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const totals = cartSummary(items);
  // Above the online limit, card checkout gives way to a consultation (the API refuses such card orders too).
  const overLimit = Math.round(totals.total * 100) > ONLINE_ORDER_LIMIT_CENTS;

  return (
    <div className="cart container">
      <header className="cart__header">
        <p className="eyebrow">Your Selection</p>
        <h1 className="display-2">Your Selection</h1>
        <p className="muted">
          {count} {count === 1 ? 'piece' : 'pieces'} chosen
        </p>
      </header>

      <div className="cart__layout">
        <section aria-label="Pieces in your selection">
          <ul className="cart__lines">
            {items.map((item) => (
              <li key={cartLineKey(item)} className="cart-line" data-testid="cart-line">
                <Link to={productLink(item)} className="cart-line__media" tabIndex={-1} aria-hidden="true">
                  <img src={picture(item.image)} alt="" width={160} height={160} loading="lazy" />
                </Link>
                <div className="cart-line__info">
                  <p className="cart-line__category">{categoryName(item.category)}</p>
                  <h2 className="cart-line__name">
                    <Link to={productLink(item)}>{item.name}</Link>
                  </h2>
                  <LineChoice label={item.variantLabel} engraving={item.engraving} />
                  <p className="cart-line__unit">
                    <span className="price">{formatPrice(item.price)}</span>
                    {item.originalPrice != null && item.originalPrice > item.price && (
                      <s className="price price--was">{formatPrice(item.originalPrice)}</s>
                    )}
                  </p>
                  <div className="cart-line__controls">
                    <QuantityStepper
                      size="small"
                      label={`Quantity of ${item.name}${item.variantLabel ? `, ${item.variantLabel}` : ''}`}
                      value={item.quantity}
                      onChange={(q) => setQuantity(cartLineKey(item), q)}
                    />
                    {item.quantity >= MAX_QUANTITY_PER_LINE && (
                      <p className="summary__note" role="status" data-testid="quantity-limit">
                        {quantityLimitMessage(item.name)}
                      </p>
                    )}
                    <button
                      type="button"
                      className="btn btn--text cart-line__remove"
                      onClick={() => remove(cartLineKey(item))}
                      aria-label={`Remove ${item.name}${item.variantLabel ? `, ${item.variantLabel}` : ''}`}
                    >
                      <TrashIcon size={16} /> Remove
                    </button>
                  </div>
                </div>
                <p className="cart-line__total price">{formatPrice(Math.round(item.price * item.quantity * 100) / 100)}</p>
              </li>
            ))}
          </ul>
          <div className="cart__after">
            <Link to="/catalogue" className="link-arrow link-underline">
              Continue shopping
            </Link>
            <button type="button" className="btn btn--text" onClick={clear}>
              Clear Selection
            </button>
          </div>
        </section>

        <aside className="summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="summary__title">
            Consultation Request
          </h2>
          <dl className="summary__rows">
            <div>
              <dt>Subtotal</dt>
              <dd className="price">{formatPrice(totals.subtotal)}</dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd className="price">{totals.shipping === 0 ? 'Complimentary' : formatPrice(totals.shipping)}</dd>
            </div>
            <div>
              <dt>Estimated tax (8%)</dt>
              <dd className="price">{formatPrice(totals.tax)}</dd>
            </div>
            <div className="summary__total">
              <dt>Estimated total</dt>
              <dd className="price">{formatPrice(totals.total)}</dd>
            </div>
          </dl>
          {totals.shipping > 0 && (
            <p className="summary__note">Add {formatPrice(amountToFreeShipping(totals.subtotal))} more for complimentary shipping.</p>
          )}
          <button type="button" className="btn btn--primary btn--block" onClick={() => setModalOpen(true)}>
            Submit Consultation Request
          </button>
          {overLimit ? (
            <p className="summary__note" role="status" data-testid="online-limit">
              {onlineOrderLimitMessage()}
            </p>
          ) : (
            <Link to="/checkout" className="btn btn--ghost btn--block summary__checkout">
              Checkout and Pay by Card
            </Link>
          )}
          <p className="summary__note">
            No payment is taken now. A specialist will contact you within 24-48 hours to discuss customisation, sizing and payment.
          </p>
        </aside>
      </div>

      {modalOpen && (
        <Suspense fallback={null}>
          <ConsultationModal items={items} onClose={() => setModalOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
