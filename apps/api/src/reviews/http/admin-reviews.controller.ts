import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { paging, sorting, withTotalCount } from '../../platform/http/list-endpoint';
import { ModerateReviewCommand } from '../commands/moderate-review.command';
import { AdminReview, AdminReviewPage, GetAdminReviewQuery, ListAdminReviewsQuery } from '../queries/review-queries';
import { AdminReviewDto, AdminReviewPageDto, ListAdminReviewsQueryDto, ModerateReviewDto } from './dto/review.dto';

/** Moderation: a review shows in the shop, and counts in the piece's rating, once staff approve it. */
@ApiTags('admin: reviews')
@RequireStaff('staff')
@Controller('admin/reviews')
export class AdminReviewsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOkResponse({ type: AdminReviewPageDto, headers: { 'x-total-count': { description: 'Matching reviews' } } })
  @ApiOperation({ summary: 'Reviews, filtered (status=pending: waiting for a decision) and paged' })
  async list(@Query() q: ListAdminReviewsQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminReviewPage> {
    return withTotalCount<AdminReviewPage>(
      reply,
      this.queries.execute(
        new ListAdminReviewsQuery({
          status: q.status,
          productId: q.product_id?.toLowerCase(),
          q: q.q,
          ...paging(q),
          ...sorting(q, 'created_at'),
        }),
      ),
    );
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminReviewDto })
  @ApiNotFoundResponse({ description: 'No such review' })
  @ApiOperation({ summary: 'One review' })
  get(@Param('id', UuidOr404Pipe) id: string): Promise<AdminReview> {
    return this.queries.execute(new GetAdminReviewQuery(id));
  }

  @Put(':id')
  @ApiOkResponse({ type: AdminReviewDto, description: 'The review as decided (the same decision twice records once)' })
  @ApiNotFoundResponse({ description: 'No such review' })
  @ApiOperation({ summary: 'Approve (shown, counted in the rating) or reject (hidden) a review' })
  moderate(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() dto: ModerateReviewDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<AdminReview> {
    return this.commands.execute(new ModerateReviewCommand(id, dto.status, `staff:${principal.id}`, dto.note?.trim() || null));
  }
}
