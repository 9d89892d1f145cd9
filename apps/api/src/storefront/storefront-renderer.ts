import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { existsSync, readFileSync } from 'fs';
import { join, normalize, sep } from 'path';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { InProcessShopData, ShopData } from './in-process-shop-data';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');
/** The storefront's browser build and its server build (vite build --ssr). */
export const STOREFRONT_DIST = join(REPO_ROOT, 'apps', 'storefront', 'dist');
export const STOREFRONT_SSR_BUNDLE = join(REPO_ROOT, 'apps', 'storefront', 'dist-server', 'entry-server.cjs');
const TEMPLATE = join(STOREFRONT_DIST, 'index.html');
const MANIFEST = join(STOREFRONT_DIST, '.vite', 'manifest.json');

export type RenderResult = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; status: number; location: string };

/** What the SSR bundle exports (apps/storefront/src/entry-server.tsx). */
interface SsrBundle {
  createRenderer(options: {
    shop: ShopData;
    template: string;
    manifest: Record<string, unknown>;
    readAsset: (publicPath: string) => string;
    origin: string;
  }): (pathAndQuery: string, signal?: AbortSignal) => Promise<RenderResult>;
}

/**
 * Renders storefront pages on the server, in this process, from the storefront's SSR build. Without that
 * build (tests, a fresh checkout before `npm run build`) it is off and the storefront is served as a
 * single-page app shell, as before.
 */
@Injectable()
export class StorefrontRenderer {
  private readonly logger = new Logger('SSR');
  private readonly available: boolean;
  /** Loaded on the first page asked for, so processes and tests that serve no page never pay for it. */
  private render: ((pathAndQuery: string, signal?: AbortSignal) => Promise<RenderResult>) | null | undefined;

  constructor(
    private readonly queries: QueryBus,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {
    this.available = process.env.FACET_SSR !== 'false' && [STOREFRONT_SSR_BUNDLE, TEMPLATE, MANIFEST].every((f) => existsSync(f));
  }

  get enabled(): boolean {
    return this.available;
  }

  /** The shop's public origin: canonical links, Open Graph urls, the sitemap. */
  get origin(): string {
    return this.config.publicOrigin;
  }

  private load(): ((pathAndQuery: string, signal?: AbortSignal) => Promise<RenderResult>) | null {
    if (this.render !== undefined) return this.render;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const bundle = require(STOREFRONT_SSR_BUNDLE) as SsrBundle;
      this.render = bundle.createRenderer({
        shop: new InProcessShopData(this.queries),
        template: readFileSync(TEMPLATE, 'utf8'),
        manifest: JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, unknown>,
        readAsset: (publicPath) => readFileSync(assetPath(publicPath), 'utf8'),
        origin: this.origin,
      });
    } catch (error) {
      this.logger.error(`The storefront's server build could not be loaded; serving the browser-only shell: ${(error as Error).stack}`);
      this.render = null;
    }
    return this.render;
  }

  /** The page for a URL path (with its query), or null when server rendering is off or failed. */
  async page(pathAndQuery: string): Promise<RenderResult | null> {
    const render = this.available ? this.load() : null;
    if (!render) return null;
    try {
      return await render(pathAndQuery, AbortSignal.timeout(10_000));
    } catch (error) {
      this.logger.error(`Rendering ${pathAndQuery.slice(0, 200)} failed; sending the browser-only shell: ${(error as Error).stack}`);
      return null;
    }
  }
}

/** A built file by its public path; nothing outside the build directory. */
function assetPath(publicPath: string): string {
  const path = normalize(join(STOREFRONT_DIST, publicPath));
  if (!path.startsWith(STOREFRONT_DIST + sep)) throw new Error(`Not a storefront asset: ${publicPath}`);
  return path;
}
