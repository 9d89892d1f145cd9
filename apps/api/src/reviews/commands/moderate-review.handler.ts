import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { review, reviewStream } from '../domain/review';
import { AdminReview, GetAdminReviewQuery } from '../queries/review-queries';
import { ModerateReviewCommand } from './moderate-review.command';

@CommandHandler(ModerateReviewCommand)
export class ModerateReviewHandler implements ICommandHandler<ModerateReviewCommand, AdminReview> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
  ) {}

  async execute({ reviewId, to, by, note }: ModerateReviewCommand): Promise<AdminReview> {
    // Decided again on a concurrent write: the same decision sent at once records once, every caller gets 200.
    await this.es.decideLatest(reviewStream(reviewId), review, { type: 'ModerateReview', reviewId, to, by, note });
    return this.queries.execute(new GetAdminReviewQuery(reviewId));
  }
}
