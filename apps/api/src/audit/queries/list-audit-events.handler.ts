import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AuditEventListDto } from '../http/dto/audit.dto';
import { AuditLog } from './audit-log';
import { ListAuditEventsQuery } from './list-audit-events.query';

@QueryHandler(ListAuditEventsQuery)
export class ListAuditEventsHandler implements IQueryHandler<ListAuditEventsQuery, AuditEventListDto> {
  constructor(private readonly log: AuditLog) {}

  execute({ filter }: ListAuditEventsQuery): Promise<AuditEventListDto> {
    return this.log.list(filter);
  }
}
