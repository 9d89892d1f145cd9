/**
 * Verified-buyer reviews (issue 41): a customer reviews a piece from a delivered order, staff moderate it,
 * and only approved reviews are shown and counted in the product's rating.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Longest title and text a review may have (characters); the text must have some visible characters. */
export const REVIEW_LIMITS = { title: 120, text: 5000, note: 1000 } as const;

/** Whole stars, 1 to 5. */
export const isReviewStars = (value: unknown): value is 1 | 2 | 3 | 4 | 5 =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;

/** What the shop shows of an approved review. */
export interface PublicReview {
  id: string;
  product_id: string;
  stars: number;
  title: string | null;
  text: string;
  /** First name and initial ("Ada L."), or "Former customer" once the author is erased. */
  author: string;
  /** Written by a customer about a piece delivered to them (false for reviews imported with the demo catalogue). */
  verified: boolean;
  created_at: string;
}

/** GET /api/reviews?product_id=: a product's approved reviews, newest first, with the rating they make. */
export interface ProductReviews {
  product_id: string;
  rating: number;
  reviews_count: number;
  items: PublicReview[];
  total: number;
  page: number;
  limit: number;
}

/** The signed-in customer's own reviews, whatever their status. */
export interface MyReview {
  id: string;
  product_id: string;
  order_id: string | null;
  status: ReviewStatus;
  stars: number;
  title: string | null;
  text: string;
  created_at: string;
}

/** POST /api/reviews */
export interface ReviewPayload {
  order_id: string;
  product_id: string;
  stars: number;
  title?: string | null;
  text: string;
}

/** The name a review is shown under: the first name and the last name's initial ("Ada L."). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  const initial = Array.from(lastName.trim())[0];
  if (!first) return initial ? `${initial.toUpperCase()}.` : '';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
