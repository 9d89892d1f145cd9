/**
 * The answers of the console's own calls (audit, history, replay, queues, parked events, dashboard), as the
 * API's DTOs in apps/api/src/audit/http/dto describe them. The console cannot import the API, so they are
 * restated here; a field the pages do not read is left out.
 */

/** Who did it: the API's display name with the actor's kind. */
export interface Actor {
  type?: string;
  id?: string;
  name?: string | null;
}

/** One event of a stream, personal data opened. */
export interface AuditEvent {
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  occurred_at: string;
  actor: Actor;
  correlation_id: string;
  causation_id: string | null;
  position: string;
}

export interface StreamHistory {
  stream_id: string;
  events: AuditEvent[];
}

/** A version of a record, for the time slider. */
export interface RecordVersion {
  revision: number;
  type: string;
  occurred_at: string;
  actor: Actor;
}

/** A record as of a moment or version, folded by the API from its events. */
export interface RecordAsOf {
  stream_id: string;
  kind: string | null;
  as_of: string | null;
  revision: number;
  state: unknown;
  events: AuditEvent[];
  versions: RecordVersion[];
}

/** One field that differs between two versions, and the event that changed it. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  by: { revision: number; type: string; occurred_at: string; actor: Actor; correlation_id: string; causation_id: string | null };
}

export interface RecordDiff {
  stream_id: string;
  kind: string;
  from: number;
  to: number;
  changes: FieldChange[];
}

/** A run of the log's hash-chain check. */
export interface LogVerification {
  id: string;
  status: 'running' | 'passed' | 'failed' | 'error';
  started_at: string;
  finished_at: string | null;
  started_by: string | null;
  events: number;
  streams: number;
  breaks: number;
  first_break: { streamId?: string; revision?: number; position?: string; reason?: string } | null;
  checkpoints_checked: number;
  checkpoints_written: number;
  events_per_second: number | null;
  error: string | null;
}

export interface ReplayStatus {
  phase: string;
  running: boolean;
  projection?: string | null;
  events: number;
  total?: number;
  events_per_second: number;
  eta_seconds?: number | null;
  started_at?: string | null;
  finished_at?: string | null;
  started_by?: string | null;
  result?: { events?: number; seconds?: number; eventsPerSecond?: number } | null;
  error?: string | null;
}

export interface FailedJob {
  id: string;
  name: string;
  reason: string | null;
  attempts: number;
  failed_at: string | null;
}

export interface QueueOverview {
  name: string;
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  delayed: number;
  last_failed: FailedJob[];
  error?: string | null;
}

export interface ParkedEvent {
  id: string;
  consumer: string;
  event_id: string;
  stream_id: string;
  stream_revision: number;
  position: string;
  event_type: string;
  error: string;
  blocked_by: string | null;
  attempts: number;
  first_failed_at: string;
  last_failed_at: string;
}

export interface ParkedEventDetail extends ParkedEvent {
  event: AuditEvent | null;
}

export interface RequestsOnDay {
  day: string;
  orders: number;
  custom_designs: number;
}

/** A contact message as the dashboard lists it. */
export interface LatestMessage {
  id: string;
  name?: string | null;
  subject?: string | null;
  created_at?: string | null;
  handled?: boolean;
}

export interface Dashboard {
  total_products: number;
  total_customers: number;
  category_count: number;
  average_price: number;
  new_consultation_requests: number;
  orders_by_status: Record<string, number>;
  custom_designs_by_status: Record<string, number>;
  latest_messages: LatestMessage[];
  requests_per_day: RequestsOnDay[];
}
