import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Actor } from '../../platform/event-store/event-store';
import { RecordHistory } from '../history/record-history.service';
import { DiffDto } from '../http/dto/audit-history.dto';
import { AuditLog } from './audit-log';
import { DiffRecordQuery } from './diff-record.query';

@QueryHandler(DiffRecordQuery)
export class DiffRecordHandler implements IQueryHandler<DiffRecordQuery, DiffDto> {
  constructor(
    private readonly history: RecordHistory,
    private readonly log: AuditLog,
  ) {}

  async execute({ streamId, from, to }: DiffRecordQuery): Promise<DiffDto> {
    const diff = await this.history.diff(streamId, from, to);
    // The actor in words (staff name, customer, guest, system), so the console need not look it up.
    const names = await this.log.actorDisplayNames(diff.changes.map((c) => c.by.actor as Partial<Actor>));
    const changes = diff.changes.map((c, i) => ({ ...c, by: { ...c.by, actor: { ...(c.by.actor as object), name: names[i] } } }));
    return { stream_id: streamId, ...diff, changes };
  }
}
