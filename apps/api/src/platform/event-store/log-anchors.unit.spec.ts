import { generateKeyPairSync } from 'crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError, loadConfig } from '../config/config';
import { positionFromString } from './event-store';
import {
  AnchorCheck,
  compareWithRanges,
  formatRanges,
  keyId,
  lastLine,
  loadSigningKey,
  loadVerifyingKeys,
  LogAnchor,
  mergeRanges,
  readAnchor,
  signAnchor,
  toRanges,
} from './log-anchors';
import { foldCheckpoint, GENESIS_HASH } from './log-chain';

const { privateKey } = generateKeyPairSync('ed25519');
const keys = new Map([[keyId(privateKey), privateKey]]);
const hash = (n: number) => n.toString(16).padStart(64, '0');

/** A log of events at positions "1/g" for g in `globals`, and its anchor up to the last. */
function anchorOver(globals: number[], since: { position: string; events: number; logHash: string } | null = null): LogAnchor {
  let logHash = since?.logHash ?? GENESIS_HASH;
  for (const g of globals) logHash = foldCheckpoint(logHash, hash(g));
  const last = globals[globals.length - 1];
  return signAnchor(
    {
      v: 1,
      log: 'shop',
      position: `1/${last}`,
      events: (since?.events ?? 0) + globals.length,
      hash: hash(last),
      log_hash: logHash,
      since: since?.position ?? null,
      added: toRanges(globals),
      at: '2030-01-01T00:00:00.000Z',
      key_id: keyId(privateKey),
    },
    privateKey,
  );
}

/** Walks events 1/g for g in `present` through an AnchorCheck, as LogWalk does; returns the reasons of its breaks. */
function walk(anchors: LogAnchor[], present: number[]): { reasons: string[]; missing: string } {
  const check = new AnchorCheck(anchors);
  const reasons: string[] = [];
  let running = GENESIS_HASH;
  let events = 0;
  for (const g of present) {
    const at = positionFromString(`1/${g}`);
    reasons.push(...check.before(at, events).map((b) => b.reason));
    events++;
    running = foldCheckpoint(running, hash(g));
    reasons.push(...check.after(at, hash(g), events, running).map((b) => b.reason));
  }
  reasons.push(...check.finish(events).map((b) => b.reason));
  return { reasons, missing: formatRanges(mergeRanges(check.missing)) };
}

describe('Log anchors', () => {
  it('should turn positions into runs and find what is missing or extra', () => {
    expect(toRanges([1, 2, 3, 5, 7, 8])).toEqual([
      [1, 3],
      [5, 5],
      [7, 8],
    ]);
    expect(toRanges([])).toEqual([]);
    expect(toRanges([4, 4, 5])).toEqual([[4, 5]]);
    expect(compareWithRanges([[1, 10]], [1, 2, 5, 10])).toEqual({
      missing: [
        [3, 4],
        [6, 9],
      ],
      extra: [],
    });
    expect(compareWithRanges([[3, 4]], [1, 3, 4, 9])).toEqual({ missing: [], extra: [1, 9] });
    expect(formatRanges([[3, 4], [6, 6], ...Array.from({ length: 40 }, (_, i): [number, number] => [100 + 2 * i, 100 + 2 * i])])).toMatch(
      /^3-4, 6, 100, .* and 12 more runs$/,
    );
    expect(
      mergeRanges([
        [5, 6],
        [1, 2],
        [3, 3],
        [6, 9],
        [20, 20],
      ]),
    ).toEqual([
      [1, 3],
      [5, 9],
      [20, 20],
    ]);
    // Huge positions stay exact (safe integers).
    expect(toRanges([2 ** 53 - 2, 2 ** 53 - 1])).toEqual([[2 ** 53 - 2, 2 ** 53 - 1]]);
  });

  it('should accept its own anchors and refuse altered, foreign and hostile ones', () => {
    const anchor = anchorOver([1, 2, 3]);
    expect(readAnchor(JSON.stringify(anchor), keys, 'shop')).toEqual(anchor);
    expect(readAnchor(JSON.stringify({ ...anchor, events: 2 }), keys, 'shop')).toMatch(/signature does not match/);
    expect(readAnchor(JSON.stringify({ ...anchor, sig: 'AAAA' }), keys, 'shop')).toMatch(/signature does not match/);
    expect(readAnchor(JSON.stringify(anchor), keys, 'another_shop')).toMatch(/anchors the log of "shop"/);
    const other = generateKeyPairSync('ed25519').privateKey;
    const { sig: _sig, ...body } = anchor;
    expect(readAnchor(JSON.stringify(signAnchor({ ...body, key_id: keyId(other) }, other)), keys, 'shop')).toMatch(/does not know/);
    // Signed by the key the anchor names, but that key is not trusted: the claimed key_id must not matter.
    expect(readAnchor(JSON.stringify(signAnchor(body, other)), keys, 'shop')).toMatch(/signature does not match/);
    for (const hostile of [
      '',
      'null',
      '[]',
      '"anchor"',
      '\u0000',
      JSON.stringify({ ...anchor, events: 1e308 }),
      JSON.stringify({ ...anchor, events: -1 }),
      JSON.stringify({ ...anchor, events: 2 ** 53 }),
      JSON.stringify({ ...anchor, position: '1/\u0000' }),
      JSON.stringify({ ...anchor, position: `${'9'.repeat(21)}/1` }),
      JSON.stringify({ ...anchor, hash: '\ud800'.repeat(64) }),
      JSON.stringify({ ...anchor, added: [[3, 1]] }),
      JSON.stringify({ ...anchor, added: [[0.5, 1]] }),
      JSON.stringify({ ...anchor, added: 'all' }),
      JSON.stringify({ ...anchor, since: 7 }),
      JSON.stringify({ ...anchor, key_id: { toString: 1 } }),
      JSON.stringify({ ...anchor, v: 2 }),
    ]) {
      expect(typeof readAnchor(hostile, keys, 'shop')).toBe('string');
    }
  });

  it('should pass an intact walk and name every position gone, the anchored one included', () => {
    const first = anchorOver([1, 2, 3, 5]); // 4 was never written (a sequence gap)
    const second = anchorOver([6, 7, 8, 9], { position: first.position, events: first.events, logHash: first.log_hash });
    const all = [1, 2, 3, 5, 6, 7, 8, 9];
    expect(walk([first, second], all)).toEqual({ reasons: [], missing: '' });
    // The newest event of a stream (7) and the newest of the log (9), deleted.
    const cut = walk([first, second], [1, 2, 3, 5, 6, 8]);
    expect(cut.missing).toBe('7, 9');
    expect(cut.reasons.join('\n')).toMatch(/position 1\/9: its event \(global position 9\) is gone/);
    expect(cut.reasons.join('\n')).toMatch(/2 event\(s\) are missing, global positions 7, 9/);
    // With only the latest anchor, a deletion before it is still counted.
    const early = walk([second], [1, 3, 5, 6, 7, 8, 9]);
    expect(early.reasons.join('\n')).toMatch(/counted 8 events up to it, the log has 7: 1 of those removed lay at or before position 1\/5/);
    // An event swapped for another keeps the count but not the running hash.
    const check = new AnchorCheck([first]);
    let running = GENESIS_HASH;
    const reasons: string[] = [];
    [1, 2, 3, 5].forEach((g, i) => {
      const at = positionFromString(`1/${g}`);
      reasons.push(...check.before(at, i).map((b) => b.reason));
      running = foldCheckpoint(running, hash(g === 2 ? 99 : g));
      reasons.push(...check.after(at, hash(g), i + 1, running).map((b) => b.reason));
    });
    expect(reasons.join('\n')).toMatch(/replaced or reordered/);
  });

  it('should keep the last complete line when a crash cut the final one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'facet-anchor-unit-'));
    try {
      const file = join(dir, 'a.jsonl');
      expect(await lastLine(file)).toBeNull();
      writeFileSync(file, 'one\n' + 'x'.repeat(200_000) + '\n{"cut');
      expect(await lastLine(file)).toBe('x'.repeat(200_000));
      writeFileSync(file, '{"cut');
      expect(await lastLine(file)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should generate one signing key in a file of mode 0600 and trust its public key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'facet-anchor-key-'));
    try {
      const settings = { dir, privateKeyPem: null, keyFile: join(dir, 'k', 'signing-key.pem'), intervalMs: 1000 };
      expect(await loadSigningKey(settings, false)).toBeNull();
      const [a, b] = await Promise.all([loadSigningKey(settings, true), loadSigningKey(settings, true)]);
      expect(keyId(a!)).toBe(keyId(b!));
      expect(statSync(settings.keyFile).mode & 0o777).toBe(0o600);
      const trusted = await loadVerifyingKeys({ ...settings, keyFile: join(dir, 'elsewhere.pem') }, [`${settings.keyFile}.pub`]);
      expect([...trusted.keys()]).toEqual([keyId(a!)]);
      await expect(loadVerifyingKeys(settings, [join(dir, 'missing.pub')])).rejects.toThrow(/ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should take the key from LOG_ANCHOR_KEY only when it is an Ed25519 private key, and bound the interval', () => {
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const settings = loadConfig({ LOG_ANCHOR_KEY: pem.replace(/\n/g, '\\n'), FACET_DATA_DIR: '/srv/facet' }).logAnchors;
    expect(settings).toEqual({
      dir: '/srv/facet/log-anchors',
      privateKeyPem: pem,
      keyFile: '/srv/facet/log-anchors/signing-key.pem',
      intervalMs: 2000,
    });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const bad of [rsa, 'not a key', '\u0000', '-----BEGIN PRIVATE KEY-----\n\ud800\n-----END PRIVATE KEY-----']) {
      expect(() => loadConfig({ LOG_ANCHOR_KEY: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ LOG_ANCHOR_INTERVAL_MS: '6000' })).toThrow(/LOG_ANCHOR_INTERVAL_MS/);
    expect(() => loadConfig({ LOG_ANCHOR_INTERVAL_MS: '1e400' })).toThrow(/LOG_ANCHOR_INTERVAL_MS/);
  });
});
