import { assertNever, CUSTOMER_DELETED, type CustomerDeleted } from '@facet/contracts';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { ERASED } from '../../platform/privacy/personal-data';
import { Injectable } from '@nestjs/common';
import { FoldProjection, idsIn, keyFrom, ReadModel, ReadModelProjection, requiredKeyFrom } from '../../platform/projections';
import { REVIEW_EVENT_TYPES, ReviewStreamEvent } from '../domain/review';

type ReviewsEvent = ReviewStreamEvent | CustomerDeleted;

/** A row of rm.reviews. */
export interface ReviewRow extends Record<string, unknown> {
  id: string;
  product_id: string;
  customer_id: string | null;
  order_id: string | null;
  verified: boolean;
  status: string;
  stars: number;
  title: string | null;
  body: string;
  author_name: string;
  moderated_by: string | null;
  moderated_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The customers among a batch's reviewers whose accounts are already erased (rm.reviews_erased_customers). */
type ErasedCustomers = ReadonlySet<string>;

const submitter = (event: RecordedEvent<ReviewsEvent>) => (event.type === 'ReviewSubmitted' ? event.data.customer_id : null);

/**
 * rm.reviews: every review with its status. An erased customer's reviews stay (the piece's rating is the
 * shop's), their name becomes the placeholder. Text is stored exactly as the command accepted it.
 */
export const reviewsReadModel: ReadModel<ReviewsEvent, ReviewRow, ErasedCustomers> = {
  name: 'reviews',
  table: 'reviews',
  key: 'id',
  eventTypes: [...REVIEW_EVENT_TYPES, CUSTOMER_DELETED],
  keyOf(event) {
    if (event.type === CUSTOMER_DELETED) return null;
    if (event.type === 'ReviewSubmitted' || event.type === 'ReviewImported') return requiredKeyFrom(event.data.review_id, 'review id');
    return keyFrom(event.data.review_id);
  },
  context: { load: (tx, events) => idsIn(tx, 'reviews_erased_customers', 'customer_id', events.map(submitter)) },
  evolve(row, event, erased = new Set()) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ReviewSubmitted':
      case 'ReviewImported': {
        if (row) return row; // recorded twice: the first stays
        const d = event.data;
        // Only a submitted review has a customer (and an order) behind it.
        const submitted = event.type === 'ReviewSubmitted' ? event.data : null;
        // Sent while the account was being erased, so recorded after the purge: written as the purge leaves it.
        const gone = !!submitted?.customer_id && erased.has(keyFrom(submitted.customer_id)!);
        return {
          id: d.review_id,
          product_id: d.product_id,
          customer_id: submitted ? submitted.customer_id : null,
          order_id: submitted ? submitted.order_id : null,
          verified: submitted !== null,
          status: submitted ? 'pending' : 'approved',
          stars: d.stars,
          title: d.title,
          body: d.text,
          author_name: gone ? ERASED : d.author_name,
          moderated_by: null,
          moderated_at: null,
          version: event.revision,
          created_at: at,
          updated_at: at,
        };
      }
      case 'ReviewApproved':
      case 'ReviewRejected':
        if (!row) return null;
        return {
          ...row,
          status: event.type === 'ReviewApproved' ? 'approved' : 'rejected',
          moderated_by: event.data.by,
          moderated_at: at,
          version: event.revision,
          updated_at: at,
        };
      case CUSTOMER_DELETED:
        return row; // all in the effect
      default:
        return assertNever(event);
    }
  },
  effects: {
    [CUSTOMER_DELETED]: {
      name: "write the erased customer's reviews under the placeholder, and remember the account as erased",
      async run(tx, event) {
        const deleted = event.data;
        if (!deleted.customer_id) return;
        await tx.query(`UPDATE reviews SET author_name = $2 WHERE customer_id = $1`, [deleted.customer_id, ERASED]);
        await tx.query('INSERT INTO reviews_erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', [deleted.customer_id]);
      },
    },
  },
};

/** The Nest provider the module lists: the read model, run by the platform. */
@Injectable()
@ReadModelProjection()
export class ReviewsProjection extends FoldProjection<ReviewsEvent> {
  constructor() {
    super(reviewsReadModel);
  }
}
