import { createHash } from 'crypto';

/**
 * The tamper-evident chain over the event log. Every event carries
 *
 *   hash = SHA-256(previous hash of its stream ‖ digest),   digest = SHA-256(canonical JSON of the event)
 *
 * where the first event of a stream chains from 32 zero bytes. The digest covers the event as stored, with
 * its personal data sealed, so erasing a person (deleting their key) changes no stored byte and breaks no
 * link. Both adapters compute it at append time: the digests in Node (the costly part), the links with the
 * previous hash of the stream read under the same lock as the stream's revision.
 */

export const GENESIS_HASH = '0'.repeat(64);

/** What the digest covers: everything an event says, in a form both adapters store and give back. */
export interface ChainedContent {
  streamId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

/**
 * JSON with object keys sorted, as JSON.stringify would write the value (toJSON, undefined properties
 * dropped, non-finite numbers as null), so the same event gives the same bytes whether it is hashed before
 * the append or after a round trip through jsonb (which reorders keys) or EventStoreDB.
 */
export function canonicalJson(value: unknown): string {
  // Loops and string concatenation rather than map/filter/join: the verifier runs this once per event.
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('A bigint cannot be stored in an event');
    case 'object': {
      if (value === null) return 'null';
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonicalJson((value as { toJSON(): unknown }).toJSON());
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          out += skipped(value[i]) ? 'null' : canonicalJson(value[i]);
        }
        return out + ']';
      }
      const record = value as Record<string, unknown>;
      let out = '{';
      let first = true;
      for (const key of Object.keys(record).sort()) {
        if (skipped(record[key])) continue;
        out += (first ? '' : ',') + JSON.stringify(key) + ':' + canonicalJson(record[key]);
        first = false;
      }
      return out + '}';
    }
    default:
      return 'null';
  }
}

/** What JSON.stringify leaves out of objects (and writes as null in arrays). */
function skipped(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

export function eventDigest(event: ChainedContent): Buffer {
  return createHash('sha256')
    .update(canonicalJson([event.streamId, event.type, event.data, event.metadata]))
    .digest();
}

/** The link: SHA-256(previous ‖ digest), as hex. */
export function linkHash(previousHex: string, digest: Buffer): string {
  return createHash('sha256').update(Buffer.from(previousHex, 'hex')).update(digest).digest('hex');
}

/** The hashes of events appended in one go after `previousHex` (GENESIS_HASH for a new stream). */
export function chainHashes(previousHex: string, events: ChainedContent[]): string[] {
  let previous = previousHex;
  return events.map((e) => (previous = linkHash(previous, eventDigest(e))));
}

/** The running hash over the global order that periodic checkpoints record. */
export function foldCheckpoint(runningHex: string, eventHashHex: string): string {
  return createHash('sha256').update(Buffer.from(runningHex, 'hex')).update(Buffer.from(eventHashHex, 'hex')).digest('hex');
}

/** One event as a verifier sees it: from the database, from EventStoreDB, or from an exported file. */
export interface ChainedEvent extends ChainedContent {
  revision: number;
  position: string;
  hash?: string | null;
  /** Given in exports; a verifier that starts in the middle of a stream takes it as the first link. */
  prevHash?: string;
  /**
   * Given in exports for an event whose data was redacted there (privacy/event-redaction.ts): its digest as
   * stored, which the link is checked with instead (the redacted values themselves cannot be checked).
   */
  digest?: string;
}

export interface ChainBreak {
  streamId: string;
  revision: number;
  position: string;
  reason: string;
}

/**
 * Walks events in log order and reports each broken link. The next link is checked against the STORED
 * hash of the previous event, so one altered event is reported once, not with everything after it.
 */
export class ChainChecker {
  private readonly heads = new Map<string, { revision: number; hash: string }>();
  events = 0;

  /** `startMidStream`: an export may begin after revision 0; its first event's prevHash is then trusted. */
  constructor(private readonly startMidStream = false) {}

  check(event: ChainedEvent): ChainBreak | null {
    this.events++;
    const head = this.heads.get(event.streamId);
    const at = { streamId: event.streamId, revision: event.revision, position: event.position };
    let previous: string;
    if (head) {
      previous = head.hash;
      if (event.revision !== head.revision + 1) {
        this.remember(event);
        return { ...at, reason: `revision ${event.revision} follows revision ${head.revision}: events were removed or reordered` };
      }
    } else if (event.revision === 0) {
      previous = GENESIS_HASH;
    } else if (this.startMidStream && event.prevHash) {
      previous = event.prevHash;
    } else {
      this.remember(event);
      return { ...at, reason: `the stream starts at revision ${event.revision}: earlier events are missing` };
    }
    if (!event.hash) {
      return { ...at, reason: 'the event has no hash' };
    }
    this.remember(event);
    if (event.prevHash !== undefined && event.prevHash !== previous) {
      return { ...at, reason: 'its previous hash is not the hash of the event before it' };
    }
    const digest = event.digest ? Buffer.from(event.digest, 'hex') : eventDigest(event);
    if (linkHash(previous, digest) !== event.hash) {
      return { ...at, reason: 'its content or its hash was altered (the hash does not match the event)' };
    }
    return null;
  }

  /** The last revision and hash seen per stream. */
  get streams(): ReadonlyMap<string, { revision: number; hash: string }> {
    return this.heads;
  }

  private remember(event: ChainedEvent): void {
    if (event.hash) this.heads.set(event.streamId, { revision: event.revision, hash: event.hash });
  }
}
