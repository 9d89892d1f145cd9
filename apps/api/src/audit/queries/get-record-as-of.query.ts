import { Query } from '@nestjs/cqrs';
import { RecordAsOfDto } from '../http/dto/audit-history.dto';

/** One record's history, oldest first, and its state as of a moment or after a revision (default: now). */
export class GetRecordAsOfQuery extends Query<RecordAsOfDto> {
  constructor(
    readonly streamId: string,
    readonly asOf?: Date,
    readonly revision?: number,
  ) {
    super();
  }
}
