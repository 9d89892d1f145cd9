import { Logger } from '@nestjs/common';
import type { QueryBus } from '@nestjs/cqrs';
import { execFile } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { promisify } from 'util';
import { loadConfig } from '../platform/config/config';
import { REPO_ROOT } from '../testing/built-shop';
import { STOREFRONT_DIST, StorefrontRenderer } from './storefront-renderer';

const run = promisify(execFile);
const STOREFRONT = join(REPO_ROOT, 'apps', 'storefront');
const VITE = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');

/** The server renderer built as `npm start` builds it, in a shell that exports this NODE_ENV. */
async function buildRenderer(nodeEnv: string, outDir: string): Promise<string> {
  await run(process.execPath, [VITE, 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn', '--outDir', outDir], {
    cwd: STOREFRONT,
    env: { ...process.env, NODE_ENV: nodeEnv },
    maxBuffer: 16 * 1024 * 1024,
  });
  return join(outDir, 'entry-server.cjs');
}

/** Whether Vite resolves this app's browser build as a production one (React's production JSX, NODE_ENV defined). */
async function browserBuild(app: 'storefront' | 'admin', nodeEnv: string): Promise<{ isProduction: boolean; nodeEnv: string }> {
  const script = `import('vite').then(async ({ resolveConfig }) => {
    const c = await resolveConfig({ root: process.cwd(), logLevel: 'silent' }, 'build', 'production', 'production');
    // What Vite's define writes for process.env.NODE_ENV in the browser's code: the shell's NODE_ENV, else the mode.
    process.stdout.write(JSON.stringify({ isProduction: c.isProduction, nodeEnv: process.env.NODE_ENV || c.mode }));
  })`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(REPO_ROOT, 'apps', app),
    env: { ...process.env, NODE_ENV: nodeEnv },
  });
  return JSON.parse(stdout) as { isProduction: boolean; nodeEnv: string };
}

/** The renderer as the API builds it, on a bundle of the test's and a catalogue that holds nothing. */
function rendererOf(ssrBundle: string): StorefrontRenderer {
  const empty = { products: [], total: 0, page: 1, limit: 12, pages: 0 };
  const queries = { execute: async () => empty } as unknown as QueryBus;
  return new StorefrontRenderer(queries, loadConfig({ NODE_ENV: 'test' }), { dist: STOREFRONT_DIST, ssrBundle });
}

/**
 * The storefront's builds do not depend on the shell's NODE_ENV (NODE_ENV=development is the documented
 * default and common in developers' shells): built under it, the server renderer used to carry React's
 * development JSX under a define forcing production React, and failed every page ("jsxDEV is not a function").
 */
describe('The storefront build, whatever NODE_ENV the shell exports', () => {
  const dir = mkdtempSync(join(tmpdir(), 'facet-ssr-build-'));
  const bundles: Record<string, string> = {};
  beforeAll(async () => {
    // One after the other: two Vite builds at once would double the CPU taken from the other tests.
    for (const env of ['development', 'production']) bundles[env] = await buildRenderer(env, join(dir, env));
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should build the same server renderer under NODE_ENV=development as under production', () => {
    const [development, production] = [readFileSync(bundles.development), readFileSync(bundles.production)];
    expect(development.includes('jsxDEV')).toBe(false);
    expect(development.equals(production)).toBe(true);
  });

  it('should render the not-found page with the renderer built under NODE_ENV=development, and report no problem', async () => {
    const renderer = rendererOf(bundles.development);
    expect(renderer.enabled).toBe(true);
    await expect(renderer.problem()).resolves.toBeNull();
    const page = await renderer.page('/no-such-page');
    expect(page).toMatchObject({ kind: 'page', status: 404 });
    expect(page?.kind === 'page' && /<h1[^>]*>[^<]+<\/h1>/.test(page.html)).toBe(true);
  });

  it('should resolve both apps’ browser builds as production builds under NODE_ENV=development', async () => {
    for (const app of ['storefront', 'admin'] as const) {
      expect({ app, ...(await browserBuild(app, 'development')) }).toEqual({ app, isProduction: true, nodeEnv: 'production' });
    }
  });

  it('should say why when a server build is there but cannot render, and fall back to the shell', async () => {
    const broken = join(dir, 'broken.cjs');
    writeFileSync(
      broken,
      `exports.createRenderer = () => async () => { throw new TypeError('jsxDevRuntimeExports.jsxDEV is not a function'); };`,
    );
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const renderer = rendererOf(broken);
    await expect(renderer.problem()).resolves.toMatch(/cannot render pages \(jsxDevRuntimeExports\.jsxDEV is not a function\)/);
    await expect(renderer.page('/')).resolves.toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('jsxDEV is not a function'));
    logged.mockRestore();
  });
});
