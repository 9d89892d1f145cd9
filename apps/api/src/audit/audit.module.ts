import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RecordHistory } from './history/record-history.service';
import { AuditController } from './http/audit.controller';
import { AuditHistoryController } from './http/audit-history.controller';
import { ParkedEventsController } from './http/parked-events.controller';
import { LogVerificationJob } from './jobs/log-verification-job';
import { LogAnchorPublisher } from '../platform/event-store/log-anchor-publisher';
import { ReplayJob } from './jobs/replay-job';
import { QUERY_HANDLERS } from './queries';
import { AuditLog } from './queries/audit-log';

/** Audit: the event log, any record as of any moment and its versions compared, the catalogue as of a date, exports and verification of the tamper-evident log, replay of the read models, parked events, queues, the dashboard. */
@Module({
  imports: [CqrsModule],
  controllers: [AuditController, AuditHistoryController, ParkedEventsController],
  // The anchors publisher runs here, beside the log's verification, in processes with the projector role.
  providers: [AuditLog, RecordHistory, ReplayJob, LogVerificationJob, LogAnchorPublisher, ...QUERY_HANDLERS],
})
export class AuditModule {}
