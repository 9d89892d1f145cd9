import { formatPrice } from '@facet/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paymentsApi, type DemoBank } from '../api/account';
import { FormField } from '../components/FormField';
import { BagIcon, ShieldIcon } from '../components/Icons';
import { OrderSummary } from '../components/OrderSummary';
import type { CartItem } from '../features/cart/cart';
import { cartActions, useCart } from '../features/cart/useCart';
import { toast } from '../features/toast/toasts';
import { cardDetailsComplete, formatCardNumber, formatCvv, formatExpiry, SIMULATED_PAYMENT_DELAY_MS } from '../lib/checkout';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { isInBrowser, type PaymentData } from '../routing/accountLoaders';
import { usePageData } from '../routing/usePageData';
import './Checkout.css';

/** What the checkout hands over: the order placed and the provider's session to pay it through. */
export interface PaymentState {
  orderId: string;
  sessionId: string;
  items: CartItem[];
  total: number;
  email: string;
  cardName: string;
}

const NO_BANKS: readonly DemoBank[] = [];

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The secure payment page: pay the order's sandbox session by card or by bank transfer from a demo account,
 * through the same provider as the hosted page (POST /api/payments/sandbox/sessions/{id}/pay).
 */
export default function PaymentPage() {
  useDocumentTitle('Secure Payment');
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as PaymentState | null;
  const { items: cartItems } = useCart();
  const items = state?.items ?? cartItems;
  const [method, setMethod] = useState<'card' | 'bank_transfer'>('card');
  const [card, setCard] = useState({ name: state?.cardName ?? '', number: '', expiry: '', cvv: '' });
  // The demo bank accounts, read by the route's loader (none while it runs, or when they could not be read).
  const loaded = usePageData<PaymentData>();
  const banks = loaded && !isInBrowser(loaded) ? loaded.banks : NO_BANKS;
  const [account, setAccount] = useState('');
  const [processing, setProcessing] = useState(false);
  // A declined session is over; the next attempt pays a new session of the same order (same amount).
  const [sessionId, setSessionId] = useState(state?.sessionId ?? '');

  if (items.length === 0) {
    return (
      <div className="state container">
        <BagIcon size={44} className="state__icon" />
        <h1 className="state__title">No Items to Pay For</h1>
        <p className="state__text">Your selection is empty. Choose a piece, then return here to pay.</p>
        <Link to="/catalogue" className="btn btn--primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  // From the cart, without an order yet: the order is placed on the checkout form first.
  if (!state?.sessionId || !sessionId) {
    return (
      <div className="co container">
        <header className="co__header">
          <p className="eyebrow">Secure Payment</p>
          <h1 className="display-2">Secure Payment</h1>
        </header>
        <div className="co__layout">
          <section className="co-section">
            <h2 className="co-section__title">Your details first</h2>
            <p className="muted">
              Add your shipping address and card on the checkout form; you can then pay here by card or bank transfer.
            </p>
            <Link to="/checkout" className="btn btn--primary">
              Go to Checkout
            </Link>
          </section>
          <OrderSummary items={items} />
        </div>
      </div>
    );
  }

  const renewSession = async () => {
    try {
      const next = await paymentsApi.openSession({ origin_url: window.location.origin, order_id: state.orderId });
      setSessionId(next.session_id);
    } catch {
      /* the order can no longer be paid; the next attempt reports why */
    }
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    if (method === 'card' && !cardDetailsComplete(card)) {
      toast({ title: 'Please fill in all card details', variant: 'destructive' });
      return;
    }
    if (method === 'bank_transfer' && !account) {
      toast({ title: 'Please choose an account', variant: 'destructive' });
      return;
    }
    setProcessing(true);
    try {
      const [result] = await Promise.all([
        paymentsApi.pay(
          sessionId,
          method === 'card'
            ? { method: 'card', name: card.name.trim(), card_number: card.number, expiry: card.expiry, cvv: card.cvv }
            : { method: 'bank_transfer', account_id: account },
        ),
        wait(SIMULATED_PAYMENT_DELAY_MS),
      ]);
      if (result.success) {
        cartActions.clear();
        toast({
          title: 'Payment Successful!',
          description: `${formatPrice(result.amount)} received. A receipt is on its way to ${state.email}.`,
          variant: 'success',
        });
        void navigate(`/payment/success?session_id=${encodeURIComponent(result.session_id)}`, { replace: true });
      } else {
        toast({
          title: 'Payment Failed',
          description: `${result.message.replace(/^Payment Failed: /, '')} Your order is kept: you can try another card.`,
          variant: 'destructive',
        });
        await renewSession();
        setProcessing(false);
      }
    } catch (error) {
      toast({ title: 'Payment Failed', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
      if (error instanceof Error && /already complete|expired/i.test(error.message)) await renewSession();
      setProcessing(false);
    }
  };

  return (
    <div className="co container">
      <header className="co__header">
        <p className="eyebrow">Secure Payment</p>
        <h1 className="display-2">Secure Payment</h1>
        <p className="muted">
          Order {state.orderId.slice(0, 8).toUpperCase()} · {formatPrice(state.total)}
        </p>
      </header>
      <div className="co__layout">
        <form className="co__form" onSubmit={pay} noValidate aria-label="Payment">
          <section className="co-section">
            <h2 className="co-section__title">Payment Method</h2>
            <div className="pay-methods" role="radiogroup" aria-label="Payment method">
              {(
                [
                  ['card', 'Credit or debit card'],
                  ['bank_transfer', 'Bank transfer'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="choice" data-checked={method === value}>
                  <input type="radio" name="method" value={value} checked={method === value} onChange={() => setMethod(value)} />
                  {label}
                </label>
              ))}
            </div>

            {method === 'card' ? (
              <div className="co-grid">
                <FormField id="pay-name" label="Name on Card" className="field--wide">
                  <input
                    id="pay-name"
                    className="input"
                    autoComplete="cc-name"
                    value={card.name}
                    onChange={(e) => setCard((c) => ({ ...c, name: e.target.value }))}
                  />
                </FormField>
                <FormField id="pay-number" label="Card Number" className="field--wide">
                  <input
                    id="pay-number"
                    className="input"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    maxLength={19}
                    placeholder="1234 5678 9012 3456"
                    value={card.number}
                    onChange={(e) => setCard((c) => ({ ...c, number: formatCardNumber(e.target.value) }))}
                  />
                </FormField>
                <FormField id="pay-expiry" label="Expiry (MM/YY)">
                  <input
                    id="pay-expiry"
                    className="input"
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    maxLength={5}
                    placeholder="MM/YY"
                    value={card.expiry}
                    onChange={(e) => setCard((c) => ({ ...c, expiry: formatExpiry(e.target.value) }))}
                  />
                </FormField>
                <FormField id="pay-cvv" label="CVV">
                  <input
                    id="pay-cvv"
                    className="input"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    maxLength={4}
                    placeholder="123"
                    value={card.cvv}
                    onChange={(e) => setCard((c) => ({ ...c, cvv: formatCvv(e.target.value) }))}
                  />
                </FormField>
              </div>
            ) : (
              <div className="banks" role="radiogroup" aria-label="Demo bank accounts">
                {banks.map((b) => (
                  <label key={b.id} className="choice" data-checked={account === b.id}>
                    <input type="radio" name="account" value={b.id} checked={account === b.id} onChange={() => setAccount(b.id)} />
                    <span>
                      <span className="bank__name">{b.name}</span>
                      <span className="bank__meta">
                        {b.type === 'checking' ? 'Checking' : 'Savings'} · Balance {formatPrice(b.balance)}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            )}
            <p className="co-note">
              <ShieldIcon size={18} />
              <span>
                Sandbox payments: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; demo accounts pay what their balance
                covers.
              </span>
            </p>
          </section>
          <button type="submit" className="btn btn--primary btn--block" disabled={processing}>
            {processing ? (
              <span className="pay-processing">
                <span className="spinner spinner--small" aria-hidden="true" /> Processing Payment...
              </span>
            ) : (
              `Pay ${formatPrice(state.total)}`
            )}
          </button>
        </form>
        <OrderSummary items={items} />
      </div>
    </div>
  );
}
