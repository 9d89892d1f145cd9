import type { SomeEvent } from '@facet/contracts';
import { Tx } from '../platform/database/database';
import { RecordedEvent } from '../platform/event-store/event-store';
import { foldEvents, ReadModel, ReadModelEffect, storableRow } from '../platform/projections';

type Row = Record<string, unknown>;

/** The first moment of the events a spec records: each next event is a second later. */
const SPEC_START = Date.parse('2026-03-01T10:00:00.000Z');
let recordedSoFar = 0;

/**
 * An event as the log hands it to a read model, for specs: its stream, revision and time can be given
 * (`at`: an ISO time); by default each recorded event is a second after the one before.
 */
export function recorded<E extends SomeEvent>(
  event: { type: E['type']; data: E['data'] },
  at: { streamId?: string; revision?: number; occurredAt?: string } = {},
): RecordedEvent<E> {
  const n = recordedSoFar++;
  return {
    type: event.type,
    data: event.data,
    streamId: at.streamId ?? 'spec-stream',
    revision: at.revision ?? 0,
    position: { commit: BigInt(n), prepare: BigInt(n) },
    metadata: {
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      schemaVersion: 1,
      occurredAt: at.occurredAt ?? new Date(SPEC_START + n * 1000).toISOString(),
      actor: { type: 'system' },
      correlationId: '00000000-0000-4000-8000-000000000000',
      causationId: null,
    },
  } as unknown as RecordedEvent<E>;
}

/**
 * Given events → then rows, for a read model, without PostgreSQL: the events go through evolve as the
 * platform folds them (foldEvents), each row as it is written (storableRow). Effects are SQL and do not run
 * here: `effectOf` names the one an event has, and `effectStatements` shows what it sends.
 *
 *   readModelSpec(reviews).given(submitted, approved).thenRow(id, { status: 'approved', ... });
 */
export function readModelSpec<E extends SomeEvent, R extends Row, C>(model: ReadModel<E, R, C>) {
  const givenWith = (rows: R[], context: C | undefined, events: RecordedEvent<E>[]) => {
    const start = new Map(rows.map((row) => [String(row[model.key]), row]));
    const folded = foldEvents({ ...model, evolve: (row, event, ctx) => stored(model.evolve(row, event, ctx)) }, events, start, context);
    const rowOf = (key: string) => folded.get(key) ?? null;
    const then: ThenRows<R> = {
      rows: () => new Map([...folded].filter((entry): entry is [string, R] => entry[1] !== null)),
      thenRow(key, expected) {
        expect(rowOf(key)).toEqual(expected);
        return then;
      },
      thenRowMatches(key, expected) {
        expect(rowOf(key)).toMatchObject(expected);
        return then;
      },
      thenNoRow(key) {
        expect(rowOf(key)).toBeNull();
        return then;
      },
      thenRows(expected) {
        expect([...then.rows().values()]).toEqual(expected);
        return then;
      },
    };
    return then;
  };
  return {
    /** Events folded from no rows. */
    given: (...events: RecordedEvent<E>[]) => givenWith([], undefined, events),
    /** Events folded from rows already there and with the context evolve reads (erased customers...). */
    givenRows: (rows: R[], context?: C) => ({
      given: (...events: RecordedEvent<E>[]) => givenWith(rows, context, events),
    }),
    /** The effect an event has (undefined: none). */
    effectOf: (event: RecordedEvent<E>): ReadModelEffect<E> | undefined =>
      (model.effects as Record<string, ReadModelEffect<E> | undefined> | undefined)?.[event.type],
  };
}

/** What a spec checks after its events. */
export interface ThenRows<R> {
  /** The rows left, keyed (in the order their keys first came). */
  rows(): Map<string, R>;
  /** The row of `key` equals `expected` exactly. */
  thenRow(key: string, expected: R): ThenRows<R>;
  /** The row of `key` has at least these columns with these values. */
  thenRowMatches(key: string, expected: Partial<R>): ThenRows<R>;
  /** No row of `key` (never made, or deleted). */
  thenNoRow(key: string): ThenRows<R>;
  /** The rows left are exactly these. */
  thenRows(expected: R[]): ThenRows<R>;
}

const stored = <R extends Row>(row: R | null): R | null => (row === null ? null : storableRow(row));

/** A statement an effect sent: its text (spaces collapsed) and parameters. */
export interface SentStatement {
  sql: string;
  params: unknown[];
}

/**
 * Runs an effect against a stand-in transaction that answers every query with `answers` (in order, then no
 * rows) and records what was sent: what an effect does, checked without PostgreSQL.
 */
export async function effectStatements<E extends SomeEvent>(
  effect: ReadModelEffect<E>,
  event: RecordedEvent<E>,
  answers: Row[][] = [],
): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const tx = {
    query: async (sql: string, params: unknown[] = []) => {
      sent.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
      const rows = answers.shift() ?? [];
      return { rows, rowCount: rows.length };
    },
  } as unknown as Tx;
  await effect.run(tx, event);
  return sent;
}
