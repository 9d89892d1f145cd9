import {
  assertNever,
  hasVisibleText,
  isReviewStars,
  eventTypes,
  REVIEW_LIMITS,
  REVIEW_STREAM_EVENT_SCHEMAS,
  type ReviewContent,
  ReviewStatus,
  type ReviewStreamEvent,
} from '@facet/contracts';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { unstorableReason } from '../../platform/http/storable-input';
import { registerPersonalFields } from '../../platform/privacy/personal-fields';

// The events' payload types live in libs/contracts (events/reviews.ts, issue 42); re-exported for this part.
export type {
  RatingEvent,
  ReviewApproved,
  ReviewContent,
  ReviewEvent,
  ReviewImported,
  ReviewModerated,
  ReviewRejected,
  ReviewsSeeded,
  ReviewStreamEvent,
  ReviewSubmitted,
} from '@facet/contracts';

export const REVIEW_EVENT_TYPES = eventTypes(REVIEW_STREAM_EVENT_SCHEMAS);
/** The events that change a product's rating (the products projection follows them). */
export { RATING_EVENT_TYPES } from '@facet/contracts';

// The author's name is the customer's: sealed under their key, forgotten when they are erased.
registerPersonalFields('ReviewSubmitted', {
  subject: (d: { customer_id: string }) => `customer:${d.customer_id}`,
  fields: ['author_name'],
});

export const reviewStream = (id: string) => `review-${id}`;

export interface ReviewState {
  status: ReviewStatus | 'none';
  productId: string | null;
  stars: number;
}

export type ReviewCommand =
  | {
      type: 'SubmitReview';
      reviewId: string;
      productId: string;
      orderId: string;
      customerId: string;
      authorName: string;
      content: ReviewContent;
    }
  | { type: 'ImportReview'; reviewId: string; productId: string; authorName: string; content: ReviewContent }
  | { type: 'ModerateReview'; reviewId: string; to: Exclude<ReviewStatus, 'pending'>; by: string; note: string | null };

/** The rules on what a review says, whoever sends it (the DTO says the same at the edge). */
export function checkReviewContent(c: ReviewContent): void {
  if (!isReviewStars(c.stars)) throw new BadInputError('stars must be a whole number from 1 to 5.', 'stars');
  if (typeof c.text !== 'string' || !hasVisibleText(c.text)) throw new BadInputError('Please write a few words about the piece.', 'text');
  if (c.text.length > REVIEW_LIMITS.text) throw new BadInputError(`text must be at most ${REVIEW_LIMITS.text} characters.`, 'text');
  if (c.title !== null && c.title.length > REVIEW_LIMITS.title) {
    throw new BadInputError(`title must be at most ${REVIEW_LIMITS.title} characters.`, 'title');
  }
  for (const [field, value] of [
    ['text', c.text],
    ['title', c.title],
  ] as const) {
    const reason = value === null ? null : unstorableReason(value);
    if (reason) throw new BadInputError(`${field} ${reason}`, field);
  }
}

export const ALREADY_REVIEWED = 'You have already reviewed this piece.';

export const review = {
  initialState: (): ReviewState => ({ status: 'none', productId: null, stars: 0 }),

  evolve(state: ReviewState, event: ReviewStreamEvent): ReviewState {
    switch (event.type) {
      case 'ReviewSubmitted':
        return { status: 'pending', productId: event.data.product_id, stars: event.data.stars };
      case 'ReviewImported':
        return { status: 'approved', productId: event.data.product_id, stars: event.data.stars };
      case 'ReviewApproved':
        return { ...state, status: 'approved' };
      case 'ReviewRejected':
        return { ...state, status: 'rejected' };
      default:
        return assertNever(event);
    }
  },

  decide(command: ReviewCommand, state: ReviewState): ReviewStreamEvent[] {
    switch (command.type) {
      case 'SubmitReview':
        if (state.status !== 'none') throw new ConflictError(ALREADY_REVIEWED);
        checkReviewContent(command.content);
        return [
          {
            type: 'ReviewSubmitted',
            data: {
              review_id: command.reviewId,
              product_id: command.productId,
              order_id: command.orderId,
              customer_id: command.customerId,
              author_name: command.authorName,
              ...command.content,
            },
          },
        ];
      case 'ImportReview':
        if (state.status !== 'none') throw new ConflictError('A review with this id already exists.');
        checkReviewContent(command.content);
        return [
          {
            type: 'ReviewImported',
            data: { review_id: command.reviewId, product_id: command.productId, author_name: command.authorName, ...command.content },
          },
        ];
      case 'ModerateReview': {
        if (state.status === 'none') throw new NotFoundError('No such review.');
        // The status it has already: nothing to record (a double click, a retry, two staff at once).
        if (state.status === command.to) return [];
        return [
          {
            type: command.to === 'approved' ? 'ReviewApproved' : 'ReviewRejected',
            data: {
              review_id: command.reviewId,
              product_id: state.productId as string,
              stars: state.stars,
              from: state.status,
              by: command.by,
              note: command.note,
            },
          },
        ];
      }
    }
  },
};
