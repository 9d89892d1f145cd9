import type { ProductReviews as Reviews, PublicReview } from '@facet/contracts';
import { Stars } from './Stars';
import './ProductReviews.css';

// One formatter for every review (toLocaleDateString builds a new one per call, a millisecond each on a phone).
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const reviewDate = (iso: string) => LONG_DATE.format(new Date(iso));

/**
 * A piece's approved reviews (issue 41): the rating they make and the newest ten, each with its author's first
 * name and initial, date, stars and "Verified buyer" when written about a piece delivered to its author.
 */
export function ProductReviews({ reviews }: { reviews: Reviews | null }) {
  // Read by the product route's loader; null when it could not be (the section is left out).
  if (!reviews) return null;
  const count = reviews.reviews_count;
  return (
    <section className="reviews section" aria-labelledby="reviews-title" id="reviews" data-testid="product-reviews">
      <div className="container reviews__inner">
        <div className="reviews__summary">
          <p className="eyebrow">From our clients</p>
          <h2 id="reviews-title" className="display-2">
            Reviews
          </h2>
          {count > 0 ? (
            <p className="reviews__rating" data-testid="reviews-summary">
              <Stars rating={reviews.rating} size={20} />
              <span className="reviews__average">{reviews.rating.toFixed(1)}</span>
              <span className="muted">
                out of 5 · {count} {count === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          ) : (
            <p className="muted" data-testid="reviews-summary">
              No reviews yet. Clients who bought this piece can review it from My Orders once it is delivered.
            </p>
          )}
        </div>
        {reviews.items.length > 0 && (
          <ol className="reviews__list">
            {reviews.items.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function ReviewItem({ review: r }: { review: PublicReview }) {
  return (
    <li className="review" data-testid="review">
      <div className="review__head">
        <Stars rating={r.stars} size={15} />
        {r.title && <h3 className="review__title">{r.title}</h3>}
      </div>
      <p className="review__text">{r.text}</p>
      <p className="review__meta">
        <span className="review__author">{r.author}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={r.created_at}>{reviewDate(r.created_at)}</time>
        {r.verified && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="review__verified">Verified buyer</span>
          </>
        )}
      </p>
    </li>
  );
}
