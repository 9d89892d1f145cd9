import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { BlobStore, sniffImageType } from '../../platform/blobs/blob-store';
import { NotFoundError } from '../../platform/domain/errors';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { createdBetween } from '../../platform/http/page-query.dto';
import { paging, sorting, withTotalCount } from '../../platform/http/list-endpoint';
import { ChangeCustomDesignStatusCommand } from '../commands/change-custom-design-status.command';
import { DeleteCustomDesignCommand } from '../commands/delete-custom-design.command';
import {
  CustomDesignDetail,
  CustomDesignPage,
  GetCustomDesignImageRefQuery,
  GetCustomDesignQuery,
  ListCustomDesignsQuery,
} from '../queries/custom-design-queries';
import {
  ChangeCustomDesignStatusDto,
  CustomDesignDetailDto,
  CustomDesignPageDto,
  DeletedDto,
  ListCustomDesignsQueryDto,
} from './dto/custom-design.dto';

@ApiTags('admin: custom designs')
@RequireStaff('staff')
@Controller('admin/custom-designs')
export class AdminCustomDesignsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly blobs: BlobStore,
  ) {}

  @Get()
  @ApiOkResponse({ type: CustomDesignPageDto, headers: { 'x-total-count': { description: 'Matching requests' } } })
  @ApiOperation({ summary: 'Custom design requests, filtered and paged' })
  async list(@Query() q: ListCustomDesignsQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<CustomDesignPage> {
    return withTotalCount<CustomDesignPage>(
      reply,
      this.queries.execute(
        new ListCustomDesignsQuery({ status: q.status, q: q.q, ...createdBetween(q), ...paging(q), ...sorting(q, 'created_at') }),
      ),
    );
  }

  @Get(':id')
  @ApiOkResponse({ type: CustomDesignDetailDto })
  @ApiNotFoundResponse({ description: 'No such request' })
  @ApiOperation({ summary: 'One custom design request with its history' })
  get(@Param('id', UuidOr404Pipe) id: string): Promise<CustomDesignDetail> {
    return this.queries.execute(new GetCustomDesignQuery(id));
  }

  /** The request's image, as the type its bytes are, shown inline and never sniffed into anything else. */
  @Get(':id/image')
  @ApiProduces('image/jpeg', 'image/png')
  @ApiOkResponse({ description: 'The image bytes (image/jpeg or image/png)' })
  @ApiNotFoundResponse({ description: 'No such request, or it has no image' })
  @ApiOperation({ summary: 'The image attached to a custom design request' })
  async image(@Param('id', UuidOr404Pipe) id: string, @Res() reply: FastifyReply): Promise<void> {
    const ref: { sha256: string } | null = await this.queries.execute(new GetCustomDesignImageRefQuery(id));
    const blob = ref ? await this.blobs.get(ref.sha256) : null;
    if (!blob) throw new NotFoundError();
    const mime = sniffImageType(blob.data);
    const type = mime === 'image/jpeg' || mime === 'image/png' ? mime : 'application/octet-stream';
    reply
      .header('content-type', type)
      .header(
        'content-disposition',
        `inline; filename="custom-design-${id}.${type === 'image/png' ? 'png' : type === 'image/jpeg' ? 'jpg' : 'bin'}"`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(blob.data);
  }

  @Put(':id')
  @ApiOkResponse({ type: CustomDesignDetailDto })
  @ApiConflictResponse({ description: 'The status may not move there from where it is' })
  @ApiNotFoundResponse({ description: 'No such request' })
  @ApiOperation({
    summary: 'Move a custom design request to another status, with a note (its current status with a note adds the note)',
  })
  changeStatus(
    @Param('id', UuidOr404Pipe) id: string,
    @Body() dto: ChangeCustomDesignStatusDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<CustomDesignDetail> {
    const note = dto.note?.trim() ? dto.note.trim() : null;
    return this.commands.execute(new ChangeCustomDesignStatusCommand(id, dto.status, note, { type: 'staff', id: principal.id }));
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({ type: DeletedDto })
  @ApiNotFoundResponse({ description: 'No such request' })
  @ApiOperation({ summary: 'Delete a custom design request' })
  async remove(@Param('id', UuidOr404Pipe) id: string, @CurrentPrincipal() principal: Principal): Promise<DeletedDto> {
    await this.commands.execute(new DeleteCustomDesignCommand(id, { type: 'staff', id: principal.id }));
    return { success: true, message: 'Custom design request deleted' };
  }
}
