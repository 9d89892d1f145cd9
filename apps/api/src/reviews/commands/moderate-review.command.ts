import { Command } from '@nestjs/cqrs';
import { ReviewStatus } from '@facet/contracts';
import { AdminReview } from '../queries/review-queries';

/** Staff approve a review (shown, counted in the rating) or reject it (hidden, not counted). */
export class ModerateReviewCommand extends Command<AdminReview> {
  constructor(
    readonly reviewId: string,
    readonly to: Exclude<ReviewStatus, 'pending'>,
    readonly by: string,
    readonly note: string | null,
  ) {
    super();
  }
}
