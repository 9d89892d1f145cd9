import { generateKeyPairSync } from 'crypto';
import type { Pool } from 'pg';
import { EventStore, positionToString, RecordedEvent } from './event-store';
import { acceptAnchors, keyId, LoadedAnchors, signAnchor, toRanges } from './log-anchors';
import { chainHashes, foldCheckpoint, GENESIS_HASH } from './log-chain';
import { verifyLog } from './log-verifier';

const { privateKey } = generateKeyPairSync('ed25519');
const keys = new Map([[keyId(privateKey), privateKey]]);
const metadata = {
  eventId: 'e',
  schemaVersion: 1,
  occurredAt: '2030-01-01T00:00:00.000Z',
  actor: { type: 'system' },
  correlationId: 'c',
  causationId: null,
};

/** A log of `streams` streams of three events each, appended in turn, with the hashes the store computes. */
function logOf(streams: number, price = (_s: number, _r: number) => 100): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  for (let r = 0; r < 3; r++) {
    for (let s = 0; s < streams; s++) {
      out.push({
        streamId: `product-${s}`,
        revision: r,
        position: { commit: BigInt(out.length + 1), prepare: BigInt(out.length + 1) },
        type: 'ProductEdited',
        data: { price_cents: price(s, r) },
        metadata,
      } as unknown as RecordedEvent);
    }
  }
  // Each stream's chain, as an intruder with the database (and this module) can recompute it.
  const previous = new Map<string, string>();
  for (const e of out) {
    const [hash] = chainHashes(previous.get(e.streamId) ?? GENESIS_HASH, [e]);
    e.hash = hash;
    previous.set(e.streamId, hash);
  }
  return out;
}

/** An event store that holds `events` and nothing else (no checkpoints either). */
function storeOf(events: RecordedEvent[]): { store: EventStore; pool: Pool } {
  const store = {
    name: 'eventstoredb',
    readAll: async ({ after, limit }: { after: { prepare: bigint }; limit: number }) =>
      events.filter((e) => e.position.prepare > after.prepare).slice(0, limit),
  } as unknown as EventStore;
  const pool = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Pool;
  return { store, pool };
}

/** The anchor the publisher signs over the whole of `events` (log-anchor-publisher.ts). */
function anchorOf(events: RecordedEvent[], log = 'shop'): string {
  const last = events[events.length - 1];
  return JSON.stringify(
    signAnchor(
      {
        v: 1,
        log,
        position: positionToString(last.position),
        events: events.length,
        hash: last.hash!,
        log_hash: events.reduce((h, e) => foldCheckpoint(h, e.hash!), GENESIS_HASH),
        since: null,
        added: toRanges(events.map((e) => Number(e.position.prepare))),
        at: '2030-01-01T00:00:00.000Z',
        key_id: keyId(privateKey),
      },
      privateKey,
    ),
  );
}

const anchored = (texts: string[], log = 'shop'): LoadedAnchors => ({
  ...acceptAnchors(
    texts.map((text, i) => ({ where: `anchors line ${i + 1}`, text })),
    keys,
    log,
  ),
  read: ['anchors'],
});

describe('Verifying the log against its anchors', () => {
  it('should not call a log intact when no anchor of it is found, and say what that leaves open', async () => {
    const { store, pool } = storeOf(logOf(3));
    const report = await verifyLog(store, pool, {
      anchors: { anchors: [], rejected: [], read: ['/anchors/log-anchors.shop.jsonl', 'redis q:log-anchor:shop'] },
    });
    expect(report.ok).toBe(false);
    expect(report.breaks).toBe(1);
    expect(report.firstBreak!.reason).toBe(
      'no anchor of this log was found (looked in /anchors/log-anchors.shop.jsonl, redis q:log-anchor:shop): nothing outside the database ' +
        'vouches for it, so its newest events could have been deleted, or events rewritten with their hashes recomputed, and every link would still hold',
    );
    // Only forged anchors: each is reported, and the log is still unanchored.
    const forged = await verifyLog(store, pool, { anchors: anchored(['{"v":1}']) });
    expect(forged.breaks).toBe(2);
    expect(forged.firstBreak!.reason).toMatch(/not valid/);
  });

  it('should fail a log rewritten with its chain recomputed: the signed anchor covers every hash up to it', async () => {
    const original = logOf(3);
    const anchor = anchorOf(original);
    expect((await verifyLog(storeOf(original).store, storeOf(original).pool, { anchors: anchored([anchor]) })).ok).toBe(true);

    // One price rewritten in the anchored event's stream, that stream's links recomputed after it: every link holds...
    const rewritten = logOf(3, (s, r) => (s === 2 && r === 1 ? 1 : 100));
    const { store, pool } = storeOf(rewritten);
    const chainOnly = await verifyLog(store, pool);
    expect(chainOnly).toMatchObject({ ok: true, breaks: 0 });
    // ...but not the anchor, signed outside the database over the original hashes.
    const report = await verifyLog(store, pool, { anchors: anchored([anchor]) });
    expect(report.ok).toBe(false);
    expect(report.firstBreak!.reason).toMatch(/gone or no longer has the anchored hash/);

    // A rewrite of an older event, the anchored one left as it was: the running hash up to it differs.
    const older = logOf(3, (s, r) => (s === 0 && r === 0 ? 1 : 100));
    expect(older[older.length - 1].hash).toBe(original[original.length - 1].hash);
    const again = await verifyLog(storeOf(older).store, storeOf(older).pool, { anchors: anchored([anchor]) });
    expect(again.ok).toBe(false);
    expect(again.firstBreak!.reason).toMatch(/differ from those anchored \(replaced or reordered\)/);
  });

  it("should check a copy restored under another database name against the original's anchors, by the original's name", async () => {
    const events = logOf(2);
    const { store, pool } = storeOf(events);
    const anchor = anchorOf(events, 'facet');
    // Read as the copy's own log, the original's anchor is refused, naming both.
    const asCopy = await verifyLog(store, pool, { anchors: anchored([anchor], 'facet_restored') });
    expect(asCopy.ok).toBe(false);
    expect(asCopy.firstBreak!.reason).toMatch(/anchors the log of "facet", not of facet_restored/);
    // Named as the original (verify-log --log-name facet): checked, and intact.
    expect(await verifyLog(store, pool, { anchors: anchored([anchor], 'facet') })).toMatchObject({ ok: true, anchorsChecked: 1 });
  });
});
