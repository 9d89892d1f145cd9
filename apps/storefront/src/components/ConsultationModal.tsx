import { formatPrice } from '@facet/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { newUuid } from '../api/client';
import { createOrder } from '../api/shop';
import type { CartItem } from '../features/cart/cart';
import { cartCount, cartLineKey, cartSummary } from '../features/cart/cart';
import { cartActions } from '../features/cart/useCart';
import { useAuth } from '../features/auth/useAuth';
import {
  buildConsultationOrder,
  clearFieldError,
  CONSULTATION_FAILED,
  EMPTY_CONSULTATION,
  stockRefusal,
  validateConsultation,
  type ConsultationErrors,
  type ConsultationForm,
} from '../lib/consultation';
import { FormField } from './FormField';
import { LineChoice } from './LineChoice';
import { Modal } from './Modal';

export interface ConsultationConfirmation {
  orderId: string;
  order: ReturnType<typeof buildConsultationOrder>;
  /** The lines as the shopper chose them (with their size and engraving labels), for the confirmation. */
  items: CartItem[];
}

const FIELDS: { key: keyof ConsultationForm; label: string; type: string; autoComplete: string }[] = [
  { key: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

/**
 * Submit Consultation Request: four required fields, then POST /api/orders (status consultation_requested)
 * with an Idempotency-Key per attempt. Success clears the selection and opens /consultation-submitted.
 */
export function ConsultationModal({ items, onClose }: { items: readonly CartItem[]; onClose: () => void }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  // Signed in: the four fields start from the profile (as checkout does), still editable.
  const [form, setForm] = useState<ConsultationForm>(() => ({
    ...EMPTY_CONSULTATION,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
  }));
  const [errors, setErrors] = useState<ConsultationErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const inFlight = useRef(false);
  const totals = cartSummary(items);
  const pieces = cartCount(items);

  const edit = (key: keyof ConsultationForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => clearFieldError(e, key));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = validateConsultation(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const firstInvalid = FIELDS.find((f) => found[f.key]);
      if (firstInvalid) document.getElementById(`consultation-${firstInvalid.key}`)?.focus();
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setRefusal(null);
    const order = buildConsultationOrder(items, form);
    try {
      const { order_id } = await createOrder(order, newUuid());
      cartActions.clear();
      const state: ConsultationConfirmation = { orderId: order_id, order, items: [...items] };
      void navigate('/consultation-submitted', { state });
    } catch (error) {
      console.error('Consultation request failed', error);
      const refused = stockRefusal(error);
      if (refused) setRefusal(refused);
      else window.alert(CONSULTATION_FAILED);
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="Request a Consultation"
      labelledBy="consultation-title"
      onClose={() => !submitting && onClose()}
      description={
        <p>
          Leave your details and a specialist will contact you within 24-48 hours to discuss your selection, customisation and payment. No
          payment is taken now.
        </p>
      }
    >
      <p className="consultation__summary">
        {pieces} {pieces === 1 ? 'piece' : 'pieces'} · Estimated total <strong className="price">{formatPrice(totals.total)}</strong>
      </p>
      <ul className="consultation__lines" aria-label="Your selection">
        {items.map((i) => (
          <li key={cartLineKey(i)}>
            {i.name} <span className="muted">× {i.quantity}</span>
            <LineChoice label={i.variantLabel} engraving={i.engraving} />
          </li>
        ))}
      </ul>
      {refusal && (
        <p className="form-refusal consultation__refusal" role="alert" data-testid="stock-refusal">
          {refusal} Please change your selection and try again.
        </p>
      )}
      <form className="consultation__form" onSubmit={submit} noValidate>
        {FIELDS.map((f) => (
          <FormField
            key={f.key}
            id={`consultation-${f.key}`}
            label={
              <>
                {f.label} <span aria-hidden="true">*</span>
              </>
            }
            error={errors[f.key]}
            className={f.key === 'email' || f.key === 'phone' ? 'field--wide' : undefined}
          >
            {(aria) => (
              <input
                id={`consultation-${f.key}`}
                className="input"
                type={f.type}
                autoComplete={f.autoComplete}
                value={form[f.key]}
                onChange={(e) => edit(f.key, e.target.value)}
                aria-required="true"
                {...aria}
              />
            )}
          </FormField>
        ))}
        <button type="submit" className="btn btn--primary btn--block field--wide" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Consultation Request'}
        </button>
      </form>
    </Modal>
  );
}
