import { Link } from 'react-router-dom';
import { CloseIcon } from '../components/Icons';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './Checkout.css';

export default function PaymentCancelPage() {
  useDocumentTitle('Payment Cancelled');
  return (
    <div className="result container">
      <div className="result__card">
        <span className="result__mark" aria-hidden="true">
          <CloseIcon size={28} />
        </span>
        <p className="eyebrow">No Payment Taken</p>
        <h1 className="display-2">Payment Cancelled</h1>
        <p className="muted">Your payment was cancelled and nothing was charged. Your order is kept; you can return whenever you are ready.</p>
        <div className="result__actions">
          <Link to="/cart" className="btn btn--primary">
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
