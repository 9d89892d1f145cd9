import { canonicalJson, ChainChecker, chainHashes, GENESIS_HASH } from './log-chain';

describe('The log chain', () => {
  describe('When writing canonical JSON', () => {
    it('should sort keys and write values as JSON.stringify does, whatever order they came in', () => {
      expect(canonicalJson({ b: 1, a: [1.5, null, true, undefined], c: { z: 'é\u2028"', y: new Date(0) }, d: undefined, n: NaN })).toBe(
        '{"a":[1.5,null,true,null],"b":1,"c":{"y":"1970-01-01T00:00:00.000Z","z":"é\u2028\\""},"n":null}',
      );
      const value = { x: [1e21, -0, 5e-324, 0.1 + 0.2], s: '\ud83d\udc8e', k: { '': 1, ' ': 2 } };
      // Same bytes after a round trip that reorders keys (as jsonb does).
      const reordered = JSON.parse(JSON.stringify({ k: { ' ': 2, '': 1 }, s: value.s, x: value.x }));
      expect(canonicalJson(reordered)).toBe(canonicalJson(value));
      expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    });
  });

  describe('When checking a chain', () => {
    const content = (n: number) => ({ streamId: 's', type: 'T', data: { n }, metadata: { eventId: String(n) } });
    const chained = () => {
      const hashes = chainHashes(GENESIS_HASH, [content(0), content(1), content(2)]);
      return hashes.map((hash, revision) => ({ ...content(revision), revision, position: String(revision), hash }));
    };

    it('should accept an intact chain and report exactly an altered event, once', () => {
      const checker = new ChainChecker();
      expect(chained().map((e) => checker.check(e))).toEqual([null, null, null]);
      const events = chained();
      events[1] = { ...events[1], data: { n: 10 } };
      const again = new ChainChecker();
      const breaks = events.map((e) => again.check(e));
      expect(breaks.map((b) => b?.revision ?? null)).toEqual([null, 1, null]);
    });

    it('should report a removed event and a stream that does not start at 0', () => {
      const events = chained();
      const checker = new ChainChecker();
      expect([events[0], events[2]].map((e) => checker.check(e))[1]).toMatchObject({
        revision: 2,
        reason: expect.stringMatching(/removed/),
      });
      expect(new ChainChecker().check(events[1])).toMatchObject({ reason: expect.stringMatching(/starts at revision 1/) });
      // An export may start mid-stream: the given previous hash is the first link.
      expect(new ChainChecker(true).check({ ...events[1], prevHash: events[0].hash })).toBeNull();
      expect(new ChainChecker(true).check({ ...events[1], prevHash: events[1].hash })).not.toBeNull();
    });
  });
});
