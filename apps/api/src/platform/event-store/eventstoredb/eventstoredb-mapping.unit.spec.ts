import { ANY, NO_STREAM, STREAM_EXISTS, START as ESDB_START } from '@eventstore/db-client';
import { EventMetadata, START } from '../event-store';
import {
  EmptyScanMemo,
  fromCurrentRevision,
  fromStoredMetadata,
  isStrictlyAfter,
  isStreamNotFound,
  isSystemEvent,
  isWrongExpectedVersion,
  knownPosition,
  matchesEventTypes,
  revisionToNumber,
  toExpectedRevision,
  toReadPosition,
  toRecordedEvent,
  toStoredMetadata,
} from './eventstoredb-mapping';

const metadata: EventMetadata = {
  eventId: '6f1c2d9e-3b4a-4c5d-8e7f-0a1b2c3d4e5f',
  schemaVersion: 2,
  occurredAt: '2025-01-02T03:04:05.000Z',
  actor: { type: 'staff', id: 'staff-1' },
  correlationId: 'c0rr-1',
  causationId: 'cause-1',
};

/** What the server gives back: the stored metadata after a JSON round trip. */
const roundTrip = (m: EventMetadata) => JSON.parse(JSON.stringify(toStoredMetadata(m)));

describe('EventStoreDB mapping', () => {
  describe('When mapping the expected revision', () => {
    it('should turn a number into a BigInt revision and the named states into the client constants', () => {
      expect(toExpectedRevision(0)).toBe(0n);
      expect(toExpectedRevision(41)).toBe(41n);
      expect(toExpectedRevision('no_stream')).toBe(NO_STREAM);
      expect(toExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
      expect(toExpectedRevision('any')).toBe(ANY);
    });

    it('should refuse a revision that is negative or not whole', () => {
      expect(() => toExpectedRevision(-1)).toThrow(RangeError);
      expect(() => toExpectedRevision(1.5)).toThrow(RangeError);
      expect(() => toExpectedRevision(Number.NaN)).toThrow(RangeError);
    });

    it('should report the actual revision of a conflict as a number or no_stream', () => {
      expect(fromCurrentRevision(3n)).toBe(3);
      expect(fromCurrentRevision(NO_STREAM)).toBe('no_stream');
      expect(fromCurrentRevision(-1n)).toBe('no_stream');
      expect(fromCurrentRevision(undefined)).toBe('no_stream');
    });

    it('should map revisions to numbers and refuse ones too large to be exact', () => {
      expect(revisionToNumber(7n)).toBe(7);
      expect(() => revisionToNumber(2n ** 60n)).toThrow(RangeError);
    });

    it('should recognise the client errors by their type tag', () => {
      expect(isWrongExpectedVersion({ type: 'wrong-expected-version', actualVersion: 1n })).toBe(true);
      expect(isWrongExpectedVersion(new Error('boom'))).toBe(false);
      expect(isStreamNotFound({ type: 'stream-not-found' })).toBe(true);
      expect(isStreamNotFound(null)).toBe(false);
    });
  });

  describe('When reading from a position', () => {
    it('should start at the beginning for START or no position and at the pair otherwise', () => {
      expect(toReadPosition(undefined)).toBe(ESDB_START);
      expect(toReadPosition(START)).toBe(ESDB_START);
      expect(toReadPosition({ commit: 10n, prepare: 12n })).toEqual({ commit: 10n, prepare: 12n });
    });

    it('should keep only events strictly after the position (EventStoreDB reads it inclusively)', () => {
      const after = { commit: 100n, prepare: 100n };
      expect(isStrictlyAfter({ commit: 100n, prepare: 100n }, after)).toBe(false);
      expect(isStrictlyAfter({ commit: 99n, prepare: 250n }, after)).toBe(false);
      expect(isStrictlyAfter({ commit: 100n, prepare: 180n }, after)).toBe(true);
      expect(isStrictlyAfter({ commit: 101n, prepare: 0n }, after)).toBe(true);
      expect(isStrictlyAfter({ commit: 0n, prepare: 0n }, START)).toBe(true);
      expect(isStrictlyAfter({ commit: 0n, prepare: 0n }, undefined)).toBe(true);
    });

    it('should treat a missing or -1 (unsigned) position as unknown', () => {
      expect(knownPosition(undefined)).toBeUndefined();
      expect(knownPosition({ commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n })).toBeUndefined();
      expect(knownPosition({ commit: -1n, prepare: -1n })).toBeUndefined();
      expect(knownPosition({ commit: 5n, prepare: 6n })).toEqual({ commit: 5n, prepare: 6n });
    });
  });

  describe('When filtering events', () => {
    it('should treat $-prefixed event types and streams as system events', () => {
      expect(isSystemEvent({ type: '$metadata', streamId: '$$order-1' })).toBe(true);
      expect(isSystemEvent({ type: '$>', streamId: '$ce-order' })).toBe(true);
      expect(isSystemEvent({ type: '$statsCollected', streamId: '$stats-127.0.0.1:2113' })).toBe(true);
      expect(isSystemEvent({ type: 'SomethingInternal', streamId: '$settings' })).toBe(true);
      expect(isSystemEvent({ type: 'OrderRequested', streamId: 'order-1' })).toBe(false);
    });

    it('should match every type without a list and exactly the listed ones with one', () => {
      expect(matchesEventTypes('OrderRequested', undefined)).toBe(true);
      expect(matchesEventTypes('OrderRequested', ['OrderRequested'])).toBe(true);
      expect(matchesEventTypes('OrderRequestedV2', ['OrderRequested'])).toBe(false);
      expect(matchesEventTypes('OrderRequested', [])).toBe(false);
    });
  });

  describe('When storing and reading metadata', () => {
    it('should store the correlation and causation ids also under the names EventStoreDB knows', () => {
      const stored = toStoredMetadata(metadata);
      expect(stored.$correlationId).toBe('c0rr-1');
      expect(stored.$causationId).toBe('cause-1');
      expect(toStoredMetadata({ ...metadata, causationId: null })).not.toHaveProperty('$causationId');
    });

    it('should read back exactly the metadata that was appended', () => {
      const recorded = { id: metadata.eventId, created: new Date() };
      expect(fromStoredMetadata(roundTrip(metadata), recorded)).toEqual(metadata);
      const noCause = { ...metadata, causationId: null, actor: { type: 'anonymous' as const } };
      expect(fromStoredMetadata(roundTrip(noCause), recorded)).toEqual(noCause);
    });

    it('should parse metadata the client could only give back as bytes', () => {
      const bytes = new Uint8Array(Buffer.from(JSON.stringify(toStoredMetadata(metadata))));
      expect(fromStoredMetadata(bytes, { id: metadata.eventId })).toEqual(metadata);
    });

    it('should fill in metadata for an event written by something else', () => {
      const created = new Date('2024-05-06T07:08:09.000Z');
      expect(fromStoredMetadata(undefined, { id: 'evt-1', created })).toEqual({
        eventId: 'evt-1',
        schemaVersion: 1,
        occurredAt: '2024-05-06T07:08:09.000Z',
        actor: { type: 'system' },
        correlationId: 'evt-1',
        causationId: null,
      });
      expect(fromStoredMetadata({ $correlationId: 'c-9', $causationId: 'x-9' }, { id: 'evt-2', created })).toMatchObject({
        correlationId: 'c-9',
        causationId: 'x-9',
      });
      expect(fromStoredMetadata(new Uint8Array([0xff, 0x00]), { id: 'evt-3', created }).eventId).toBe('evt-3');
    });

    it('should map a client event to the port, revision as a number', () => {
      const event = toRecordedEvent({
        streamId: 'order-1',
        id: metadata.eventId,
        revision: 4n,
        type: 'OrderRequested',
        created: new Date(),
        data: { total: 100 },
        metadata: JSON.parse(JSON.stringify(toStoredMetadata(metadata, 'ab'.repeat(32)))),
        position: { commit: 300n, prepare: 310n },
      });
      expect(event.hash).toBe('ab'.repeat(32));
      expect(event).toEqual({
        hash: 'ab'.repeat(32),
        streamId: 'order-1',
        revision: 4,
        position: { commit: 300n, prepare: 310n },
        type: 'OrderRequested',
        data: { total: 100 },
        metadata,
      });
      const noPosition = toRecordedEvent({ streamId: 's', id: 'i', revision: 0n, type: 'T', data: {} });
      expect(noPosition.position).toEqual(START);
    });
  });

  describe('When remembering scans that found nothing', () => {
    const after = { commit: 10n, prepare: 10n };

    it('should resume from the furthest empty scan for the same position and types', () => {
      const memo = new EmptyScanMemo();
      expect(memo.resumeFrom(after, ['A'])).toEqual(after);
      memo.remember(after, ['A', 'B'], { commit: 50n, prepare: 50n });
      expect(memo.resumeFrom(after, ['B', 'A'])).toEqual({ commit: 50n, prepare: 50n });
      memo.remember(after, ['A', 'B'], { commit: 40n, prepare: 40n });
      expect(memo.resumeFrom(after, ['A', 'B'])).toEqual({ commit: 50n, prepare: 50n });
      expect(memo.resumeFrom(after, ['A'])).toEqual(after);
      expect(memo.resumeFrom(undefined, undefined)).toEqual(START);
    });

    it('should forget the oldest entries beyond its capacity', () => {
      const memo = new EmptyScanMemo(2);
      memo.remember({ commit: 1n, prepare: 1n }, undefined, { commit: 5n, prepare: 5n });
      memo.remember({ commit: 2n, prepare: 2n }, undefined, { commit: 5n, prepare: 5n });
      memo.remember({ commit: 3n, prepare: 3n }, undefined, { commit: 5n, prepare: 5n });
      expect(memo.resumeFrom({ commit: 1n, prepare: 1n }, undefined)).toEqual({ commit: 1n, prepare: 1n });
      expect(memo.resumeFrom({ commit: 3n, prepare: 3n }, undefined)).toEqual({ commit: 5n, prepare: 5n });
    });
  });
});
