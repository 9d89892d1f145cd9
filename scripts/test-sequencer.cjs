/**
 * The order jest starts test files in: the longest first, so no worker is left running one long file at the end
 * while the other waits. Jest does this itself from the durations it cached on this machine; a clean clone (CI)
 * has none and would order by file size. There the durations of a past full run stand in
 * (scripts/test-durations.json, written by `FACET_TEST_DURATIONS_OUT=… npm test`).
 */
const { readFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = join(__dirname, '..');

function pastDurations() {
  try {
    return JSON.parse(readFileSync(join(__dirname, 'test-durations.json'), 'utf8'));
  } catch {
    return {};
  }
}

class LongestFirst extends Sequencer {
  constructor(options) {
    super(options);
    this.past = pastDurations();
  }

  /** Milliseconds: jest's own cache, else the past run's, else a guess from the file's size (a KB a second). */
  expected(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const seconds = this.past[relative(ROOT, test.path).split('\\').join('/')];
    if (typeof seconds === 'number') return seconds * 1000;
    return test.context.hasteFS.getSize(test.path) ?? 0;
  }

  /** Files that failed last time on this machine first (quick feedback), then the longest first. */
  sort(tests) {
    const ms = new Map(tests.map((t) => [t, this.expected(t)]));
    for (const t of tests) t.duration = ms.get(t);
    return [...tests].sort((a, b) => this.hasFailed(b) - this.hasFailed(a) || ms.get(b) - ms.get(a));
  }
}

module.exports = LongestFirst;
