import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { RequireStaff } from '../platform/auth/auth.decorators';
import { DatabaseService } from '../platform/database/database.service';
import { NotFoundError } from '../platform/domain/errors';
import { PageQueryDto } from '../platform/http/page-query.dto';
import { MailArchive } from './mail-archive';
import { containing, SqlFilter } from '../platform/database/sql-filter';

export class MailListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['sent_at', 'kind'] }) @IsOptional() @IsIn(['sent_at', 'kind']) sort?: 'sent_at' | 'kind';
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional({ description: 'Recipient or subject' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ example: 'consultation-confirmation' }) @IsOptional() @IsString() @MaxLength(100) kind?: string;
}

export class SentMailSummaryDto {
  @ApiProperty({ description: 'The job id' }) id: string;
  @ApiProperty() kind: string;
  @ApiProperty({ type: String, nullable: true }) to: string | null;
  @ApiProperty({ type: String, nullable: true }) subject: string | null;
  @ApiProperty({ description: 'False when kept without SMTP' }) delivered: boolean;
  @ApiProperty() sent_at: string;
}

export class SentMailDto extends SentMailSummaryDto {
  @ApiProperty({ type: String, nullable: true }) html: string | null;
  @ApiProperty({ type: String, nullable: true }) text: string | null;
}

export class SentMailListDto {
  @ApiProperty({ type: [SentMailSummaryDto] }) items: SentMailSummaryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

const summary = (r: any) => ({ id: r.id, kind: r.kind, to: r.to_address, subject: r.subject, delivered: r.delivered, sent_at: new Date(r.sent_at).toISOString() });

@ApiTags('admin: mail')
@RequireStaff('staff')
@Controller('admin/mail')
export class AdminMailController {
  constructor(
    private readonly db: DatabaseService,
    private readonly archive: MailArchive,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Mail sent (or kept without SMTP), newest first' })
  @ApiOkResponse({ type: SentMailListDto })
  async list(@Query() q: MailListQueryDto, @Res({ passthrough: true }) reply: any) {
    const page = q.page ?? 1;
    const limit = q.limit ?? 25;
    const filter = new SqlFilter().whereGiven('kind = ?', q.kind);
    const search = q.q?.trim().toLowerCase();
    if (search) filter.where(`(lower(coalesce(to_address, '')) LIKE ? OR lower(coalesce(subject, '')) LIKE ?)`, containing(search));
    const total = Number((await this.db.one(`SELECT count(*) AS n FROM sent_mail ${filter.sql}`, filter.params))?.n ?? 0);
    const paging = filter.page(page, limit);
    const rows = await this.db.query(
      `SELECT id, kind, to_address, subject, delivered, sent_at FROM sent_mail ${filter.sql}
       ORDER BY ${q.sort === 'kind' ? 'kind' : 'sent_at'} ${q.order === 'asc' ? 'ASC' : 'DESC'}, id ${paging.sql}`,
      paging.params,
    );
    reply.header('x-total-count', String(total));
    return { items: rows.map(summary), total, page, limit };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One mail with its HTML and text' })
  @ApiOkResponse({ type: SentMailDto })
  @ApiNotFoundResponse({ description: 'Resource not found' })
  async get(@Param('id') id: string) {
    if (!/^[A-Za-z0-9._-]{1,200}$/.test(id)) throw new NotFoundError();
    const row = await this.db.one('SELECT * FROM sent_mail WHERE id = $1', [id]);
    if (!row) throw new NotFoundError();
    // Mail recorded before the archive (MailSent version 1) has its body in the read model.
    const body = row.html === null && row.text === null ? await this.archive.get(id) : { html: row.html, text: row.text };
    return { ...summary(row), html: body?.html ?? null, text: body?.text ?? null };
  }
}
