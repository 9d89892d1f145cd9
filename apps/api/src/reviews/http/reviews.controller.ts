import { MyReview, ProductReviews } from '@facet/contracts';
import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, Public, RequireCustomer } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { SubmitReviewCommand } from '../commands/submit-review.command';
import { MyReviewsQuery, ProductReviewsQuery } from '../queries/review-queries';
import { MyReviewsDto, ProductReviewsDto, ProductReviewsQueryDto, SubmitReviewDto, SubmittedReviewDto } from './dto/review.dto';

export const REVIEW_RECEIVED = 'Thank you. Your review will appear once our team has read it.';

@ApiTags('reviews')
@Controller('reviews')
export class ReviewsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** A product's approved reviews, newest first, and the rating they make. */
  @Get()
  @Public()
  @ApiOkResponse({ type: ProductReviewsDto })
  @ApiOperation({ summary: "A piece's approved reviews with its rating and review count" })
  list(@Query() q: ProductReviewsQueryDto): Promise<ProductReviews> {
    return this.queries.execute(new ProductReviewsQuery(q.product_id.toLowerCase(), q.page ?? 1, q.limit ?? 10));
  }

  @Post()
  @RequireCustomer()
  @ApiCreatedResponse({ type: SubmittedReviewDto, description: 'Recorded as pending: shown once staff approve it' })
  @ApiBadRequestResponse({
    description: 'stars not a whole number 1 to 5, no text, text or title too long, unknown fields, or the piece is not on the order',
  })
  @ApiNotFoundResponse({ description: 'No such order of the signed-in customer' })
  @ApiConflictResponse({ description: 'The order is not delivered yet, or the customer already reviewed this piece' })
  @ApiOperation({ summary: 'Review a piece of one of your delivered orders (once per piece)' })
  async submit(@Body() dto: SubmitReviewDto, @CurrentPrincipal() principal: Principal): Promise<SubmittedReviewDto> {
    const submitted = await this.commands.execute(
      new SubmitReviewCommand(principal.id, dto.order_id.toLowerCase(), dto.product_id.toLowerCase(), {
        stars: dto.stars,
        title: dto.title?.trim() ? dto.title.trim() : null,
        text: dto.text.trim(),
      }),
    );
    return { ...submitted, message: REVIEW_RECEIVED };
  }

  @Get('mine')
  @RequireCustomer()
  @ApiOkResponse({ type: MyReviewsDto })
  @ApiOperation({ summary: "The signed-in customer's reviews, whatever their status" })
  async mine(@CurrentPrincipal() principal: Principal): Promise<{ items: MyReview[] }> {
    return { items: await this.queries.execute(new MyReviewsQuery(principal.id)) };
  }
}
