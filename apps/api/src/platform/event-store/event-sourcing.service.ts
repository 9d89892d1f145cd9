import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { currentContext } from '../context/request-context';
import { APPEND_METRICS, AppendMetrics } from '../metrics/append-metrics';
import { PersonalData } from '../privacy/personal-data';
import { currentTraceparent, inSpan } from '../tracing/tracing';
import { personalFieldsOf } from '../privacy/personal-fields';
import { Decider, fold } from './decider';
import type { SomeEvent } from '@facet/contracts';
import { AppendResult, ConcurrencyError, EVENT_STORE, EventStore, ExpectedRevision, Position, RecordedEvent } from './event-store';
import { readRecorded } from './recorded-events';

export const PROJECTION_STATUS = Symbol('PROJECTION_STATUS');

/**
 * Read your writes: what the write side needs of the read side, and no more. ProjectionStatus (the
 * projections' checkpoints) provides it; the write side never imports the read models.
 */
export interface ReadYourWrites {
  /** True once every read model that handles one of these types has reached the position (bounded wait). */
  waitFor(position: Position, eventTypes: readonly string[], timeoutMs: number): Promise<boolean>;
  /**
   * True once the named read model has reached the position (bounded wait): for a question one read model
   * answers, which must not wait on other read models that handle a few of the same types and so may never
   * pass a position of a type they skip.
   */
  waitForReadModel(position: Position, projectionName: string, timeoutMs: number): Promise<boolean>;
}

export interface AppendOptions {
  /** Wait (bounded) until the read models show these events, so the caller reads its own write. */
  waitForProjections?: boolean;
}

export interface Decision<State, Event extends SomeEvent> {
  events: Event[];
  /** State after the new events. */
  state: State;
  revision: number;
  result: AppendResult | null;
}

/**
 * The write side's one door to the event store: stamps metadata (id, time, actor, correlation and
 * causation), seals personal data, and waits for the projections. A stale revision is a ConcurrencyError.
 */
@Injectable()
export class EventSourcing {
  constructor(
    @Inject(EVENT_STORE) readonly store: EventStore,
    private readonly privacy: PersonalData,
    @Inject(PROJECTION_STATUS) private readonly status: ReadYourWrites,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    @Optional() @Inject(APPEND_METRICS) private readonly metrics?: AppendMetrics,
  ) {}

  /** Reads a stream with its personal data opened, each event checked and upcast (readRecorded: unknown ones throw). */
  async load<E extends SomeEvent = SomeEvent>(streamId: string): Promise<RecordedEvent<E>[]> {
    const events = await this.store.readStream(streamId);
    const data = await this.privacy.openMany(events.map((e) => e.data));
    // The caller names the union its stream holds (a stream is one part's); readRecorded checked each event's type.
    return events.map((e, i) => readRecorded({ ...e, data: data[i] })) as RecordedEvent<E>[];
  }

  /** As load, without opening personal data: for a reader of the stream's plain fields (an order's lines). */
  async loadSealed<E extends SomeEvent = SomeEvent>(streamId: string): Promise<RecordedEvent<E>[]> {
    return (await this.store.readStream(streamId)).map((e) => readRecorded(e)) as RecordedEvent<E>[];
  }

  /** Appends in a span of its own when tracing is on, whose context each event's metadata carries (traceparent). */
  append(streamId: string, events: SomeEvent[], expected: ExpectedRevision, options: AppendOptions = {}): Promise<AppendResult> {
    const types = [...new Set(events.map((e) => e.type))];
    // The stream's kind (order, customer), never its id: ids are not for a tracing backend to keep.
    const attributes = { 'facet.stream_kind': streamId.split('-')[0].slice(0, 40), 'facet.event_types': types };
    return inSpan(`append ${types.join(',')}`.slice(0, 120), { kind: 'producer', attributes }, async () => {
      const result = await this.appendInSpan(streamId, events, expected, options);
      this.metrics?.eventsAppended(events.map((e) => e.type));
      return result;
    });
  }

  private async appendInSpan(
    streamId: string,
    events: SomeEvent[],
    expected: ExpectedRevision,
    options: AppendOptions,
  ): Promise<AppendResult> {
    const context = currentContext();
    const traceparent = currentTraceparent();
    const occurredAt = new Date().toISOString();
    const prepared = await Promise.all(
      events.map(async (e) => {
        const personal = personalFieldsOf(e.type);
        // An event type with personal fields registered has object data (personal-fields.ts).
        const data = personal
          ? await this.privacy.sealFields(personal.subject(e.data), e.data as Record<string, unknown>, personal.fields)
          : e.data;
        return {
          type: e.type,
          data,
          metadata: {
            eventId: randomUUID(),
            schemaVersion: e.schemaVersion ?? 1,
            occurredAt,
            actor: context.actor,
            correlationId: context.correlationId,
            causationId: context.causationId,
            ...(traceparent ? { traceparent } : {}),
          },
        };
      }),
    );
    const result = await this.store.appendToStream(streamId, prepared, expected);
    if (options.waitForProjections !== false) {
      const visible = await this.status.waitFor(
        result.position,
        events.map((e) => e.type),
        this.config.readYourWritesTimeoutMs,
      );
      // The HTTP layer answers 202 with a Location to poll instead of pretending the write is readable.
      if (!visible) context.projectionPending = true;
    }
    return result;
  }

  /**
   * Loads the stream, folds it, decides, and appends at the revision it loaded (or the one the caller
   * says it saw, for If-Match style edits). A concurrent writer makes this a 409.
   */
  async decide<State, Command, Event extends SomeEvent>(
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    options: AppendOptions & { expectedRevision?: number; newStream?: boolean } = {},
  ): Promise<Decision<State, Event>> {
    // A stream named by a freshly generated id has no history to read; appending with 'no_stream' still
    // refuses it if one somehow exists.
    const history = options.newStream ? [] : await this.load<Event>(streamId);
    const revision = history.length - 1;
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
      throw new ConcurrencyError(
        streamId,
        options.expectedRevision,
        revision,
        `This record was changed by someone else meanwhile (you edited version ${options.expectedRevision}, ` +
          `the current version is ${revision}). Reload it and try again.`,
      );
    }
    const state = fold(decider, history as unknown as Event[]);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, revision, result: null };
    const result = await this.append(streamId, events, revision < 0 ? 'no_stream' : revision, options);
    return { events, state: events.reduce((s, e) => decider.evolve(s, e), state), revision: result.nextRevision, result };
  }

  /**
   * For commands that say what the record should become (a status and a note), not which version the
   * caller edited: when another writer appends first, the command is decided again against the stream as
   * it is now, so a burst of the same change records it once and every caller gets the outcome (a change
   * already made decides nothing). A refusal by the rules still throws. When nothing new was decided it
   * waits until the read models show the stream's last event, so the caller reads the write that made it so.
   */
  async decideLatest<State, Command, Event extends SomeEvent>(
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    options: AppendOptions = {},
    attempts = 8,
  ): Promise<Decision<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      try {
        const decision = await this.decide(streamId, decider, command, options);
        if (decision.events.length === 0 && options.waitForProjections !== false) {
          const [last] = (await this.store.readStream(streamId)).slice(-1);
          if (last) {
            const visible = await this.status.waitFor(last.position, [last.type], this.config.readYourWritesTimeoutMs);
            if (!visible) currentContext().projectionPending = true;
          }
        }
        return decision;
      } catch (err) {
        if (!(err instanceof ConcurrencyError) || attempt >= attempts) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
      }
    }
  }
}
