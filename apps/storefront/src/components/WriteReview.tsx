import { hasVisibleText, REVIEW_LIMITS, type MyOrder } from '@facet/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { myReviews, submitReview } from '../api/account';
import { ApiError } from '../api/client';
import { FieldError, FormField } from './FormField';
import { Modal } from './Modal';
import './WriteReview.css';

const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

type Piece = { id: string; name: string };

/** The distinct pieces of an order (a piece ordered in two sizes is reviewed once). */
function piecesOf(order: MyOrder): Piece[] {
  const seen = new Map<string, Piece>();
  for (const item of order.items) if (!seen.has(item.id)) seen.set(item.id, { id: item.id, name: item.name });
  return [...seen.values()];
}

/** Whether a delivered order still has a piece its customer has not reviewed (one review per piece). */
export function hasPieceToReview(order: MyOrder, reviewed: ReadonlySet<string>): boolean {
  return piecesOf(order).some((p) => !reviewed.has(p.id));
}

/** The fields a 400 names ({ errors: [{ field, message }] }). */
function fieldErrorsOf(body: unknown): { field: string; message: string }[] {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  type FieldError = { field: string; message: string };
  const named = (e: unknown): e is FieldError => {
    const error = e as Partial<Record<keyof FieldError, unknown>> | null | undefined;
    return typeof error?.field === 'string' && typeof error?.message === 'string';
  };
  return Array.isArray(errors) ? (errors as unknown[]).filter(named) : [];
}

/**
 * My Orders' "Write Review" on a delivered order: a dialog to rate and review one of its pieces. The pieces
 * reviewed in it are told to `onReviewed` once the dialog closes (My Orders then stops offering what is done).
 */
export function WriteReviewButton({ order, onReviewed }: { order: MyOrder; onReviewed?: (productIds: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const reviewedHere = useRef<string[]>([]);
  const close = () => {
    setOpen(false);
    if (reviewedHere.current.length) onReviewed?.(reviewedHere.current);
    reviewedHere.current = [];
  };
  return (
    <>
      <button type="button" className="btn btn--ghost btn--small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Write Review
      </button>
      {open && <ReviewDialog order={order} onClose={close} onReviewed={(id) => reviewedHere.current.push(id)} />}
    </>
  );
}

function ReviewDialog({ order, onClose, onReviewed }: { order: MyOrder; onClose: () => void; onReviewed: (productId: string) => void }) {
  const pieces = piecesOf(order);
  const [reviewed, setReviewed] = useState<Set<string>>(new Set());
  const [productId, setProductId] = useState(pieces[0]?.id ?? '');
  const [stars, setStars] = useState(0);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    myReviews()
      .then(({ items }) => {
        if (!live) return;
        const ids = new Set(items.map((r) => r.product_id));
        setReviewed(ids);
        setProductId((current) => (ids.has(current) ? (pieces.find((p) => !ids.has(p.id))?.id ?? current) : current));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // The order's pieces do not change while the dialog is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const already = reviewed.has(productId);

  async function send(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (stars < 1) problems.stars = 'Please choose from 1 to 5 stars.';
    if (!hasVisibleText(text)) problems.text = 'Please write a few words about the piece.';
    setErrors(problems);
    setRefusal(null);
    if (Object.keys(problems).length) return;
    setSending(true);
    try {
      const answer = await submitReview({ order_id: order.orderId, product_id: productId, stars, title: title.trim() || null, text });
      setDone(answer.message);
      onReviewed(productId);
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? fieldErrorsOf(error.body) : [];
      if (fields.length) {
        setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
      } else {
        setRefusal(error instanceof Error ? error.message : 'Your review could not be sent. Please try again.');
      }
      if (error instanceof ApiError && error.status === 409) {
        setReviewed((r) => new Set(r).add(productId));
        onReviewed(productId);
      }
    } finally {
      setSending(false);
    }
  }

  if (done) {
    return (
      <Modal title="Thank you" onClose={onClose} labelledBy="review-title">
        <p className="review-form__done" role="status">
          {done}
        </p>
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          Close
        </button>
      </Modal>
    );
  }

  const described = (field: string) => (errors[field] ? `review-${field}-error` : undefined);
  return (
    <Modal
      title="Write a Review"
      onClose={onClose}
      labelledBy="review-title"
      description={<p>Tell others about your piece. Reviews appear once our team has read them.</p>}
    >
      <form className="review-form" onSubmit={send} noValidate>
        {pieces.length > 1 ? (
          <FormField id="review-piece" label="Piece">
            <select id="review-piece" className="input" value={productId} onChange={(e) => setProductId(e.target.value)}>
              {pieces.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {reviewed.has(p.id) ? ' (reviewed)' : ''}
                </option>
              ))}
            </select>
          </FormField>
        ) : (
          <p className="review-form__piece">{pieces[0]?.name}</p>
        )}
        {already ? (
          <p className="form-refusal" role="status">
            You have already reviewed this piece. Thank you.
          </p>
        ) : (
          <>
            <fieldset className="review-form__stars" aria-describedby={described('stars')}>
              <legend>
                Your rating <span aria-hidden="true">*</span>
              </legend>
              <div className="star-input">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label key={n} className={`star-input__star${n <= stars ? ' is-on' : ''}`}>
                    <input
                      type="radio"
                      name="review-stars"
                      value={n}
                      checked={stars === n}
                      onChange={() => setStars(n)}
                      aria-label={`${n} ${n === 1 ? 'star' : 'stars'}, ${STAR_WORDS[n - 1]}`}
                    />
                    <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <path d="M12 2.8l2.7 6 6.5.6-4.9 4.3 1.5 6.4L12 16.8l-5.8 3.3 1.5-6.4-4.9-4.3 6.5-.6z" />
                    </svg>
                  </label>
                ))}
                <span className="star-input__word" aria-hidden="true">
                  {stars ? STAR_WORDS[stars - 1] : ''}
                </span>
              </div>
              <FieldError id="review-stars-error" error={errors.stars} />
            </fieldset>
            <FormField id="review-title-input" label="Title (optional)" error={errors.title} errorId="review-title-error">
              {(aria) => (
                <input
                  id="review-title-input"
                  className="input"
                  value={title}
                  maxLength={REVIEW_LIMITS.title}
                  onChange={(e) => setTitle(e.target.value)}
                  {...aria}
                />
              )}
            </FormField>
            <FormField
              id="review-text"
              label={
                <>
                  Your review <span aria-hidden="true">*</span>
                </>
              }
              error={errors.text}
            >
              {(aria) => (
                <>
                  <textarea
                    id="review-text"
                    className="input"
                    rows={5}
                    value={text}
                    maxLength={REVIEW_LIMITS.text}
                    onChange={(e) => setText(e.target.value)}
                    aria-required="true"
                    aria-invalid={aria['aria-invalid']}
                    aria-describedby={aria['aria-describedby'] ?? 'review-text-count'}
                  />
                  <p id="review-text-count" className="review-form__count muted">
                    {text.length} / {REVIEW_LIMITS.text}
                  </p>
                </>
              )}
            </FormField>
            {refusal && (
              <p className="form-refusal" role="alert">
                {refusal}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--block" disabled={sending}>
              {sending ? 'Sending...' : 'Submit Review'}
            </button>
          </>
        )}
      </form>
    </Modal>
  );
}
