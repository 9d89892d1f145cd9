import { Query } from '@nestjs/cqrs';
import { DashboardDto } from '../http/dto/audit.dto';

/** The console's first screen: the spec's stats plus what staff act on; requests per day for the 30 days up to now. */
export class GetDashboardQuery extends Query<DashboardDto> {
  constructor(readonly now: Date = new Date()) {
    super();
  }
}
