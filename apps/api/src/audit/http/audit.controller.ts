import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { NotFoundError } from '../../platform/http/errors';
import { AuditLog } from '../audit-log.service';
import { DashboardService } from '../dashboard.service';
import { QueueOverview } from '../queue-overview.service';
import { ReplayJob } from '../replay-job.service';
import { AuditEventListDto, DashboardDto, ListEventsQueryDto, QueueListDto, ReplayStatusDto, StreamHistoryDto } from './dto/audit.dto';

const STREAM_ID = /^[a-z][a-z0-9-]{0,40}-[A-Za-z0-9:@._+-]{1,160}$/;

@ApiTags('admin: audit')
@RequireStaff('staff')
@Controller('admin')
export class AuditController {
  constructor(
    private readonly log: AuditLog,
    private readonly replayJob: ReplayJob,
    private readonly queues: QueueOverview,
    private readonly dashboard: DashboardService,
  ) {}

  @Get('audit/events')
  @ApiOkResponse({ type: AuditEventListDto, description: 'The global event log, newest first' })
  async events(@Query() q: ListEventsQueryDto, @Res({ passthrough: true }) reply: any): Promise<AuditEventListDto> {
    const result = await this.log.list({
      types: q.type ? q.type.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
      stream: q.stream?.trim() || undefined,
      from: q.from,
      to: q.to,
      page: q.page ?? 1,
      limit: q.limit ?? 25,
    });
    reply.header('x-total-count', String(result.total));
    return result;
  }

  @Get('audit/streams/:streamId')
  @ApiOkResponse({ type: StreamHistoryDto, description: "One record's history, oldest first" })
  @ApiNotFoundResponse({ description: 'No such stream' })
  async stream(@Param('streamId') streamId: string): Promise<StreamHistoryDto> {
    if (!STREAM_ID.test(streamId)) throw new NotFoundError();
    const events = await this.log.stream(streamId);
    if (events.length === 0) throw new NotFoundError();
    return { stream_id: streamId, events };
  }

  @Post('replay')
  @RequireStaff('admin')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ReplayStatusDto, description: 'Replay started in the background' })
  @ApiConflictResponse({ description: 'A replay is already running' })
  startReplay(@CurrentPrincipal() principal: Principal | null): ReplayStatusDto {
    return this.replayJob.start(principal?.id ?? null);
  }

  @Get('replay/status')
  @RequireStaff('admin')
  @ApiOkResponse({ type: ReplayStatusDto })
  replayStatus(): ReplayStatusDto {
    return this.replayJob.current();
  }

  @Get('queues')
  @RequireStaff('admin')
  @ApiOkResponse({ type: QueueListDto })
  async queueList(@Res({ passthrough: true }) reply: any): Promise<QueueListDto> {
    const items = await this.queues.overview();
    reply.header('x-total-count', String(items.length));
    return { items, total: items.length };
  }

  @Get('dashboard')
  @ApiOkResponse({ type: DashboardDto })
  summary(): Promise<DashboardDto> {
    return this.dashboard.summary();
  }
}
