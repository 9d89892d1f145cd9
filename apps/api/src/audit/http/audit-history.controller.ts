import { Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Readable } from 'stream';
import { CurrentPrincipal, RequireStaff } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { EVENT_STORE, EventStore } from '../../platform/event-store/event-store';
import { ExportLine, exportRange, exportStream } from '../../platform/event-store/log-export';
import { BadInputError, NotFoundError } from '../../platform/domain/errors';
import { PersonalData } from '../../platform/privacy/personal-data';
import { toCsv } from '../history/record-history.service';
import { LogVerificationJob } from '../jobs/log-verification-job';
import { CatalogueAsOfQuery } from '../queries/catalogue-as-of.query';
import { DiffRecordQuery } from '../queries/diff-record.query';
import {
  CatalogueAsOfDto,
  CatalogueAsOfQueryDto,
  DiffDto,
  DiffQueryDto,
  ExportQueryDto,
  LogVerificationStatusDto,
} from './dto/audit-history.dto';
import { parseMoment, STREAM_ID } from './moments';

/** For auditors: versions of a record compared, the catalogue as of a date, exports with hashes, and log verification. */
@ApiTags('admin: audit')
@RequireStaff('staff')
@Controller('admin/audit')
export class AuditHistoryController {
  constructor(
    private readonly queries: QueryBus,
    private readonly verification: LogVerificationJob,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly privacy: PersonalData,
  ) {}

  @Get('streams/:streamId/diff')
  @ApiOkResponse({
    type: DiffDto,
    description: 'Fields that differ between two versions: before, after, and who changed them, when and why',
  })
  @ApiBadRequestResponse({ description: 'from/to are not whole numbers, or from is after to' })
  @ApiNotFoundResponse({ description: 'No such stream or version' })
  @ApiGoneResponse({ description: 'The customer was erased' })
  @ApiOperation({ summary: 'What changed in a record between two moments, and by whom' })
  async diff(@Param('streamId') streamId: string, @Query() q: DiffQueryDto): Promise<DiffDto> {
    if (!STREAM_ID.test(streamId)) throw new NotFoundError();
    if (q.from > q.to) throw new BadInputError('from must not be after to', 'from');
    return this.queries.execute(new DiffRecordQuery(streamId, q.from, q.to));
  }

  @Get('catalogue')
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({
    type: CatalogueAsOfDto,
    description: 'The catalogue (names, prices, stock) as of a date, replayed from the product streams; format=csv for a spreadsheet',
  })
  @ApiBadRequestResponse({ description: 'as_of missing or not a date-time between 1985 and 2099, or an unknown format' })
  @ApiOperation({ summary: 'The catalogue as it was at a moment (JSON or CSV)' })
  async catalogue(@Query() q: CatalogueAsOfQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<CatalogueAsOfDto | string> {
    const asOf = parseMoment(q.as_of, 'as_of');
    const format = q.format ?? 'json';
    if (format !== 'json' && format !== 'csv') throw new BadInputError('format must be json or csv', 'format');
    const items = await this.queries.execute(new CatalogueAsOfQuery(asOf));
    if (format === 'csv') {
      const day = asOf.toISOString().replace(/[:.]/g, '-');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalogue-as-of-${day}.csv"`);
      return toCsv(items);
    }
    return { as_of: asOf.toISOString(), items, total: items.length };
  }

  @Get('export')
  @ApiProduces('application/x-ndjson')
  @ApiOkResponse({
    description:
      "One stream, or the events that occurred in a time range, as JSON lines exactly as stored (personal data sealed) with each event's hash and previous hash; check it offline with `npm run verify-log -- --file <file>`",
  })
  @ApiBadRequestResponse({ description: 'Neither a stream nor a complete time range, or a bad date' })
  @ApiNotFoundResponse({ description: 'No such stream' })
  @ApiOperation({ summary: 'Export events as JSON lines' })
  async export(@Query() q: ExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    let lines: AsyncGenerator<ExportLine>;
    let name: string;
    if (q.stream !== undefined) {
      if (q.from !== undefined || q.to !== undefined) throw new BadInputError('Give either a stream or a time range, not both', 'stream');
      if (!STREAM_ID.test(q.stream) || (await this.store.readStream(q.stream)).length === 0) throw new NotFoundError();
      lines = exportStream(this.store, q.stream, this.privacy.keys);
      name = q.stream;
    } else {
      if (q.from === undefined || q.to === undefined)
        throw new BadInputError('Give a stream, or both from and to', q.from === undefined ? 'from' : 'to');
      const from = parseMoment(q.from, 'from');
      const to = parseMoment(q.to, 'to');
      if (from > to) throw new BadInputError('from must not be after to', 'from');
      lines = exportRange(this.store, from, to, this.privacy.keys);
      name = `log-${from.toISOString()}-${to.toISOString()}`.replace(/[:.]/g, '-');
    }
    const body = Readable.from(
      (async function* () {
        for await (const line of lines) yield JSON.stringify(line) + '\n';
      })(),
    );
    reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.jsonl"`)
      .send(body);
  }

  @Get('verification')
  @ApiOkResponse({ type: LogVerificationStatusDto, description: 'The last verification of the log (running or finished)' })
  @ApiOperation({ summary: "The last verification of the event log's hash chain" })
  async lastVerification(): Promise<LogVerificationStatusDto> {
    return { last: await this.verification.latest() };
  }

  @Post('verification')
  @RequireStaff('admin')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: LogVerificationStatusDto, description: 'Verification started in the background' })
  @ApiConflictResponse({ description: 'A verification is already running' })
  @ApiOperation({ summary: "Start verifying the event log's hash chain" })
  async startVerification(@CurrentPrincipal() principal: Principal | null): Promise<LogVerificationStatusDto> {
    this.verification.start(principal?.id ?? null);
    return { last: await this.verification.latest() };
  }
}
