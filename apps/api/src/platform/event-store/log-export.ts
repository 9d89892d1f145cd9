import { redactClearPersonalData, redactIdentifiers } from '../privacy/event-redaction';
import type { SubjectKeys } from '../privacy/sealed-values';
import { EventStore, positionToString, RecordedEvent, START } from './event-store';
import { ChainedEvent, eventDigest } from './log-chain';

/**
 * One line of an export for an outside auditor: the event as stored (personal data sealed, which is what the
 * hash covers), its hash and the hash of the event before it in its stream. An event that names a person by
 * their e-mail (redactIdentifiers) is exported with those values redacted and with its digest, so its link
 * still checks without them. So is one holding personal data in clear text that events written before it was
 * sealed hold (an engraving, a tracking number) once its person is erased (redactClearPersonalData, given `keys`).
 */
export interface ExportLine {
  stream_id: string;
  revision: number;
  position: string;
  type: string;
  data: unknown;
  metadata: unknown;
  hash: string | null;
  prev_hash: string | null;
  /** Only on a redacted line: SHA-256 of the stored event (log-chain.ts eventDigest), hex. */
  digest?: string;
}

/** The subjects' keys, to tell whose clear text to redact; without them (a tool reading the log alone) nothing is. */
export type ExportKeys = Pick<SubjectKeys, 'keysOf'>;

const shownOf = async (events: RecordedEvent[], keys?: ExportKeys) => (keys ? redactClearPersonalData(events, keys) : events);

/** `shown`: the event's data as it may be shown (redactClearPersonalData), e.data when nothing is hidden. */
function line(e: RecordedEvent, prevHash: string | null, shown: unknown = e.data): ExportLine {
  const data = redactIdentifiers(e.type, shown);
  return {
    stream_id: e.streamId,
    revision: e.revision,
    position: positionToString(e.position),
    type: e.type,
    data,
    metadata: e.metadata,
    hash: e.hash ?? null,
    prev_hash: prevHash,
    ...(data === e.data
      ? {}
      : { digest: eventDigest({ streamId: e.streamId, type: e.type, data: e.data, metadata: e.metadata }).toString('hex') }),
  };
}

/** One stream, from its first event. */
export async function* exportStream(store: EventStore, streamId: string, keys?: ExportKeys): AsyncGenerator<ExportLine> {
  let prev: string | null = null;
  const events = await store.readStream(streamId);
  const shown = await shownOf(events, keys);
  for (const [i, e] of events.entries()) {
    yield line(e, prev, shown[i].data);
    prev = e.hash ?? null;
  }
}

/**
 * The events that occurred in [from, to], in log order. The log is walked from its start so every event's
 * previous hash is known even when that event lies before the range.
 */
export async function* exportRange(store: EventStore, from: Date, to: Date, keys?: ExportKeys): AsyncGenerator<ExportLine> {
  const heads = new Map<string, string | null>();
  let after = START;
  for (;;) {
    const page = await store.readAll({ after, limit: 2000 });
    if (page.length === 0) return;
    const inRange = (e: RecordedEvent) => {
      const at = Date.parse(e.metadata?.occurredAt);
      return at >= from.getTime() && at <= to.getTime();
    };
    const wanted = page.filter(inRange);
    const shown = new Map((await shownOf(wanted, keys)).map((e, i) => [wanted[i], e.data]));
    for (const e of page) {
      if (shown.has(e)) yield line(e, heads.get(e.streamId) ?? null, shown.get(e));
      heads.set(e.streamId, e.hash ?? null);
    }
    after = page[page.length - 1].position;
  }
}

/** A line of an export back as what the verifier checks; null for a line that is not an export line. */
export function fromExportLine(text: string): ChainedEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  // Any JSON value: a number or a string reads no fields, as an object without them.
  const parsed = value as Partial<Record<keyof ExportLine, unknown>> | null;
  if (!parsed || typeof parsed.stream_id !== 'string' || !Number.isSafeInteger(parsed.revision) || typeof parsed.type !== 'string')
    return null;
  const position: unknown = parsed.position ?? '';
  return {
    streamId: parsed.stream_id,
    revision: parsed.revision as number,
    position: String(position),
    type: parsed.type,
    data: parsed.data,
    metadata: parsed.metadata,
    hash: typeof parsed.hash === 'string' ? parsed.hash : null,
    prevHash: typeof parsed.prev_hash === 'string' ? parsed.prev_hash : undefined,
    digest: typeof parsed.digest === 'string' && /^[0-9a-f]{64}$/.test(parsed.digest) ? parsed.digest : undefined,
  };
}
