import { Command } from '@nestjs/cqrs';
import { ReviewContent } from '../domain/review';

/** A signed-in customer reviews a piece of one of their delivered orders (once per piece). */
export class SubmitReviewCommand extends Command<{ id: string; status: 'pending'; created_at: string }> {
  constructor(
    readonly customerId: string,
    readonly orderId: string,
    readonly productId: string,
    readonly content: ReviewContent,
  ) {
    super();
  }
}
