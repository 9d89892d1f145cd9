import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paymentsApi } from '../api/account';
import { lastOrder } from '../lib/payAgain';
import { newUuid } from '../api/client';
import { createOrder } from '../api/shop';
import { FormField } from '../components/FormField';
import { BagIcon, ShieldIcon } from '../components/Icons';
import { OrderSummary } from '../components/OrderSummary';
import { useAuth } from '../features/auth/useAuth';
import { cartActions, useCart } from '../features/cart/useCart';
import { toast } from '../features/toast/toasts';
import {
  buildCardOrder,
  CHECKOUT_API_FIELDS,
  CHECKOUT_FAILED,
  CHECKOUT_STATES,
  EMPTY_CHECKOUT,
  oneLineAddress,
  stockRefusal,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutForm,
} from '../lib/checkout';
import { formRefusal, refusalSummary } from '../lib/fieldErrors';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import type { PaymentState } from './PaymentPage';
import './Checkout.css';

/** Leaves the shop for the provider's hosted page (a seam for tests). */
export const redirectTo = { go: (url: string) => window.location.assign(url) };

type Field = {
  key: keyof CheckoutForm;
  label: string;
  type?: string;
  autoComplete?: string;
  wide?: boolean;
  inputMode?: 'numeric';
  maxLength?: number;
  placeholder?: string;
};

const CONTACT: Field[] = [
  { key: 'firstName', label: 'First Name *', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last Name *', autoComplete: 'family-name' },
  { key: 'email', label: 'Email *', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel' },
];
const ADDRESS: Field[] = [
  { key: 'address', label: 'Address *', autoComplete: 'address-line1', wide: true },
  { key: 'apartment', label: 'Apartment, suite (optional)', autoComplete: 'address-line2', wide: true },
  { key: 'city', label: 'City *', autoComplete: 'address-level2' },
  { key: 'zipCode', label: 'ZIP Code *', autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 },
];
export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { items } = useCart();
  const { user } = useAuth();
  const [form, setForm] = useState<CheckoutForm>(() => ({
    ...EMPTY_CHECKOUT,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    address: user?.address.street ?? '',
    apartment: user?.address.apartment ?? '',
    city: user?.address.city ?? '',
    state: (CHECKOUT_STATES as readonly string[]).includes(user?.address.state ?? '') ? user!.address.state : '',
    zipCode: user?.address.zipCode ?? '',
  }));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [busy, setBusy] = useState<false | 'hosted' | 'page'>(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const idempotencyKey = useRef(newUuid());
  useEffect(() => {
    if (refusal) document.getElementById('checkout-refusal')?.scrollIntoView?.({ block: 'center' });
  }, [refusal]);
  const navigate = useNavigate();

  if (items.length === 0) {
    return (
      <div className="state container">
        <BagIcon size={44} className="state__icon" />
        <h1 className="state__title">Your Cart is Empty</h1>
        <p className="state__text">Add a piece to your selection before checking out.</p>
        <Link to="/catalogue" className="btn btn--primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const edit = (key: keyof CheckoutForm, raw: string) => {
    setForm((f) => ({ ...f, [key]: raw }));
    setErrors((e) => {
      if (!e[key]) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  };

  /** hosted: the provider's page (the selection is cleared just before leaving); page: our secure payment page. */
  const placeOrder = async (mode: 'hosted' | 'page') => {
    if (busy) return;
    const found = validateCheckout(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`checkout-${first}`)?.focus();
      return;
    }
    setBusy(mode);
    setRefusal(null);
    try {
      // The order and its payment session are one conversation in the audit log (one correlation id).
      const conversation = newUuid();
      const { order_id } = await createOrder(buildCardOrder(items, form), idempotencyKey.current, conversation);
      const session = await paymentsApi.openSession(
        {
          origin_url: window.location.origin,
          order_id,
          user_email: form.email.trim(),
          metadata: {
            customer_name: `${form.firstName.trim()} ${form.lastName.trim()}`,
            phone: form.phone.trim(),
            address: oneLineAddress(form),
          },
        },
        conversation,
      );
      // The shop's own payment page pays only the sandbox's sessions: under Stripe every button goes to its Checkout page.
      if (mode === 'page' && session.provider !== 'stripe') {
        const totals = buildCardOrder(items, form);
        const state: PaymentState = {
          orderId: order_id,
          sessionId: session.session_id,
          items: [...items],
          total: totals.total,
          email: form.email.trim(),
          cardName: `${form.firstName.trim()} ${form.lastName.trim()}`,
        };
        void navigate('/payment', { state });
        return;
      }
      if (!session?.url) throw new Error('No checkout URL received');
      lastOrder.remember(order_id); // /payment/cancel can pay it again and bring the selection back
      cartActions.clear(); // just before leaving for the provider's page
      redirectTo.go(session.url);
    } catch (error) {
      console.error('Failed to create checkout session', error);
      // Fields the API refused: marked at the field, in the shop's words; the toast says where to look.
      const fields = formRefusal(error, CHECKOUT_API_FIELDS);
      if (fields.order.length) {
        setErrors(fields.errors);
        document.getElementById(`checkout-${fields.order[0]}`)?.focus();
      }
      const message =
        fields.order.length || fields.rest.length
          ? refusalSummary(fields)
          : error instanceof Error && error.name === 'ApiError'
            ? error.message
            : CHECKOUT_FAILED;
      toast({ title: 'Checkout failed', description: message || CHECKOUT_FAILED, variant: 'destructive' });
      // Too few left of a piece: said in the form too, beside the order it concerns, until the next attempt.
      const refused = stockRefusal(error);
      if (refused) setRefusal(refused);
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void placeOrder('hosted');
  };

  const input = (f: Field) => (
    <FormField key={f.key} id={`checkout-${f.key}`} label={f.label} error={errors[f.key]} className={f.wide ? 'field--wide' : undefined}>
      {(aria) => (
        <input
          id={`checkout-${f.key}`}
          className="input"
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          inputMode={f.inputMode}
          maxLength={f.maxLength}
          placeholder={f.placeholder}
          value={form[f.key]}
          {...aria}
          onChange={(e) => edit(f.key, e.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <div className="co container">
      <header className="co__header">
        <p className="eyebrow">Secure Checkout</p>
        <h1 className="display-2">Checkout</h1>
        <p className="muted">Complete your details, then confirm the payment on our provider&rsquo;s secure page.</p>
      </header>
      <div className="co__layout">
        <form className="co__form" onSubmit={submit} noValidate aria-label="Checkout">
          {refusal && (
            <p id="checkout-refusal" className="form-refusal" role="alert" data-testid="stock-refusal">
              {refusal} Please change your selection in the <Link to="/cart">cart</Link> and try again.
            </p>
          )}
          <section className="co-section">
            <h2 className="co-section__title">
              <span className="co-section__num">01</span> Contact
            </h2>
            <div className="co-grid">{CONTACT.map(input)}</div>
          </section>
          <section className="co-section">
            <h2 className="co-section__title">
              <span className="co-section__num">02</span> Shipping Address
            </h2>
            <div className="co-grid">
              {ADDRESS.slice(0, 3).map(input)}
              <FormField id="checkout-state" label="State *" error={errors.state}>
                {(aria) => (
                  <select
                    id="checkout-state"
                    className="select"
                    value={form.state}
                    aria-invalid={aria['aria-invalid']}
                    aria-describedby={aria['aria-describedby']}
                    onChange={(e) => edit('state', e.target.value)}
                  >
                    <option value="">Choose a state</option>
                    {CHECKOUT_STATES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              {input(ADDRESS[3])}
              <FormField id="checkout-country" label="Country">
                <select id="checkout-country" className="select" value={form.country} onChange={(e) => edit('country', e.target.value)}>
                  <option value="US">United States</option>
                </select>
              </FormField>
            </div>
          </section>
          <section className="co-section">
            <h2 className="co-section__title">
              <span className="co-section__num">03</span> Payment
            </h2>
            <p className="co-note" data-testid="checkout-card-note">
              <ShieldIcon size={18} />
              <span>
                You will enter your card on our payment provider&rsquo;s secure page, once. Your order shows the last four digits of the
                card that was charged.
              </span>
            </p>
          </section>
          <button type="submit" className="btn btn--primary btn--block" disabled={Boolean(busy)}>
            {busy === 'hosted' ? 'Placing Order...' : 'Place Order'}
          </button>
          <button type="button" className="btn btn--ghost btn--block" disabled={Boolean(busy)} onClick={() => void placeOrder('page')}>
            {busy === 'page' ? 'Placing Order...' : 'Pay by Card or Bank Transfer Here'}
          </button>
        </form>
        <OrderSummary items={items} />
      </div>
    </div>
  );
}
