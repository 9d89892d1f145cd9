import { assertNever, CUSTOMER_DELETED, type CustomerDeleted } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { ERASED } from '../../platform/privacy/personal-data';
import { erasedAccount } from '../../platform/privacy/erasure-match';
import { Projection, ReadModelProjection } from '../../platform/projections/projection';
import { REVIEW_EVENT_TYPES, ReviewStreamEvent } from '../domain/review';

/**
 * rm.reviews: every review with its status. An erased customer's reviews stay (the piece's rating is the
 * shop's), their name becomes the placeholder. Text is stored exactly as the command accepted it.
 */
@Injectable()
@ReadModelProjection()
export class ReviewsProjection implements Projection<ReviewStreamEvent | CustomerDeleted> {
  readonly name = 'reviews';
  readonly eventTypes = [...REVIEW_EVENT_TYPES, CUSTOMER_DELETED] as const;

  async apply(tx: Tx, event: RecordedEvent<ReviewStreamEvent | CustomerDeleted>): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ReviewSubmitted':
      case 'ReviewImported': {
        const d = event.data;
        // Only a submitted review has a customer (and an order) behind it.
        const submitted = event.type === 'ReviewSubmitted' ? event.data : null;
        // Sent while the account was being erased, so recorded after the purge: written as the purge leaves it.
        const gone = submitted !== null && (await erasedAccount(tx, 'reviews_erased_customers', submitted.customer_id));
        await tx.query(
          `INSERT INTO reviews (id, product_id, customer_id, order_id, verified, status, stars, title, body, author_name,
             version, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
           ON CONFLICT (id) DO NOTHING`,
          [
            d.review_id,
            d.product_id,
            submitted ? submitted.customer_id : null,
            submitted ? submitted.order_id : null,
            submitted !== null,
            submitted ? 'pending' : 'approved',
            d.stars,
            d.title,
            d.text,
            gone ? ERASED : d.author_name,
            event.revision,
            at,
          ],
        );
        break;
      }
      case 'ReviewApproved':
      case 'ReviewRejected':
        await tx.query(
          `UPDATE reviews SET status = $2, moderated_by = $3, moderated_at = $4, version = $5, updated_at = $4 WHERE id = $1`,
          [event.data.review_id, event.type === 'ReviewApproved' ? 'approved' : 'rejected', event.data.by, at, event.revision],
        );
        break;
      case CUSTOMER_DELETED: {
        const deleted = event.data;
        if (!deleted.customer_id) break;
        await tx.query(`UPDATE reviews SET author_name = $2 WHERE customer_id = $1`, [deleted.customer_id, ERASED]);
        await tx.query('INSERT INTO reviews_erased_customers (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', [deleted.customer_id]);
        break;
      }
      default:
        assertNever(event);
    }
  }
}
