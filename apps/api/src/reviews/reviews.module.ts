import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { REVIEW_COMMAND_HANDLERS } from './commands';
import { AdminReviewsController } from './http/admin-reviews.controller';
import { ReviewsController } from './http/reviews.controller';
import { ReviewsProjection } from './projections/reviews.projection';
import { REVIEW_QUERY_HANDLERS } from './queries/review-queries';
import { ReviewSeeder } from './seed/review-seeder';

/**
 * Verified-buyer reviews (issue 41), one stream per customer and piece: written for a delivered order line,
 * moderated by staff, shown once approved. The products projection follows approvals for the rating.
 */
@Module({
  imports: [CqrsModule],
  controllers: [ReviewsController, AdminReviewsController],
  providers: [ReviewsProjection, ReviewSeeder, ...REVIEW_COMMAND_HANDLERS, ...REVIEW_QUERY_HANDLERS],
})
export class ReviewsModule {}
