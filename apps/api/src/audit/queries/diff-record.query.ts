import { Query } from '@nestjs/cqrs';
import { DiffDto } from '../http/dto/audit-history.dto';

/** The fields that differ between two revisions of a record, with who changed them, when and why. */
export class DiffRecordQuery extends Query<DiffDto> {
  constructor(
    readonly streamId: string,
    readonly from: number,
    readonly to: number,
  ) {
    super();
  }
}
