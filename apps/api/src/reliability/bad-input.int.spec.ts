import fc from 'fast-check';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { expectEverythingProjected } from '../testing/projection-health';
import { startTestApp, TestApp } from '../testing/test-app';
import { FuzzRequest, operationsOf, pool, requestsFor } from './support/openapi-fuzz';

/**
 * Bad input, generated from the OpenAPI document for every route: wrong types, missing and extra fields,
 * huge strings, unicode, negative and enormous numbers, malformed JSON and wrong content types, sent with a
 * staff bearer token and without. Among them what PostgreSQL cannot store (NUL, lone surrogates, in bodies,
 * paths and query strings), RTL and zero-width marks, 1e308 and -0, JSON nested up to 600 levels and arrays
 * of arrays, in every body field and query parameter. The shop must never answer 5xx, every 4xx must say
 * what is wrong, and whatever it accepted must be projected into every read model.
 */

/** Which hostile classes a request carries, for the report. */
const CLASSES: [string, RegExp][] = [
  ['NUL', /\\u0000|%00/],
  ['lone surrogate', /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}|%ED%[AB]/i],
  ['RTL/zero-width mark', /\u202e|\u200f|\u200e|\u2066|\u200b|\ufeff|\u061c|%E2%80%AE/],
  ['1e308', /1e(?:\+|%2B)?308/i],
  ['-0', /[:[,= ]-0(?:[,}\]&]|$)/],
  ['nested > 32', /(?:\{"a":|\[){33}/],
  ['array of arrays', /\[\[/],
];
const TOTAL = Number(process.env.FACET_FUZZ_REQUESTS ?? 10_500);
const CONCURRENCY = 16;
const SEED = Number(process.env.FACET_FUZZ_SEED ?? 20261122);
// Routes left out: they end the very session the fuzzer uses, or start a full background replay.
const SKIP = new Set(['POST /api/staff/logout', 'POST /api/auth/logout', 'POST /api/admin/replay']);

describe('Bad input on every route', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(CatalogSeeder).seedIfEmpty();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`should answer ${TOTAL} generated hostile requests with no 5xx and a 4xx detail naming the problem`, async () => {
    const doc = (await t.request('GET', '/api/docs-json')).body;
    const token = await t.staffToken();
    const ops = operationsOf(doc).filter((o) => !SKIP.has(`${o.method} ${o.path}`));
    expect(ops.length).toBeGreaterThan(40);
    const perOp = Math.ceil(TOTAL / ops.length);
    const requests: FuzzRequest[] = [];
    ops.forEach((o, i) => requests.push(...fc.sample(requestsFor(doc, o, token), { numRuns: perOp, seed: SEED + i })));

    const started = Date.now();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const routesHit = new Set<string>();
    const hostile = new Map<string, number>();
    for (const r of requests) {
      const text = `${r.path} ${r.body ?? ''}`;
      for (const [name, re] of CLASSES) if (re.test(text)) hostile.set(name, (hostile.get(name) ?? 0) + 1);
    }
    await pool(requests, CONCURRENCY, async (r) => {
      let status = 0;
      let text = '';
      try {
        const res = await fetch(t.url + r.path, {
          method: r.method,
          headers: r.headers,
          body: r.body,
          signal: AbortSignal.timeout(20_000),
        });
        status = res.status;
        text = await res.text();
      } catch (e) {
        failures.push(`${r.route} [${r.kind}] ${r.method} ${r.path.slice(0, 120)}: no answer (${(e as Error).message})`);
        return;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      routesHit.add(r.route);
      if (status >= 500) {
        failures.push(
          `${r.route} [${r.kind}] ${status} ${r.method} ${r.path.slice(0, 120)} body=${String(r.body).slice(0, 200)} -> ${text.slice(0, 200)}`,
        );
      } else if (status >= 400) {
        let detail: unknown;
        try {
          detail = JSON.parse(text).detail;
        } catch {
          /* not JSON */
        }
        if (typeof detail !== 'string' || !detail.trim() || /^bad request$/i.test(detail.trim())) {
          failures.push(
            `${r.route} [${r.kind}] ${status} without a useful detail: ${text.slice(0, 200)} (body ${String(r.body).slice(0, 100)})`,
          );
        }
      }
    });
    const seconds = (Date.now() - started) / 1000;
    const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      `bad input: ${requests.length} requests over ${routesHit.size}/${ops.length} routes in ${seconds.toFixed(1)} s ` +
        `(seed ${SEED}, concurrency ${CONCURRENCY}); 5xx: ${fiveXX}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}; ` +
        `problems: ${failures.length}; hostile requests ${JSON.stringify(Object.fromEntries(hostile))}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(requests.length).toBeGreaterThanOrEqual(10_000);
    expect(routesHit.size).toBe(ops.length);
    // Each hostile class went out often.
    expect(CLASSES.filter(([name]) => (hostile.get(name) ?? 0) < 50).map(([name]) => name)).toEqual([]);
    // Whatever the fuzzer got accepted reached every read model, and the shop still works afterwards.
    const waited = await expectEverythingProjected(t, 30_000);
    console.log(`bad input: every accepted event projected ${waited} ms after the last answer`);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  }, 600_000);

  it('should refuse a body over the 16 MB limit with 413 and a detail', async () => {
    const res = await t.request('POST', '/api/contact', { body: JSON.stringify({ message: 'x'.repeat(17 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/too large/i);
  });
});
