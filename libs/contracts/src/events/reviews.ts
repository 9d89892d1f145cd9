import type { ReviewStatus } from '../reviews';
import { defineEvents, event, type EventOfType, type EventsOf } from './event';

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

/** The events of one review's stream (the review decider's). */
export const REVIEW_STREAM_EVENT_SCHEMAS = defineEvents({
  ReviewSubmitted: event<ReviewSubmittedData>(),
  ReviewImported: event<ReviewImportedData>(),
  ReviewApproved: event<ReviewModeratedData>(),
  ReviewRejected: event<ReviewModeratedData>(),
});

export const REVIEW_EVENT_SCHEMAS = defineEvents({
  ...REVIEW_STREAM_EVENT_SCHEMAS,
  ReviewsSeeded: event<ReviewsSeededData>(),
});

export type ReviewEvent = EventsOf<typeof REVIEW_EVENT_SCHEMAS>;
export type ReviewStreamEvent = EventsOf<typeof REVIEW_STREAM_EVENT_SCHEMAS>;
export type ReviewSubmitted = EventOfType<ReviewEvent, 'ReviewSubmitted'>;
export type ReviewImported = EventOfType<ReviewEvent, 'ReviewImported'>;
export type ReviewApproved = EventOfType<ReviewEvent, 'ReviewApproved'>;
export type ReviewRejected = EventOfType<ReviewEvent, 'ReviewRejected'>;
export type ReviewModerated = ReviewApproved | ReviewRejected;
export type ReviewsSeeded = EventOfType<ReviewEvent, 'ReviewsSeeded'>;

/** The events that change a product's rating (the products projection follows them): a selection, checked against the table. */
export const RATING_EVENT_TYPES = ['ReviewImported', 'ReviewApproved', 'ReviewRejected'] as const satisfies readonly ReviewEvent['type'][];
export type RatingEvent = EventOfType<ReviewEvent, (typeof RATING_EVENT_TYPES)[number]>;
