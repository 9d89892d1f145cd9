import { REVIEW_LIMITS, REVIEW_STATUSES, ReviewStatus } from '@facet/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../../../platform/http/page-query.dto';
import { OptionalText, VisibleText } from '../../../platform/http/validation';
import { REVIEW_SORTS, ReviewSort } from '../../queries/review-queries';

const oneOf = (list: readonly string[]) => ({ message: `$property must be one of: ${list.join(', ')}` });

/** POST /api/reviews: a review of one piece of the customer's delivered order. */
export class SubmitReviewDto {
  @ApiProperty({ format: 'uuid', description: 'A delivered order of the signed-in customer' })
  @IsUUID('all', { message: 'order_id must be an order id (a UUID)' })
  order_id: string;

  @ApiProperty({ format: 'uuid', description: 'A piece on that order' })
  @IsUUID('all', { message: 'product_id must be a product id (a UUID)' })
  product_id: string;

  @ApiProperty({ minimum: 1, maximum: 5, example: 5, description: 'Whole stars, 1 to 5 (a JSON number)' })
  @IsInt({ message: 'stars must be a whole number from 1 to 5' })
  @Min(1, { message: 'stars must be a whole number from 1 to 5' })
  @Max(5, { message: 'stars must be a whole number from 1 to 5' })
  stars: number;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: REVIEW_LIMITS.title, example: 'Even lovelier in person' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(REVIEW_LIMITS.title, { message: `title must be at most ${REVIEW_LIMITS.title} characters` })
  @OptionalText()
  title?: string | null;

  @ApiProperty({ maxLength: REVIEW_LIMITS.text, example: 'The stone catches the light all day; the setting feels secure.' })
  @IsString()
  @VisibleText('Please write a few words about the piece.')
  @MaxLength(REVIEW_LIMITS.text, { message: `text must be at most ${REVIEW_LIMITS.text} characters` })
  text: string;
}

export class SubmittedReviewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'pending' }) status: 'pending';
  @ApiProperty() created_at: string;
  @ApiProperty({ example: 'Thank you. Your review will appear once our team has read it.' }) message: string;
}

export class PublicReviewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) stars: number;
  @ApiProperty({ type: String, nullable: true }) title: string | null;
  @ApiProperty() text: string;
  @ApiProperty({ example: 'Ada L.', description: 'First name and initial; "Former customer" once erased' }) author: string;
  @ApiProperty({ description: 'Written by a customer about a piece delivered to them' }) verified: boolean;
  @ApiProperty() created_at: string;
}

export class ProductReviewsDto {
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 4.8, description: 'Average stars of the approved reviews, to one decimal; 0 without any' }) rating: number;
  @ApiProperty({ example: 12 }) reviews_count: number;
  @ApiProperty({ type: [PublicReviewDto] }) items: PublicReviewDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class ProductReviewsQueryDto extends PageQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'product_id must be a product id (a UUID)' })
  product_id: string;
}

export class MyReviewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) order_id: string | null;
  @ApiProperty({ enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty() stars: number;
  @ApiProperty({ type: String, nullable: true }) title: string | null;
  @ApiProperty() text: string;
  @ApiProperty() created_at: string;
}

export class MyReviewsDto {
  @ApiProperty({ type: [MyReviewDto] }) items: MyReviewDto[];
}

export class AdminReviewDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ type: String, nullable: true }) product_name: string | null;
  @ApiProperty({ type: String, nullable: true }) customer_id: string | null;
  @ApiProperty({ type: String, nullable: true }) order_id: string | null;
  @ApiProperty() verified: boolean;
  @ApiProperty({ enum: REVIEW_STATUSES }) status: ReviewStatus;
  @ApiProperty() stars: number;
  @ApiProperty({ type: String, nullable: true }) title: string | null;
  @ApiProperty() text: string;
  @ApiProperty() author: string;
  @ApiProperty({ type: String, nullable: true, example: 'staff:…' }) moderated_by: string | null;
  @ApiProperty({ type: String, nullable: true }) moderated_at: string | null;
  @ApiProperty() version: number;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

export class AdminReviewPageDto {
  @ApiProperty({ type: [AdminReviewDto] }) items: AdminReviewDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class ListAdminReviewsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: REVIEW_STATUSES, description: 'pending: the ones waiting for a decision' })
  @IsOptional()
  @IsIn(REVIEW_STATUSES, oneOf(REVIEW_STATUSES))
  status?: ReviewStatus;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'product_id must be a product id (a UUID)' })
  product_id?: string;

  @ApiPropertyOptional({ description: 'Search text, title, author or piece' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ enum: REVIEW_SORTS, default: 'created_at' })
  @IsOptional()
  @IsIn(REVIEW_SORTS, oneOf(REVIEW_SORTS))
  sort?: ReviewSort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], oneOf(['asc', 'desc']))
  order?: 'asc' | 'desc';
}

const DECISIONS = ['approved', 'rejected'] as const;

export class ModerateReviewDto {
  @ApiProperty({ enum: DECISIONS, description: 'approved: shown and counted in the rating; rejected: hidden' })
  @IsIn(DECISIONS, oneOf(DECISIONS))
  status: 'approved' | 'rejected';

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: REVIEW_LIMITS.note, description: 'Why (kept in the history)' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(REVIEW_LIMITS.note)
  @OptionalText()
  note?: string | null;
}
