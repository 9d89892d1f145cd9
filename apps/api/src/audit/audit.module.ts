import { Module } from '@nestjs/common';
import { AuditLog } from './audit-log.service';
import { DashboardService } from './dashboard.service';
import { RecordHistory } from './history/record-history.service';
import { AuditController } from './http/audit.controller';
import { AuditHistoryController } from './http/audit-history.controller';
import { LogVerificationJob } from './log-verification-job.service';
import { ParkedEventsController } from './http/parked-events.controller';
import { QueueOverview } from './queue-overview.service';
import { ReplayJob } from './replay-job.service';

/** Audit: the event log, any record as of any moment and its versions compared, the catalogue as of a date, exports and verification of the tamper-evident log, replay of the read models, parked events, queues, the dashboard. */
@Module({
  controllers: [AuditController, AuditHistoryController, ParkedEventsController],
  providers: [AuditLog, ReplayJob, QueueOverview, DashboardService, RecordHistory, LogVerificationJob],
})
export class AuditModule {}
