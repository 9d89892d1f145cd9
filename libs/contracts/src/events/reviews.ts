import type { ReviewStatus } from '../reviews';
import type { EventOf, SchemaTable } from './event';

/** The reviews' events (issue 42): one stream per review (review-<id>), and the seed marker. */

/** What a customer writes: whole stars, an optional title, the text. */
export interface ReviewContent {
  stars: number;
  title: string | null;
  text: string;
}

export type ReviewSubmittedData = {
  review_id: string;
  product_id: string;
  order_id: string;
  customer_id: string;
  author_name: string;
} & ReviewContent;
/** A review listed with the demo catalogue (its seeded rating as reviews): shown at once, no customer behind it. */
export type ReviewImportedData = { review_id: string; product_id: string; author_name: string } & ReviewContent;
/** Staff approved (shown, counted) or rejected (hidden, not counted) a review; `stars` so the rating follows without a lookup. */
export interface ReviewModeratedData {
  review_id: string;
  product_id: string;
  stars: number;
  from: ReviewStatus;
  by: string;
  note: string | null;
}
/** The marker stream of the demo reviews' seed: how many products got reviews. */
export interface ReviewsSeededData {
  products: number;
}

export type ReviewSubmitted = EventOf<'ReviewSubmitted', ReviewSubmittedData>;
export type ReviewImported = EventOf<'ReviewImported', ReviewImportedData>;
export type ReviewApproved = EventOf<'ReviewApproved', ReviewModeratedData>;
export type ReviewRejected = EventOf<'ReviewRejected', ReviewModeratedData>;
export type ReviewModerated = ReviewApproved | ReviewRejected;
export type ReviewsSeeded = EventOf<'ReviewsSeeded', ReviewsSeededData>;

/** The events of one review's stream (the review decider's). */
export type ReviewStreamEvent = ReviewSubmitted | ReviewImported | ReviewModerated;
/** The events that change a product's rating (the products projection follows them). */
export type RatingEvent = ReviewImported | ReviewModerated;
export const RATING_EVENT_TYPES = ['ReviewImported', 'ReviewApproved', 'ReviewRejected'] as const satisfies readonly RatingEvent['type'][];

export type ReviewEvent = ReviewStreamEvent | ReviewsSeeded;

export const REVIEW_EVENT_SCHEMAS: SchemaTable<ReviewEvent> = {
  ReviewSubmitted: { version: 1 },
  ReviewImported: { version: 1 },
  ReviewApproved: { version: 1 },
  ReviewRejected: { version: 1 },
  ReviewsSeeded: { version: 1 },
};
