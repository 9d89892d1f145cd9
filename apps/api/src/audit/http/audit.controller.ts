import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { BadInputError, NotFoundError } from '../../platform/domain/errors';
import { correlationIdFrom } from '../../platform/context/request-context';
import { paging, withTotalCount } from '../../platform/http/list-endpoint';
import { ReplayJob } from '../jobs/replay-job';
import { GetDashboardQuery } from '../queries/get-dashboard.query';
import { GetRecordAsOfQuery } from '../queries/get-record-as-of.query';
import { ListAuditEventsQuery } from '../queries/list-audit-events.query';
import { ListQueuesQuery } from '../queries/list-queues.query';
import { AuditEventListDto, DashboardDto, ListEventsQueryDto, QueueListDto, ReplayStatusDto } from './dto/audit.dto';
import { AsOfQueryDto, RecordAsOfDto } from './dto/audit-history.dto';
import { parseMoment, STREAM_ID } from './moments';

@ApiTags('admin: audit')
@RequireStaff('staff')
@Controller('admin')
export class AuditController {
  constructor(
    private readonly queries: QueryBus,
    private readonly replayJob: ReplayJob,
  ) {}

  @Get('audit/events')
  @ApiOkResponse({ type: AuditEventListDto, description: 'The global event log, newest first' })
  @ApiOperation({ summary: 'The event log, filtered by type, stream, conversation and time, paged' })
  async events(@Query() q: ListEventsQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuditEventListDto> {
    const result = await this.queries.execute(
      new ListAuditEventsQuery({
        types: q.type
          ? q.type
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : undefined,
        stream: q.stream?.trim() || undefined,
        // A traceparent or an upper-case UUID finds the id as recorded; an id recorded before issue 39 as it was.
        correlationId: q.correlation_id === undefined ? undefined : (correlationIdFrom(q.correlation_id) ?? q.correlation_id),
        from: q.from === undefined ? undefined : parseMoment(q.from, 'from').toISOString(),
        to: q.to === undefined ? undefined : parseMoment(q.to, 'to').toISOString(),
        ...paging(q),
      }),
    );
    // "about N" past 10,000 events: x-total-estimated.
    return withTotalCount(reply, result);
  }

  @Get('audit/streams/:streamId')
  @ApiOkResponse({
    type: RecordAsOfDto,
    description:
      "One record's history, oldest first, and its state as of `as_of` (default now), folded from its events by the write side's own evolve",
  })
  @ApiBadRequestResponse({
    description: 'as_of is not an ISO 8601 date-time between 1985 and 2099, revision is not a whole number from -1, or both are given',
  })
  @ApiNotFoundResponse({ description: 'No such stream, or no such version (revision beyond the last)' })
  @ApiGoneResponse({ description: 'The customer was erased' })
  @ApiOperation({ summary: "One stream's events, or the record's state as of a moment" })
  async stream(@Param('streamId') streamId: string, @Query() q: AsOfQueryDto): Promise<RecordAsOfDto> {
    if (!STREAM_ID.test(streamId)) throw new NotFoundError();
    if (q.as_of !== undefined && q.revision !== undefined) throw new BadInputError('Give as_of or revision, not both', 'revision');
    const asOf = q.as_of === undefined ? undefined : parseMoment(q.as_of, 'as_of');
    return this.queries.execute(new GetRecordAsOfQuery(streamId, asOf, q.revision));
  }

  @Post('replay')
  @RequireStaff('admin')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ReplayStatusDto, description: 'Replay started in the background' })
  @ApiConflictResponse({ description: 'A replay is already running' })
  @ApiOperation({ summary: 'Rebuild the read models from the event log' })
  startReplay(@CurrentPrincipal() principal: Principal | null): ReplayStatusDto {
    return this.replayJob.start(principal?.id ?? null);
  }

  @Get('replay/status')
  @RequireStaff('admin')
  @ApiOkResponse({ type: ReplayStatusDto })
  @ApiOperation({ summary: 'How the last replay went' })
  replayStatus(): ReplayStatusDto {
    return this.replayJob.current();
  }

  @Get('queues')
  @RequireStaff('admin')
  @ApiOkResponse({ type: QueueListDto })
  @ApiOperation({ summary: 'The job queues with their counts and failed jobs' })
  async queueList(@Res({ passthrough: true }) reply: FastifyReply): Promise<QueueListDto> {
    const items = await this.queries.execute(new ListQueuesQuery());
    return withTotalCount(reply, { items, total: items.length });
  }

  @Get('dashboard')
  @ApiOkResponse({ type: DashboardDto })
  @ApiOperation({ summary: 'The console dashboard: counts, latest messages, requests per day' })
  summary(): Promise<DashboardDto> {
    return this.queries.execute(new GetDashboardQuery());
  }
}
