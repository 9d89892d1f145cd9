// The face of this part (issue 42): what other parts may import. Anything else in this folder is its own;
// the lint rule in eslint.config.mjs refuses a deep import from another part. The module comes last, so a
// part that reaches this file through a cycle of parts finds the plain exports above it already loaded.
export type { ReviewEvent, ReviewSubmitted, ReviewImported, ReviewModerated } from './domain/review';
export { RATING_EVENT_TYPES, REVIEW_EVENT_TYPES, review, reviewStream } from './domain/review';
export { ProductReviewsQuery } from './queries/review-queries';
export { ReviewSeeder } from './seed/review-seeder';
export { ReviewsModule } from './reviews.module';
