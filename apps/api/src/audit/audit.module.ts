import { Module } from '@nestjs/common';
import { AuditLog } from './audit-log.service';
import { DashboardService } from './dashboard.service';
import { AuditController } from './http/audit.controller';
import { QueueOverview } from './queue-overview.service';
import { ReplayJob } from './replay-job.service';

/** Audit: the event log and one record's history for staff, replay of the read models, queues, the dashboard. */
@Module({
  controllers: [AuditController],
  providers: [AuditLog, ReplayJob, QueueOverview, DashboardService],
})
export class AuditModule {}
