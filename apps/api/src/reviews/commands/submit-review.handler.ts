import { reviewAuthorName } from '@facet/contracts';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { customer, CustomerEvent, customerStream } from '../../customers';
import { order, OrderEvent, OrderRequestedData, orderStream } from '../../orders';
import { fold } from '../../platform/event-store/decider';
import { ConcurrencyError } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { IdempotencyService } from '../../platform/http/idempotency.service';
import { ERASED } from '../../platform/privacy/personal-data';
import { ALREADY_REVIEWED, checkReviewContent, review, reviewStream } from '../domain/review';
import { SubmitReviewCommand } from './submit-review.command';

export const NO_SUCH_ORDER = 'No such order.';
export const NOT_ON_ORDER = 'This piece is not on that order.';
export const NOT_DELIVERED = 'You can review this piece once it has been delivered to you.';

/** A customer's one review of a product: its id is derived (keyed) from both, so a second one is the same stream. */
export const reviewIdOf = (customerId: string, productId: string) =>
  IdempotencyService.derivedId('review', `${customerId}\u0000${productId}`);

/** Shown when neither the profile nor the order gives a name. */
const NAMELESS = 'Verified buyer';

@CommandHandler(SubmitReviewCommand)
export class SubmitReviewHandler implements ICommandHandler<SubmitReviewCommand> {
  constructor(private readonly es: EventSourcing) {}

  async execute({ customerId, orderId, productId, content }: SubmitReviewCommand) {
    checkReviewContent(content);
    // The order as the write side knows it: theirs, holding the piece, delivered.
    const events = await this.es.load<OrderEvent>(orderStream(orderId));
    let placed: OrderRequestedData | undefined;
    for (const e of events) {
      if (e.type === 'OrderRequested') {
        placed = e.data;
        break;
      }
    }
    if (!placed || placed.customer_id !== customerId) throw new NotFoundError(NO_SUCH_ORDER);
    if (!placed.items.some((line) => line.product_id === productId)) throw new BadInputError(NOT_ON_ORDER, 'product_id');
    if (fold(order, events).status !== 'delivered') throw new ConflictError(NOT_DELIVERED);

    const reviewId = reviewIdOf(customerId, productId);
    const authorName = await this.authorName(customerId, placed);
    try {
      await this.es.decide(
        reviewStream(reviewId),
        review,
        { type: 'SubmitReview', reviewId, productId, orderId, customerId, authorName, content },
        { newStream: true },
      );
    } catch (err) {
      // Someone (this customer, in another tab or a burst) wrote the stream first: one review per piece.
      if (err instanceof ConcurrencyError) throw new ConflictError(ALREADY_REVIEWED);
      throw err;
    }
    const [submitted] = await this.es.store.readStream(reviewStream(reviewId));
    return { id: reviewId, status: 'pending' as const, created_at: submitted.metadata.occurredAt };
  }

  /** "Ada L.": from their profile, else from the name the order was shipped to. */
  private async authorName(customerId: string, placed: OrderRequestedData): Promise<string> {
    const profile = fold(customer, await this.es.load<CustomerEvent>(customerStream(customerId))).profile;
    const usable = (s: unknown) => (typeof s === 'string' && s !== ERASED ? s : '');
    return (
      reviewAuthorName(usable(profile.first_name), usable(profile.last_name)) ||
      reviewAuthorName(usable(placed.shipping?.first_name), usable(placed.shipping?.last_name)) ||
      NAMELESS
    ).slice(0, 80);
  }
}
