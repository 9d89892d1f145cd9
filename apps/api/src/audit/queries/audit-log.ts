import type { SomeEvent } from '@facet/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DatabaseService } from '../../platform/database/database.service';
import { Actor, EVENT_STORE, EventStore, positionToString, RecordedEvent } from '../../platform/event-store/event-store';
import { ERASED, PersonalData } from '../../platform/privacy/personal-data';
import { redactClearPersonalData, redactIdentifiers } from '../../platform/privacy/event-redaction';
import { hideMailSecrets } from '../../mail';
import { AuditEventDto, AuditEventListDto } from '../http/dto/audit.dto';

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

/** Secrets inside events (password and code hashes, tokens) are never shown, even to staff. */
const SECRET_KEY = /(password|hash|token|secret|otp|^code$)/i;

export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) && v !== null ? '[redacted]' : redactSecrets(v),
      ]),
    ) as T;
  }
  return value;
}

/** A MailSent recorded before account secrets were kept out of mail may hold a verification code in its subject (or, version 1, its body). */
function hideSecretsOfMail(type: string, data: unknown): unknown {
  if (type !== 'MailSent' || !isRecord(data) || typeof data.kind !== 'string') return data;
  const kind = data.kind;
  const hidden = { ...data };
  for (const field of ['subject', 'html', 'text']) {
    const value = hidden[field];
    // Only text holds a secret (hideMailSecrets returns anything else as it is).
    if (typeof value === 'string') hidden[field] = hideMailSecrets(kind, value);
  }
  return hidden;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const ACTOR_WORDS: Record<string, string> = { customer: 'customer', anonymous: 'guest', system: 'system' };

/** An actor's display name given the staff names known (see AuditLog.actorDisplayNames). */
export function actorDisplayName(actor: Partial<Actor> | null | undefined, staffNames: ReadonlyMap<string, string>): string {
  if (!actor || typeof actor.type !== 'string') return 'system';
  if (actor.type === 'staff') return (typeof actor.id === 'string' && staffNames.get(actor.id)) || 'staff';
  return ACTOR_WORDS[actor.type] ?? 'system';
}

/** Reads the event log for staff: the global log newest first, or one record's stream, personal data opened. */
@Injectable()
export class AuditLog {
  constructor(
    private readonly db: DatabaseService,
    private readonly privacy: PersonalData,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async list(f: EventFilter): Promise<AuditEventListDto> {
    const { events, total, estimated } = await this.store.readLog({
      eventTypes: f.types,
      stream: f.stream,
      correlationId: f.correlationId,
      from: f.from ? new Date(f.from) : undefined,
      to: f.to ? new Date(f.to) : undefined,
      offset: (f.page - 1) * f.limit,
      limit: f.limit,
    });
    return { items: await this.present(events), total, ...(estimated ? { total_estimated: true } : {}), page: f.page, limit: f.limit };
  }

  async stream(streamId: string): Promise<AuditEventDto[]> {
    return this.present(await this.store.readStream(streamId));
  }

  /** The current names (or e-mails) of staff members by id; members since removed are absent. */
  async staffNames(actors: readonly (Partial<Actor> | null | undefined)[]): Promise<Map<string, string>> {
    const staffIds = [...new Set(actors.filter((a) => a?.type === 'staff' && typeof a.id === 'string').map((a) => a!.id as string))];
    const names = new Map<string, string>();
    if (staffIds.length) {
      const rows = await this.db
        .query<{ id: string; name: string | null; email: string | null }>(
          'SELECT id::text AS id, name, email FROM rm.staff_members WHERE id::text = ANY($1::text[])',
          [staffIds],
        )
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

  /** Events of any type and version, as recorded: the log shows what this release cannot read too (never refused here). */
  async present(events: RecordedEvent<SomeEvent>[]): Promise<AuditEventDto[]> {
    const names = await this.staffNames(events.map((e) => e.metadata?.actor));
    // Clear text of events written before it was sealed (an engraving, a tracking number) once its person is erased.
    const shown = await redactClearPersonalData(events, this.privacy.keys);
    return Promise.all(
      shown.map(async (e) => {
        const actor = e.metadata?.actor ?? { type: 'system' };
        const opened: unknown = (await this.privacy.openDeep(e.data, ERASED)) ?? {};
        // Every event the shop records has an object for data; the DTO describes it so.
        const data = redactSecrets(hideSecretsOfMail(e.type, redactIdentifiers(e.type, opened))) as Record<string, unknown>;
        return {
          id: e.metadata?.eventId,
          stream_id: e.streamId,
          revision: e.revision,
          type: e.type,
          data,
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
