import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { createdBetween } from '../../platform/http/page-query.dto';
import { paging, sorting, withTotalCount } from '../../platform/http/list-endpoint';
import { MarkContactMessageHandledCommand } from '../commands/mark-contact-message-handled.command';
import {
  ContactMessagePage,
  ContactMessageView,
  GetContactMessageQuery,
  ListContactMessagesQuery,
} from '../queries/contact-message-queries';
import { ContactMessageDto, ContactMessagePageDto, ListContactMessagesQueryDto, MarkHandledDto } from './dto/contact.dto';

@ApiTags('admin: messages')
@RequireStaff('staff')
@Controller('admin/messages')
export class AdminMessagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOkResponse({ type: ContactMessagePageDto, headers: { 'x-total-count': { description: 'Matching messages' } } })
  @ApiOperation({ summary: 'Contact messages, filtered and paged' })
  async list(@Query() q: ListContactMessagesQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<ContactMessagePage> {
    return withTotalCount<ContactMessagePage>(
      reply,
      this.queries.execute(
        new ListContactMessagesQuery({ handled: q.handled, q: q.q, ...createdBetween(q), ...paging(q), ...sorting(q, 'created_at') }),
      ),
    );
  }

  @Get(':id')
  @ApiOkResponse({ type: ContactMessageDto })
  @ApiNotFoundResponse({ description: 'No such message' })
  @ApiOperation({ summary: 'One contact message' })
  get(@Param('id', UuidOr404Pipe) id: string): Promise<ContactMessageView> {
    return this.queries.execute(new GetContactMessageQuery(id));
  }

  /**
   * Marks the message handled (again is harmless; a new note on a handled message is added), with an optional note of what was done: the same form
   * as every status change in the console, PUT /admin/<records>/{id} with { status, note }.
   */
  @Put(':id')
  @ApiOkResponse({ type: ContactMessageDto })
  @ApiNotFoundResponse({ description: 'No such message' })
  @ApiConflictResponse({ description: 'Another staff member changed this message at the same moment; reload it and try again' })
  @ApiOperation({ summary: 'Mark a contact message handled, with a note (on a handled message, the note is added to its notes)' })
  handled(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() dto: MarkHandledDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ContactMessageView> {
    const note = dto.note?.trim() ? dto.note.trim() : null;
    return this.commands.execute(new MarkContactMessageHandledCommand(id, { type: 'staff', id: principal.id }, note));
  }
}
