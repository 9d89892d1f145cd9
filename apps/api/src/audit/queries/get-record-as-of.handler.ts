import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RecordHistory } from '../history/record-history.service';
import { RecordAsOfDto } from '../http/dto/audit-history.dto';
import { AuditLog } from './audit-log';
import { GetRecordAsOfQuery } from './get-record-as-of.query';

@QueryHandler(GetRecordAsOfQuery)
export class GetRecordAsOfHandler implements IQueryHandler<GetRecordAsOfQuery, RecordAsOfDto> {
  constructor(
    private readonly history: RecordHistory,
    private readonly log: AuditLog,
  ) {}

  async execute({ streamId, asOf, revision }: GetRecordAsOfQuery): Promise<RecordAsOfDto> {
    const record = await this.history.asOf(streamId, asOf, revision);
    const all = await this.log.present(record.events);
    return {
      stream_id: streamId,
      kind: record.kind,
      as_of: asOf ? asOf.toISOString() : null,
      revision: record.revision,
      state: record.state,
      events: all,
      versions: all.map((e) => ({ revision: e.revision, type: e.type, occurred_at: e.occurred_at, actor: e.actor })),
    };
  }
}
