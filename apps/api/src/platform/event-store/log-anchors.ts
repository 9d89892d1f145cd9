import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject, randomBytes, sign, verify } from 'crypto';
import { promises as fs } from 'fs';
import { dirname, join } from 'path';
import type { LogAnchorSettings } from '../config/config';
import { comparePositions, Position, positionFromString } from './event-store';
import { canonicalJson, ChainBreak } from './log-chain';

/**
 * Signed anchors of the event log, in the manner of a transparency log's signed tree head. The chain over
 * the log (log-chain.ts) lives in the database it protects, so someone who can write there can delete the
 * newest events unnoticed. An anchor, published outside the database within seconds of an append
 * (log-anchor-publisher.ts), says how far the log reached: the position and chain hash of its newest
 * settled event, how many events lay at or before it and their running hash (the checkpoints' fold), and
 * which global positions arrived since the previous anchor. The verifier (log-verifier.ts) walks the log
 * against every anchor it is given and names the positions that are gone.
 */
export interface LogAnchor {
  v: 1;
  /** The database whose log this is (an anchor of one shop never vouches for another's). */
  log: string;
  /** The newest event covered, in log order ("commit/prepare", as the verifier prints positions). */
  position: string;
  /** Events at or before `position`. */
  events: number;
  /** The stream chain hash of the event at `position`. */
  hash: string;
  /** foldCheckpoint over the hashes of those events, in log order, from GENESIS_HASH. */
  log_hash: string;
  /** The previous anchor's position (null: the first anchor, covering the log from its start). */
  since: string | null;
  /** The global positions of the events after `since` up to `position`, as [first, last] ranges (PostgreSQL only). */
  added?: [number, number][];
  at: string;
  /** Which key signed it: the first 16 hex digits of SHA-256 over the public key (SPKI DER). */
  key_id: string;
  /** Ed25519 over the canonical JSON of every other field, base64. */
  sig: string;
}

export type UnsignedAnchor = Omit<LogAnchor, 'sig'>;

/** The log's name: its database's (anchors of several shops may share a directory). */
export function logName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
}

export function anchorsFile(dir: string, log: string): string {
  return join(dir, `log-anchors.${log}.jsonl`);
}

export function anchorRedisKey(queuePrefix: string, log: string): string {
  return `${queuePrefix}:log-anchor:${log}`;
}

export function keyId(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

function publicKeyFile(settings: LogAnchorSettings): string {
  return `${settings.keyFile}.pub`;
}

function ed25519(key: KeyObject, where: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${where} is not an Ed25519 key`);
  return key;
}

/**
 * The signing key: LOG_ANCHOR_KEY, else the key file, which the first publisher on a machine generates
 * (mode 0600, its public key beside it). Never in the database: whoever can write there must not sign.
 */
export async function loadSigningKey(settings: LogAnchorSettings, create: boolean): Promise<KeyObject | null> {
  if (settings.privateKeyPem) return ed25519(createPrivateKey(settings.privateKeyPem), 'LOG_ANCHOR_KEY');
  try {
    return ed25519(createPrivateKey(await fs.readFile(settings.keyFile, 'utf8')), settings.keyFile);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || !create) {
      if (!create) return null;
      throw err;
    }
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  await fs.mkdir(dirname(settings.keyFile), { recursive: true, mode: 0o700 });
  // Written whole under a name of its own, then linked into place: of two processes of one machine
  // starting together, the first link wins and the other reads a complete file.
  const written = `${settings.keyFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(written, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
  try {
    await fs.link(written, settings.keyFile);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return ed25519(createPrivateKey(await fs.readFile(settings.keyFile, 'utf8')), settings.keyFile);
  } finally {
    await fs.unlink(written).catch(() => undefined);
  }
  await fs.writeFile(publicKeyFile(settings), publicKey.export({ type: 'spki', format: 'pem' }), { mode: 0o644 });
  return privateKey;
}

/** The public keys a verifier trusts, by key id: the configured signing key's, the key file's, and any named files. */
export async function loadVerifyingKeys(settings: LogAnchorSettings, publicKeyFiles: string[] = []): Promise<Map<string, KeyObject>> {
  const keys = new Map<string, KeyObject>();
  const add = (key: KeyObject) => keys.set(keyId(key), key.type === 'private' ? createPublicKey(key) : key);
  const signing = await loadSigningKey(settings, false).catch(() => null);
  if (signing) add(signing);
  for (const file of [publicKeyFile(settings), ...publicKeyFiles]) {
    let pem: string;
    try {
      pem = await fs.readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !publicKeyFiles.includes(file)) continue;
      throw err;
    }
    add(ed25519(createPublicKey(pem), file));
  }
  return keys;
}

export function signAnchor(body: UnsignedAnchor, key: KeyObject): LogAnchor {
  return { ...body, sig: sign(null, Buffer.from(canonicalJson(body)), key).toString('base64') };
}

const POSITION = /^\d{1,20}\/\d{1,20}$/;
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * One anchor line as read from a file or Redis: well formed, of this log, and signed by a trusted key;
 * otherwise why not. A line that fails is a forged or damaged anchor, which the verifier reports.
 */
export function readAnchor(text: string, keys: ReadonlyMap<string, KeyObject>, log: string): LogAnchor | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'it is not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'it is not an anchor';
  const a = parsed as Record<string, unknown>;
  const wellFormed =
    a.v === 1 &&
    typeof a.log === 'string' &&
    typeof a.position === 'string' &&
    POSITION.test(a.position) &&
    typeof a.events === 'number' &&
    Number.isSafeInteger(a.events) &&
    a.events > 0 &&
    typeof a.hash === 'string' &&
    HEX64.test(a.hash) &&
    typeof a.log_hash === 'string' &&
    HEX64.test(a.log_hash) &&
    (a.since === null || (typeof a.since === 'string' && POSITION.test(a.since))) &&
    (a.added === undefined || (Array.isArray(a.added) && a.added.every(isRange))) &&
    typeof a.at === 'string' &&
    typeof a.key_id === 'string' &&
    typeof a.sig === 'string';
  if (!wellFormed) return 'it is not a well-formed anchor';
  const anchor = a as unknown as LogAnchor;
  const key = keys.get(anchor.key_id);
  if (!key) return `it is signed by key ${JSON.stringify(anchor.key_id.slice(0, 32))}, which this verifier does not know`;
  const { sig, ...body } = anchor;
  let valid = false;
  try {
    valid = verify(null, Buffer.from(canonicalJson(body)), key, Buffer.from(sig, 'base64'));
  } catch {
    valid = false;
  }
  if (!valid) return 'its signature does not match (forged or altered)';
  if (anchor.log !== log) return `it anchors the log of ${JSON.stringify(anchor.log.slice(0, 64))}, not of ${log}`;
  return anchor;
}

function isRange(r: unknown): r is [number, number] {
  return Array.isArray(r) && r.length === 2 && Number.isSafeInteger(r[0]) && Number.isSafeInteger(r[1]) && r[0] <= r[1];
}

/** The last complete line of a file, read from its end (anchors files only grow). Null when there is none. */
export async function lastLine(path: string): Promise<string | null> {
  let file: fs.FileHandle;
  try {
    file = await fs.open(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const size = (await file.stat()).size;
    let chunk = 64 * 1024;
    for (;;) {
      const start = Math.max(0, size - chunk);
      const { buffer, bytesRead } = await file.read(Buffer.alloc(size - start), 0, size - start, start);
      const lines = buffer.subarray(0, bytesRead).toString('utf8').split('\n');
      // A last line without its newline was cut by a crash mid-write: not an anchor.
      lines.pop();
      const complete = start === 0 ? lines : lines.slice(1);
      for (let i = complete.length - 1; i >= 0; i--) if (complete[i].trim()) return complete[i];
      if (start === 0) return null;
      chunk *= 4;
    }
  } finally {
    await file.close();
  }
}

/** Where an anchor was read (file and line, or the Redis key), and its text. */
export interface AnchorSource {
  where: string;
  text: string;
}

export interface LoadedAnchors {
  /** Valid anchors, each once (a file and Redis usually hold the latest both). */
  anchors: LogAnchor[];
  /** Lines that are not valid anchors of this log: each fails the verification. */
  rejected: { where: string; reason: string }[];
  /** Where they were looked for (files, the Redis key), for a report that found none. */
  read?: string[];
}

/** Every non-blank line of an anchors file; none when the file does not exist. */
export async function anchorLines(path: string): Promise<AnchorSource[]> {
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const lines = text.split('\n');
  // A last line without its newline was cut by a crash mid-write: the publisher starts a new line after it.
  const cut = lines.pop();
  if (cut?.trim()) lines.push(cut);
  return lines.flatMap((line, i) => (line.trim() ? [{ where: `${path} line ${i + 1}`, text: line }] : []));
}

export function acceptAnchors(sources: readonly AnchorSource[], keys: ReadonlyMap<string, KeyObject>, log: string): LoadedAnchors {
  const bySignature = new Map<string, LogAnchor>();
  const rejected: LoadedAnchors['rejected'] = [];
  for (const source of sources) {
    const anchor = readAnchor(source.text, keys, log);
    if (typeof anchor === 'string') rejected.push({ where: source.where, reason: anchor });
    else bySignature.set(anchor.sig, anchor);
  }
  return { anchors: [...bySignature.values()], rejected };
}

/** The newest of some anchors (most events, then furthest position). */
export function latestAnchor(anchors: readonly LogAnchor[]): LogAnchor | null {
  let latest: LogAnchor | null = null;
  for (const a of anchors) {
    if (
      !latest ||
      a.events > latest.events ||
      (a.events === latest.events && comparePositions(positionFromString(a.position), positionFromString(latest.position)) > 0)
    )
      latest = a;
  }
  return latest;
}

/**
 * The anchors a verifier checks the log against: every line of the anchors files (the configured one
 * unless others are named) and the latest in Redis, signed by a key it trusts.
 */
export async function loadAnchors(options: {
  settings: LogAnchorSettings;
  log: string;
  files?: string[];
  publicKeyFiles?: string[];
  redis?: { key: string; get(key: string): Promise<string | null> } | null;
}): Promise<LoadedAnchors & { read: string[] }> {
  const files = options.files?.length ? options.files : [anchorsFile(options.settings.dir, options.log)];
  const sources = (await Promise.all(files.map(anchorLines))).flat();
  const read = [...files];
  if (options.redis) {
    const text = await options.redis.get(options.redis.key);
    read.push(`redis ${options.redis.key}`);
    if (text) sources.push({ where: `redis ${options.redis.key}`, text });
  }
  const keys = await loadVerifyingKeys(options.settings, options.publicKeyFiles);
  return { ...acceptAnchors(sources, keys, options.log), read };
}

// ---------------------------------------------------------------------------------------------------------
// Ranges of global positions

/** Sorted positions as [first, last] runs. */
export function toRanges(sorted: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else if (!last || n > last[1]) out.push([n, n]);
  }
  return out;
}

/** Positions in `ranges` that are not in `sorted`, and positions of `sorted` outside every range. */
export function compareWithRanges(
  ranges: readonly [number, number][],
  sorted: readonly number[],
): { missing: [number, number][]; extra: number[] } {
  const missing: [number, number][] = [];
  const extra: number[] = [];
  let i = 0;
  for (const [first, last] of ranges) {
    while (i < sorted.length && sorted[i] < first) extra.push(sorted[i++]);
    let next = first;
    while (i < sorted.length && sorted[i] <= last) {
      if (sorted[i] > next) missing.push([next, sorted[i] - 1]);
      next = Math.max(next, sorted[i] + 1);
      i++;
    }
    if (next <= last) missing.push([next, last]);
  }
  while (i < sorted.length) extra.push(sorted[i++]);
  return { missing, extra };
}

export function countRanges(ranges: readonly [number, number][]): number {
  return ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
}

/** Runs sorted, overlapping and adjacent ones joined. */
export function mergeRanges(ranges: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** "41, 43-45, 50", the first 30 runs and how many more. */
export function formatRanges(ranges: readonly [number, number][]): string {
  const shown = ranges.slice(0, 30).map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`));
  return shown.join(', ') + (ranges.length > 30 ? ` and ${ranges.length - 30} more runs` : '');
}

// ---------------------------------------------------------------------------------------------------------
// Checking a walk of the log against anchors

interface OpenWindow {
  anchor: LogAnchor;
  at: Position;
  since: Position | null;
  /** Global positions seen in (since, at]. */
  seen: number[];
}

/**
 * Fed every event of a walk in log order (LogWalk): each anchor's window (since, position] collects the
 * global positions seen in it; when the walk reaches or passes the anchored position, the anchor is
 * settled: its event must be there with its hash, the count and running hash up to it must match, and
 * every position it lists must have been seen. Problems come back as breaks naming the positions.
 */
export class AnchorCheck {
  private readonly pending: OpenWindow[];
  private readonly open: OpenWindow[] = [];
  checked = 0;
  /** Every position found missing, as runs. */
  readonly missing: [number, number][] = [];

  constructor(anchors: readonly LogAnchor[]) {
    this.pending = anchors
      .map((anchor) => ({
        anchor,
        at: positionFromString(anchor.position),
        since: anchor.since === null ? null : positionFromString(anchor.since),
        seen: [],
      }))
      .sort((a, b) => (a.since === null ? -1 : b.since === null ? 1 : comparePositions(a.since, b.since)));
  }

  /** Before the event at `position` is counted: anchors it passes without having met their event are settled now. */
  before(position: Position, eventsSoFar: number): ChainBreak[] {
    while (this.pending.length && (this.pending[0].since === null || comparePositions(this.pending[0].since, position) < 0)) {
      this.open.push(this.pending.shift()!);
    }
    const breaks: ChainBreak[] = [];
    for (const w of this.open.filter((o) => comparePositions(o.at, position) < 0)) {
      breaks.push(...this.settle(w, null, eventsSoFar));
    }
    return breaks;
  }

  /** After the event is counted (`events` includes it; `runningHash` folds it in). */
  after(position: Position, hash: string | null | undefined, events: number, runningHash: string): ChainBreak[] {
    const breaks: ChainBreak[] = [];
    const global = Number(position.prepare);
    for (const w of [...this.open]) {
      w.seen.push(global);
      if (comparePositions(w.at, position) === 0) breaks.push(...this.settle(w, hash === w.anchor.hash ? runningHash : null, events));
    }
    return breaks;
  }

  /** After the last event: anchors beyond the end of the log. */
  finish(events: number): ChainBreak[] {
    this.open.push(...this.pending.splice(0));
    return [...this.open].flatMap((w) => this.settle(w, null, events));
  }

  /** `runningHash`: the running hash at the anchored event, found with its hash; null when it was not. */
  private settle(w: OpenWindow, runningHash: string | null, events: number): ChainBreak[] {
    const found = runningHash !== null;
    this.open.splice(this.open.indexOf(w), 1);
    this.checked++;
    const a = w.anchor;
    const problems: string[] = [];
    const at = `the anchor of ${a.at} at position ${a.position}`;
    if (!found) problems.push(`${at}: its event (global position ${w.at.prepare}) is gone or no longer has the anchored hash`);
    let named = 0;
    if (a.added) {
      const { missing, extra } = compareWithRanges(
        a.added,
        w.seen.sort((x, y) => x - y),
      );
      named = countRanges(missing);
      if (missing.length) {
        this.missing.push(...missing);
        problems.push(`${at}: ${named} event(s) are missing, global positions ${formatRanges(missing)}`);
      }
      if (extra.length) problems.push(`${at}: events it did not cover appeared at global positions ${formatRanges(toRanges(extra))}`);
    }
    if (events < a.events) {
      const before = a.events - events - named;
      problems.push(
        `${at} counted ${a.events} events up to it, the log has ${events}` +
          (before > 0 && a.since ? `: ${before} of those removed lay at or before position ${a.since}` : ''),
      );
    } else if (events > a.events) {
      problems.push(`${at} counted ${a.events} events up to it, the log has ${events}: events were added before it`);
    } else if (found && runningHash !== a.log_hash) {
      problems.push(`${at}: the events up to it differ from those anchored (replaced or reordered)`);
    }
    return problems.map((reason) => ({ streamId: '', revision: -1, position: a.position, reason }));
  }
}
