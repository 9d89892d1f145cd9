import { Query } from '@nestjs/cqrs';
import { AuditEventListDto } from '../http/dto/audit.dto';
import { EventFilter } from './audit-log';

/** The event log, newest first, filtered by type, stream, conversation and time, paged; personal data opened. */
export class ListAuditEventsQuery extends Query<AuditEventListDto> {
  constructor(readonly filter: EventFilter) {
    super();
  }
}
