import { ModerateReviewHandler } from './moderate-review.handler';
import { SubmitReviewHandler } from './submit-review.handler';

export const REVIEW_COMMAND_HANDLERS = [SubmitReviewHandler, ModerateReviewHandler];
