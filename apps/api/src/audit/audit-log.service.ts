import { Inject, Injectable } from '@nestjs/common';
import { DatabaseService } from '../platform/database/database.service';
import { Actor, EVENT_STORE, EventStore, positionToString, RecordedEvent, START } from '../platform/event-store/event-store';
import { ERASED, PersonalData } from '../platform/privacy/personal-data';
import { AuditEventDto, AuditEventListDto } from './http/dto/audit.dto';
import { SqlFilter } from '../platform/database/sql-filter';

export interface EventFilter {
  types?: string[];
  stream?: string;
  /** One conversation: the events appended under this correlation id (a request and what it caused). */
  correlationId?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_type: string;
  data: any;
  metadata: any;
}

/** Secrets inside events (password and code hashes, tokens) are never shown, even to staff. */
const SECRET_KEY = /(password|hash|token|secret|otp|^code$)/i;

export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null ? '[redacted]' : redactSecrets(v)]),
    ) as T;
  }
  return value;
}

const ACTOR_WORDS: Record<string, string> = { customer: 'customer', anonymous: 'guest', system: 'system' };

/** An actor's display name given the staff names known (see AuditLog.actorDisplayNames). */
export function actorDisplayName(actor: Partial<Actor> | null | undefined, staffNames: ReadonlyMap<string, string>): string {
  if (!actor || typeof actor.type !== 'string') return 'system';
  if (actor.type === 'staff') return (typeof actor.id === 'string' && staffNames.get(actor.id)) || 'staff';
  return ACTOR_WORDS[actor.type] ?? 'system';
}

/** How far the EventStoreDB fallback scans the log for a filtered page (newest first). */
const SCAN_LIMIT = 20_000;

/** Reads the event log for staff: the global log newest first, or one record's stream, personal data opened. */
@Injectable()
export class AuditLog {
  constructor(
    private readonly db: DatabaseService,
    private readonly privacy: PersonalData,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async list(filter: EventFilter): Promise<AuditEventListDto> {
    const { rows, total } = this.store.name === 'postgres' ? await this.listFromTable(filter) : await this.listByScan(filter);
    return { items: await this.present(rows), total, page: filter.page, limit: filter.limit };
  }

  async stream(streamId: string): Promise<AuditEventDto[]> {
    return this.present(await this.store.readStream(streamId));
  }

  private async listFromTable(f: EventFilter): Promise<{ rows: RecordedEvent[]; total: number }> {
    const filter = new SqlFilter();
    if (f.types?.length) filter.where('event_type = ANY(?::text[])', f.types);
    // A stream id, or a prefix ending in '-' (every order: 'order-').
    if (f.stream) filter.where(f.stream.endsWith('-') ? 'starts_with(stream_id, ?)' : 'stream_id = ?', f.stream);
    filter
      .whereGiven(`metadata->>'correlationId' = ?`, f.correlationId)
      .whereGiven('occurred_at >= ?::timestamptz', f.from)
      .whereGiven('occurred_at <= ?::timestamptz', f.to);
    const [count] = await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM public.es_events ${filter.sql}`, filter.params);
    const page = filter.page(f.page, f.limit);
    const rows = await this.db.query<EventRow>(
      `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_revision, event_type, data, metadata
         FROM public.es_events ${filter.sql}
        ORDER BY global_position DESC
        ${page.sql}`,
      page.params,
    );
    return {
      total: Number(count.n),
      rows: rows.map((r) => ({
        streamId: r.stream_id,
        revision: Number(r.stream_revision),
        position: { commit: BigInt(r.transaction_id), prepare: BigInt(r.global_position) },
        type: r.event_type,
        data: r.data,
        metadata: r.metadata,
      })),
    };
  }

  /** EventStoreDB: no SQL over the log, so scan it through the port (bounded) and filter here. */
  private async listByScan(f: EventFilter): Promise<{ rows: RecordedEvent[]; total: number }> {
    const matched: RecordedEvent[] = [];
    let after = START;
    let scanned = 0;
    const from = f.from ? Date.parse(f.from) : -Infinity;
    const to = f.to ? Date.parse(f.to) : Infinity;
    while (scanned < SCAN_LIMIT) {
      const batch = await this.store.readAll({ after, limit: 1000, eventTypes: f.types?.length ? f.types : undefined });
      if (batch.length === 0) break;
      scanned += batch.length;
      for (const e of batch) {
        const at = Date.parse(e.metadata.occurredAt);
        const streamOk = !f.stream || (f.stream.endsWith('-') ? e.streamId.startsWith(f.stream) : e.streamId === f.stream);
        const conversationOk = !f.correlationId || e.metadata.correlationId === f.correlationId;
        if (streamOk && conversationOk && at >= from && at <= to) matched.push(e);
      }
      after = batch[batch.length - 1].position;
    }
    matched.reverse();
    const start = (f.page - 1) * f.limit;
    return { rows: matched.slice(start, start + f.limit), total: matched.length };
  }

  /** The current names (or e-mails) of staff members by id; members since removed are absent. */
  async staffNames(actors: readonly (Partial<Actor> | null | undefined)[]): Promise<Map<string, string>> {
    const staffIds = [...new Set(actors.filter((a) => a?.type === 'staff' && typeof a.id === 'string').map((a) => a!.id as string))];
    const names = new Map<string, string>();
    if (staffIds.length) {
      const rows = await this.db
        .query<{ id: string; name: string | null; email: string | null }>('SELECT id::text AS id, name, email FROM rm.staff_members WHERE id::text = ANY($1::text[])', [staffIds])
        .catch(() => []);
      for (const r of rows) names.set(r.id, (await this.privacy.openDeep(r.name)) || (await this.privacy.openDeep(r.email)) || r.id);
    }
    return names;
  }

  /**
   * Who did it, in words: the staff member's name (or "staff" once they were removed), "customer", "guest"
   * (an anonymous shopper) or "system". Never a customer's name: that is personal data the diff need not show.
   */
  async actorDisplayNames(actors: readonly (Partial<Actor> | null | undefined)[]): Promise<string[]> {
    const staff = await this.staffNames(actors);
    return actors.map((a) => actorDisplayName(a, staff));
  }

  async present(events: RecordedEvent[]): Promise<AuditEventDto[]> {
    const names = await this.staffNames(events.map((e) => e.metadata?.actor));
    return Promise.all(
      events.map(async (e) => {
        const actor = e.metadata?.actor ?? { type: 'system' };
        return {
          id: e.metadata?.eventId,
          stream_id: e.streamId,
          revision: e.revision,
          type: e.type,
          data: redactSecrets((await this.privacy.openDeep(e.data, ERASED)) ?? {}),
          occurred_at: new Date(e.metadata?.occurredAt).toISOString(),
          actor: { type: actor.type, id: actor.id, name: actor.id ? (names.get(actor.id) ?? null) : null },
          correlation_id: e.metadata?.correlationId,
          causation_id: e.metadata?.causationId ?? null,
          position: positionToString(e.position),
        };
      }),
    );
  }
}
