import { CatalogueAsOfHandler } from './catalogue-as-of.handler';
import { DiffRecordHandler } from './diff-record.handler';
import { GetDashboardHandler } from './get-dashboard.handler';
import { GetRecordAsOfHandler } from './get-record-as-of.handler';
import { ListAuditEventsHandler } from './list-audit-events.handler';
import { ListQueuesHandler } from './list-queues.handler';

export const QUERY_HANDLERS = [
  ListAuditEventsHandler,
  GetRecordAsOfHandler,
  DiffRecordHandler,
  CatalogueAsOfHandler,
  ListQueuesHandler,
  GetDashboardHandler,
];
