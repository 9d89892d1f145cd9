import type { CustomerDeleted, ReviewApproved, ReviewImported, ReviewRejected, ReviewSubmitted } from '@facet/contracts';
import { ERASED } from '../../platform/privacy/personal-data';
import { effectStatements, readModelSpec, recorded } from '../../testing/read-model-spec';
import { ReviewRow, reviewsReadModel } from './reviews.projection';

const reviews = readModelSpec(reviewsReadModel);
const ID = '0b8a3f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const PRODUCT = '7d6c5b4a-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const ORDER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-02T11:30:00.000Z';

const submitted = (over: Partial<ReviewSubmitted['data']> = {}) =>
  recorded<ReviewSubmitted>(
    {
      type: 'ReviewSubmitted',
      data: {
        review_id: ID,
        product_id: PRODUCT,
        customer_id: 'c-1',
        order_id: ORDER,
        stars: 5,
        title: 'Lovely',
        text: 'A lovely ring.',
        author_name: 'Ada L.',
        ...over,
      },
    },
    { revision: 0, occurredAt: AT },
  );
const imported = () =>
  recorded<ReviewImported>(
    {
      type: 'ReviewImported',
      data: { review_id: ID, product_id: PRODUCT, stars: 4, title: null, text: 'Good.', author_name: 'Demo' },
    },
    { revision: 0, occurredAt: AT },
  );
const moderated = (type: 'ReviewApproved' | 'ReviewRejected') =>
  recorded<ReviewApproved | ReviewRejected>(
    { type, data: { review_id: ID, from: 'pending', to: type === 'ReviewApproved' ? 'approved' : 'rejected', by: 'staff-9' } as never },
    { revision: 1, occurredAt: LATER },
  );

const erasure = (customerId: string | null) =>
  recorded<CustomerDeleted>({ type: 'CustomerDeleted', data: { customer_id: customerId } as CustomerDeleted['data'] });

const pending: ReviewRow = {
  id: ID,
  product_id: PRODUCT,
  customer_id: 'c-1',
  order_id: ORDER,
  verified: true,
  status: 'pending',
  stars: 5,
  title: 'Lovely',
  body: 'A lovely ring.',
  author_name: 'Ada L.',
  moderated_by: null,
  moderated_at: null,
  version: 0,
  created_at: AT,
  updated_at: AT,
};

describe('rm.reviews as a fold', () => {
  it('should make a pending, verified review of a submitted one', () => {
    reviews.given(submitted()).thenRow(ID, pending);
  });

  it('should make an approved, unverified review without customer or order of an imported one', () => {
    reviews.given(imported()).thenRow(ID, {
      ...pending,
      customer_id: null,
      order_id: null,
      verified: false,
      status: 'approved',
      stars: 4,
      title: null,
      body: 'Good.',
      author_name: 'Demo',
    });
  });

  it('should keep the first review when one is recorded twice', () => {
    reviews.given(submitted(), submitted({ text: 'Second.' })).thenRowMatches(ID, { body: 'A lovely ring.' });
  });

  it('should approve and reject with who and when, and the stream revision', () => {
    const moderatedAt = { moderated_by: 'staff-9', moderated_at: LATER, version: 1, updated_at: LATER };
    reviews.given(submitted(), moderated('ReviewApproved')).thenRow(ID, { ...pending, status: 'approved', ...moderatedAt });
    reviews.given(submitted(), moderated('ReviewRejected')).thenRow(ID, { ...pending, status: 'rejected', ...moderatedAt });
  });

  it('should make no row of a moderation of a review it does not have', () => {
    reviews.given(moderated('ReviewApproved')).thenNoRow(ID);
  });

  it('should write a review sent by an account already erased under the placeholder', () => {
    reviews
      .givenRows([], new Set(['c-1']))
      .given(submitted())
      .thenRowMatches(ID, { author_name: ERASED, body: 'A lovely ring.' });
    reviews
      .givenRows([], new Set(['c-2']))
      .given(submitted())
      .thenRowMatches(ID, { author_name: 'Ada L.' });
  });

  it('should store text exactly as accepted, a lone surrogate as PostgreSQL received it from a parameter', () => {
    reviews.given(submitted({ text: 'Ring 💎 \u202eresizing\u202c', title: 'a\ud800b' })).thenRowMatches(ID, {
      body: 'Ring 💎 \u202eresizing\u202c',
      title: 'a\ufffdb',
    });
    // NUL is kept in the row: PostgreSQL refuses it, and the runner parks the event.
    reviews.given(submitted({ text: 'a\u0000b' })).thenRowMatches(ID, { body: 'a\u0000b' });
  });

  it("should erase a deleted customer's name on their reviews and remember the account, as an effect", async () => {
    const deleted = erasure('c-1');
    expect(reviewsReadModel.keyOf(deleted)).toBeNull();
    const effect = reviews.effectOf(deleted)!;
    expect(effect.name).toMatch(/placeholder/);
    expect(await effectStatements(effect, deleted)).toEqual([
      { sql: 'UPDATE reviews SET author_name = $2 WHERE customer_id = $1', params: ['c-1', ERASED] },
      { sql: 'INSERT INTO reviews_erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', params: ['c-1'] },
    ]);
    // A guest's erasure names no account: nothing to do here.
    expect(await effectStatements(effect, erasure(null))).toEqual([]);
  });

  it('should refuse (so the runner parks) a review made without an id', () => {
    expect(() => reviewsReadModel.keyOf(submitted({ review_id: undefined as never }))).toThrow(/review id/);
  });
});
