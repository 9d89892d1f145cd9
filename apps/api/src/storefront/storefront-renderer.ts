import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { existsSync, readFileSync } from 'fs';
import { join, normalize, sep } from 'path';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import type { ShopData } from '@facet/contracts';
import { InProcessShopData } from './in-process-shop-data';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');
/** The storefront's browser build and its server build (vite build --ssr). */
export const STOREFRONT_DIST = join(REPO_ROOT, 'apps', 'storefront', 'dist');
export const STOREFRONT_SSR_BUNDLE = join(REPO_ROOT, 'apps', 'storefront', 'dist-server', 'entry-server.cjs');

/** Where the two builds are (the repository's own, unless a test names others). */
export interface StorefrontBuild {
  dist: string;
  ssrBundle: string;
}
export const STOREFRONT_BUILD = Symbol('STOREFRONT_BUILD');

/** A path no route matches: the renderer proves it can render by drawing the not-found page for it. */
const PROBE_PATH = '/__facet-renderer-check';

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

type Render = (pathAndQuery: string, signal?: AbortSignal) => Promise<RenderResult>;

/**
 * Renders storefront pages on the server, in this process, from the storefront's SSR build. Without that
 * build (tests, a fresh checkout before `npm run build`) it is off and the storefront is served as a
 * single-page app shell, as before. A build that is there but cannot render (one built for development
 * React under a production define) is not off: it is broken, and `problem()` says why (/api/health shows it).
 */
@Injectable()
export class StorefrontRenderer {
  private readonly logger = new Logger('SSR');
  private readonly available: boolean;
  private readonly build: StorefrontBuild;
  /** Loaded on the first page (or health check) asked for, so processes and tests that serve none never pay for it. */
  private loading: Promise<Render | null> | undefined;
  private failure: string | null = null;

  constructor(
    private readonly queries: QueryBus,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    @Optional() @Inject(STOREFRONT_BUILD) build?: StorefrontBuild,
  ) {
    this.build = build ?? { dist: STOREFRONT_DIST, ssrBundle: STOREFRONT_SSR_BUNDLE };
    this.available = process.env.FACET_SSR !== 'false' && [this.build.ssrBundle, this.template, this.manifest].every((f) => existsSync(f));
  }

  private get template(): string {
    return join(this.build.dist, 'index.html');
  }

  private get manifest(): string {
    return join(this.build.dist, '.vite', 'manifest.json');
  }

  get enabled(): boolean {
    return this.available;
  }

  /** The shop's public origin: canonical links, Open Graph urls, the sitemap. */
  get origin(): string {
    return this.config.publicOrigin;
  }

  /**
   * Why pages are not server-rendered although the build is there (it could not be loaded, or could not
   * render the not-found page), or null: rendering works, or is off (FACET_SSR=false, no server build).
   */
  async problem(): Promise<string | null> {
    if (!this.available) return null;
    await this.load();
    return this.failure;
  }

  private load(): Promise<Render | null> {
    this.loading ??= this.loadOnce();
    return this.loading;
  }

  private async loadOnce(): Promise<Render | null> {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const bundle = require(this.build.ssrBundle) as SsrBundle;
      const render = bundle.createRenderer({
        shop: new InProcessShopData(this.queries),
        template: readFileSync(this.template, 'utf8'),
        manifest: JSON.parse(readFileSync(this.manifest, 'utf8')) as Record<string, unknown>,
        readAsset: (publicPath) => readFileSync(assetPath(this.build.dist, publicPath), 'utf8'),
        origin: this.origin,
      });
      // A bundle can load and still fail every page (React's development JSX against its production build:
      // "jsxDEV is not a function"); one page that needs no data tells.
      const probe = await render(PROBE_PATH, AbortSignal.timeout(10_000));
      if (probe.kind !== 'page' || probe.status !== 404) throw new Error(`${PROBE_PATH} answered ${probe.status}, not the 404 page`);
      return render;
    } catch (error) {
      this.failure = `the storefront's server build cannot render pages (${String((error as Error).message ?? error).slice(0, 300)}); serving the browser-only shell`;
      this.logger.error(`${this.failure}: ${(error as Error).stack}`);
      return null;
    }
  }

  /** The page for a URL path (with its query), or null when server rendering is off or failed. */
  async page(pathAndQuery: string): Promise<RenderResult | null> {
    const render = this.available ? await this.load() : null;
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
function assetPath(dist: string, publicPath: string): string {
  const path = normalize(join(dist, publicPath));
  if (!path.startsWith(dist + sep)) throw new Error(`Not a storefront asset: ${publicPath}`);
  return path;
}
