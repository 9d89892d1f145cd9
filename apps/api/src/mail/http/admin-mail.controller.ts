import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireStaff } from '../../platform/auth/auth.decorators';
import { paging, sorting, withTotalCount } from '../../platform/http/list-endpoint';
import { GetSentMailQuery } from '../queries/get-sent-mail.query';
import { ListSentMailQuery, SentMailList } from '../queries/list-sent-mail.query';
import { SentMailView } from '../queries/sent-mail-view';
import { MailListQueryDto, SentMailDto, SentMailListDto } from './dto/sent-mail.dto';

@ApiTags('admin: mail')
@RequireStaff('staff')
@Controller('admin/mail')
export class AdminMailController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Mail sent (or kept without SMTP, or suppressed by the recipient cap), newest first' })
  @ApiOkResponse({ type: SentMailListDto })
  async list(@Query() q: MailListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SentMailList> {
    return withTotalCount<SentMailList>(
      reply,
      this.queries.execute(new ListSentMailQuery({ kind: q.kind, q: q.q, ...sorting(q, 'sent_at'), ...paging(q) })),
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'One mail with its HTML and text' })
  @ApiOkResponse({ type: SentMailDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  get(@Param('id') id: string): Promise<SentMailView> {
    return this.queries.execute(new GetSentMailQuery(id));
  }
}
