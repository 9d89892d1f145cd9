import { Query } from '@nestjs/cqrs';
import { QueueOverviewDto } from '../http/dto/audit.dto';

/** The job queues (the known ones and any found in Redis under our prefix) with their counts and failed jobs. */
export class ListQueuesQuery extends Query<QueueOverviewDto[]> {}
