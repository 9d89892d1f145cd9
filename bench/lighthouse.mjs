// node bench/lighthouse.mjs [--runs=3] [--url=http://127.0.0.1:3000] [--out=dir]
// Lighthouse (mobile, as `npm run bench` runs it) on home, a collection and a product page, several runs
// each, median per figure; also the bytes behind the score: JavaScript and CSS sent, unused JavaScript,
// the scripting time (bootup-time) and main-thread work. Without --url it starts the built shop on a
// throwaway database (as bench/run.mjs does) and drops it afterwards. Run it under the shared lock:
//   flock /tmp/facet-heavy.lock node bench/lighthouse.mjs
import { execFileSync, spawn } from 'child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { loadavg, tmpdir } from 'os';
import { dirname, join } from 'path';
import { fileURLToPath } from 'url';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Number(arg('runs', '3'));
const OUT = arg('out', null);
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync';

const log = (...a) => console.error('[lighthouse]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const kib = (n) => (n / 1024).toFixed(1);

/** The figures of one Lighthouse report that say why the score is what it is. */
function figures(lh) {
  const a = lh.audits;
  const items = (id) => a[id]?.details?.items ?? [];
  const sent = (type) =>
    items('network-requests')
      .filter((r) => r.resourceType === type)
      .reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const bootup = items('bootup-time').reduce((n, r) => n + (r.scripting ?? 0), 0);
  return {
    performance: Math.round(lh.categories.performance.score * 100),
    seo: Math.round(lh.categories.seo.score * 100),
    accessibility: Math.round(lh.categories.accessibility.score * 100),
    'best-practices': Math.round(lh.categories['best-practices'].score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    jsSent: sent('Script'),
    cssSent: sent('Stylesheet'),
    fontSent: sent('Font'),
    imageSent: sent('Image'),
    documentSent: sent('Document'),
    unusedJs: a['unused-javascript']?.details?.overallSavingsBytes ?? 0,
    unusedJsItems: items('unused-javascript').map(
      (i) => `${i.url.replace(/^https?:\/\/[^/]+/, '')} ${kib(i.wastedBytes)}/${kib(i.totalBytes)} KiB`,
    ),
    scripting: bootup,
    mainThread: a['mainthread-work-breakdown']?.numericValue ?? 0,
    lcpElement:
      items('largest-contentful-paint-element')[0]?.items?.[0]?.node?.snippet ??
      a['largest-contentful-paint-element']?.details?.items?.[0]?.node?.snippet ??
      '',
  };
}

function lighthouse(url, attempt = 1) {
  const file = join(tmpdir(), `facet-lighthouse-${process.pid}.json`);
  rmSync(file, { force: true });
  try {
    run(url, file);
  } catch (err) {
    // Lighthouse exits 1 with a report when the page had a runtime error: keep the report, say why.
    if (!existsSync(file)) throw err;
  }
  let lh;
  try {
    lh = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    // A Chrome that died mid-run leaves a cut report: run the page again (twice at most).
    if (attempt >= 3) throw err;
    log(`unreadable report for ${url} (${err.message}); running it again`);
    return lighthouse(url, attempt + 1);
  } finally {
    rmSync(file, { force: true });
  }
  if (lh.runtimeError) log(`runtime error on ${url}: ${lh.runtimeError.code} ${lh.runtimeError.message}`);
  return lh;
}

function run(url, file) {
  return execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--output=json',
      `--output-path=${file}`,
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  ).toString();
}

async function startShop() {
  const dbName = `facet_lh_${Date.now().toString(36)}`;
  const dbUrl = (() => {
    const u = new URL(SERVER);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const port = 3600 + Math.floor(Math.random() * 200);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'warn',
      QUEUE_PREFIX: `lh-${dbName}`,
      NODE_ENV: 'development',
      PUBLIC_ORIGINS: url,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/api/products?limit=1`);
      if (r.ok && (await r.json()).total > 0) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error('shop not ready');
    await sleep(300);
  }
  await sleep(1500);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
  return { url, stop };
}

async function main() {
  const shop = arg('url', null) ? { url: arg('url'), stop: async () => undefined } : await startShop();
  try {
    const product = (await (await fetch(`${shop.url}/api/products?limit=1`)).json()).products[0];
    const pages = [
      ['home', '/'],
      ['collection', '/jewelry/rings'],
      ['product', `/product/${product.id}`],
    ];
    // One warm-up load each: the renderer's first call loads the SSR bundle and fills the catalogue cache.
    for (const [, path] of pages) await fetch(shop.url + path).then((r) => r.text());
    const summary = [];
    for (const [label, path] of pages) {
      const runs = [];
      const loads = [];
      for (let i = 0; i < RUNS; i++) {
        loads.push(load());
        const lh = lighthouse(shop.url + path);
        if (!lh.runtimeError) runs.push(figures(lh));
        if (OUT) {
          mkdirSync(OUT, { recursive: true });
          writeFileSync(join(OUT, `${label}-${i + 1}.json`), JSON.stringify(lh));
        }
      }
      if (!runs.length) {
        summary.push({ page: label, error: 'no run without a runtime error' });
        continue;
      }
      const m = (k) => median(runs.map((r) => r[k]));
      const row = {
        page: label,
        runs: runs.length,
        load: loads,
        performance: m('performance'),
        seo: m('seo'),
        accessibility: m('accessibility'),
        'best-practices': m('best-practices'),
        fcp: Math.round(m('fcp')),
        lcp: Math.round(m('lcp')),
        tbt: Math.round(m('tbt')),
        cls: Number(m('cls').toFixed(3)),
        si: Math.round(m('si')),
        jsKiB: kib(m('jsSent')),
        cssKiB: kib(m('cssSent')),
        fontKiB: kib(m('fontSent')),
        imageKiB: kib(m('imageSent')),
        documentKiB: kib(m('documentSent')),
        unusedJsKiB: kib(m('unusedJs')),
        scriptingMs: Math.round(m('scripting')),
        mainThreadMs: Math.round(m('mainThread')),
        perRun: runs.map((r) => `${r.performance} (LCP ${Math.round(r.lcp)}, TBT ${Math.round(r.tbt)})`).join('; '),
        unusedJsItems: runs[0].unusedJsItems,
        lcpElement: runs[0].lcpElement,
      };
      log(JSON.stringify(row));
      summary.push(row);
    }
    console.log(JSON.stringify({ at: new Date().toISOString(), loadAfter: load(), pages: summary }, null, 1));
  } finally {
    await shop.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
