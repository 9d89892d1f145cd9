import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { decider } from '../../testing/given-when-then';
import { ALREADY_REVIEWED, review as reviewDecider, ReviewCommand, ReviewContent, ReviewStreamEvent } from './review';

const review = decider(reviewDecider);

const content = (over: Partial<ReviewContent> = {}): ReviewContent => ({ stars: 4, title: 'Lovely', text: 'It fits well.', ...over });
const submit = (over: Partial<ReviewContent> = {}): ReviewCommand => ({
  type: 'SubmitReview',
  reviewId: 'r1',
  productId: 'p1',
  orderId: 'o1',
  customerId: 'c1',
  authorName: 'Ada L.',
  content: content(over),
});
const importReview = (over: Partial<ReviewContent> = {}): ReviewCommand => ({
  type: 'ImportReview',
  reviewId: 'r1',
  productId: 'p1',
  authorName: 'Demo Shopper',
  content: content(over),
});
const moderate = (to: 'approved' | 'rejected', note: string | null = null): ReviewCommand => ({
  type: 'ModerateReview',
  reviewId: 'r1',
  to,
  by: 'staff:s1',
  note,
});

const submitted: ReviewStreamEvent = {
  type: 'ReviewSubmitted',
  data: { review_id: 'r1', product_id: 'p1', order_id: 'o1', customer_id: 'c1', author_name: 'Ada L.', ...content() },
};
const imported: ReviewStreamEvent = {
  type: 'ReviewImported',
  data: { review_id: 'r1', product_id: 'p1', author_name: 'Demo Shopper', ...content() },
};
const moderated = (
  type: 'ReviewApproved' | 'ReviewRejected',
  from: 'pending' | 'approved' | 'rejected',
  note: string | null = null,
): ReviewStreamEvent => ({
  type,
  data: { review_id: 'r1', product_id: 'p1', stars: 4, from, by: 'staff:s1', note },
});

describe('review decider', () => {
  describe('Submitting', () => {
    it('should take a first review as pending, with what the customer wrote', () => {
      review.given().when(submit()).then(submitted);
      expect(review.given(submitted).state()).toEqual({ status: 'pending', productId: 'p1', stars: 4 });
    });

    it('should refuse a second review of the same piece, whatever became of the first', () => {
      review
        .given(submitted)
        .when(submit({ stars: 1, text: 'Changed my mind.' }))
        .thenError(ConflictError, ALREADY_REVIEWED);
      review.given(submitted, moderated('ReviewRejected', 'pending')).when(submit()).thenError(ConflictError, ALREADY_REVIEWED);
      review.given(imported).when(submit()).thenError(ConflictError, ALREADY_REVIEWED);
    });

    it.each([
      ['stars 0', { stars: 0 }, 'stars'],
      ['stars 6', { stars: 6 }, 'stars'],
      ['stars 1.5', { stars: 1.5 }, 'stars'],
      ['stars 1e308', { stars: 1e308 }, 'stars'],
      ['stars NaN', { stars: NaN }, 'stars'],
      ['no text', { text: '' }, 'text'],
      ['invisible text', { text: '\u200b\u200b ' }, 'text'],
      ['text over 5000 characters', { text: 'a'.repeat(5001) }, 'text'],
      ['title over 120 characters', { title: 't'.repeat(121) }, 'title'],
      ['a NUL in the text', { text: 'Lovely\u0000ring' }, 'text'],
      ['a lone surrogate in the text', { text: 'Lovely \ud800 ring' }, 'text'],
      ['a NUL in the title', { title: 'A\u0000B' }, 'title'],
    ])('should refuse %s, naming the field', (_what, over, field) => {
      review.given().when(submit(over)).thenError(BadInputError, /./, { field });
      review.given().when(importReview(over)).thenError(BadInputError, /./, { field });
    });

    it('should say what is wrong in the words the shopper reads', () => {
      review
        .given()
        .when(submit({ stars: 0 }))
        .thenError(BadInputError, 'stars must be a whole number from 1 to 5.', { field: 'stars' });
      review
        .given()
        .when(submit({ text: ' ' }))
        .thenError(BadInputError, 'Please write a few words about the piece.', { field: 'text' });
      review
        .given()
        .when(submit({ text: 'x'.repeat(5001) }))
        .thenError(BadInputError, 'text must be at most 5000 characters.');
      review
        .given()
        .when(submit({ title: 'x'.repeat(121) }))
        .thenError(BadInputError, 'title must be at most 120 characters.');
      review
        .given()
        .when(submit({ text: 'a\u0000b' }))
        .thenError(BadInputError, /^text contains a NUL character/, { field: 'text' });
    });

    it('should take text and title exactly at their limits, any script and no title at all', () => {
      const atLimits = { stars: 1, title: '🙂'.repeat(60), text: 'x'.repeat(5000) };
      review
        .given()
        .when(submit(atLimits))
        .then({ type: 'ReviewSubmitted', data: { ...submitted.data, ...atLimits } });
      const untitled = { stars: 5, title: null, text: 'عربى 中文 <script>alert(1)</script>' };
      review
        .given()
        .when(submit(untitled))
        .then({ type: 'ReviewSubmitted', data: { ...submitted.data, ...untitled } });
    });
  });

  describe('Importing with the demo catalogue', () => {
    it('should show an imported review at once, and refuse the same id twice', () => {
      review.given().when(importReview()).then(imported);
      expect(review.given(imported).state()).toEqual({ status: 'approved', productId: 'p1', stars: 4 });
      review.given(imported).when(importReview()).thenError(ConflictError, 'A review with this id already exists.');
      review.given(submitted).when(importReview()).thenError(ConflictError, 'A review with this id already exists.');
    });
  });

  describe('Moderating', () => {
    it('should approve and reject a pending review, carrying its product and stars so the rating follows', () => {
      review.given(submitted).when(moderate('approved')).then(moderated('ReviewApproved', 'pending'));
      review.given(submitted).when(moderate('rejected')).then(moderated('ReviewRejected', 'pending'));
      review
        .given(submitted)
        .when(moderate('rejected', 'Names another shop.'))
        .then(moderated('ReviewRejected', 'pending', 'Names another shop.'));
    });

    it('should move a review between approved and rejected, naming the status it leaves', () => {
      const approved = moderated('ReviewApproved', 'pending');
      review.given(submitted, approved).when(moderate('rejected')).then(moderated('ReviewRejected', 'approved'));
      review
        .given(submitted, approved, moderated('ReviewRejected', 'approved'))
        .when(moderate('approved'))
        .then(moderated('ReviewApproved', 'rejected'));
      review.given(imported).when(moderate('rejected')).then(moderated('ReviewRejected', 'approved'));
    });

    it('should record nothing for the status a review has already (a double click, a retry, two staff at once)', () => {
      review.given(submitted, moderated('ReviewApproved', 'pending')).when(moderate('approved')).then();
      review.given(imported).when(moderate('approved')).then();
      review.given(submitted, moderated('ReviewRejected', 'pending')).when(moderate('rejected')).then();
    });

    it('should answer 404 for a review that was never written', () => {
      review.given().when(moderate('approved')).thenError(NotFoundError, 'No such review.');
    });
  });
});
