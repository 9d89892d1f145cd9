import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireStaff } from '../../platform/auth/auth.decorators';
import { NotFoundError } from '../../platform/domain/errors';
import { RunnersService } from '../../platform/projections/runners.service';
import { paging, withTotalCount } from '../../platform/http/list-endpoint';
import { AuditLog } from '../queries/audit-log';
import { ListParkedQueryDto, ParkedEventDetailDto, ParkedEventListDto, RetryParkedDto } from './dto/parked.dto';

/** Parked-event ids are positive integers; anything else cannot exist. */
function parkedId(id: string): string {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) throw new NotFoundError();
  return id;
}

/** Dead letters: events a projection or reactor could not handle, for administrators to inspect and retry. */
@ApiTags('admin: audit')
@RequireStaff('admin')
@Controller('admin/parked-events')
export class ParkedEventsController {
  constructor(
    private readonly runners: RunnersService,
    private readonly log: AuditLog,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Parked events, newest failure first (projections and reactors)' })
  @ApiOkResponse({ type: ParkedEventListDto })
  async list(@Query() q: ListParkedQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<ParkedEventListDto> {
    const { page, limit } = paging(q);
    const result = await this.runners.parked.list({ consumer: q.consumer, stream: q.stream, page, limit });
    return withTotalCount(reply, { ...result, page, limit });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One parked event with the event itself' })
  @ApiOkResponse({ type: ParkedEventDetailDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  async get(@Param('id') id: string): Promise<ParkedEventDetailDto> {
    const row = await this.runners.parked.get(parkedId(id));
    if (!row) throw new NotFoundError();
    const event = (await this.log.stream(row.stream_id)).find((e) => e.id === row.event_id) ?? null;
    return { ...row, event };
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({
    summary: "Re-run the parked sequence of this event's stream for its consumer, in order",
    description:
      'Events that now succeed are applied and their rows removed; the first that fails again stays parked (attempts + 1) with those behind it.',
  })
  @ApiOkResponse({ type: RetryParkedDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  async retry(@Param('id') id: string): Promise<RetryParkedDto> {
    const outcome = await this.runners.retryParked(parkedId(id));
    if (!outcome) throw new NotFoundError();
    return outcome;
  }
}
