/**
 * Server rendering of the storefront, loaded by the API process from the SSR build (dist-server).
 *
 * react-router's data routers: createStaticHandler runs the matched routes' loaders (reading the catalogue
 * in-process through the ShopData the API passes in), createStaticRouter + StaticRouterProvider render the
 * same route table the browser hydrates, with react-dom/server's renderToPipeableStream. The stream is
 * collected until every lazily loaded page is ready (onAllReady): the status code and the head depend on
 * the loaders' data, crawlers want the whole page, and React's streamed fallbacks would need inline
 * scripts the Content-Security-Policy (script-src 'self') refuses.
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router-dom';
import { Writable } from 'node:stream';
import { COLLECTIONS } from './lib/collections';
import { createRoutes, FIRST_SCREEN_FONTS, type RouteHandle } from './routes';
import { HYDRATION_DATA_ID } from './routing/hydration';
import { preloadAllPages } from './routing/lazyPage';
import type { ShopData } from './routing/shopData';
import { scriptJson } from './seo/jsonLd';
import { metaForRoute, type PageMeta } from './seo/meta';
import { renderHead } from './seo/head';

export type { ShopData } from './routing/shopData';
export { productJsonLd, breadcrumbJsonLd, organizationJsonLd } from './seo/jsonLd';
export { BROWSER_ONLY_PATHS } from './routes';
export { COLLECTIONS } from './lib/collections';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface RendererOptions {
  shop: ShopData;
  /** The client build's index.html. */
  template: string;
  manifest: Record<string, ManifestChunk>;
  /** Reads a built file by its public path (/assets/x.css), for the styles inlined into the page. */
  readAsset: (publicPath: string) => string;
  /** The shop's public origin, for canonical links and structured data. */
  origin: string;
}

export type RenderResult = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; status: number; location: string };

export function createRenderer(options: RendererOptions) {
  const routes = createRoutes(options.shop);
  const handler = createStaticHandler(routes);
  const notFoundRoute = routes[0].children?.find((r) => r.id === 'not-found');
  const page = new PageTemplate(options);
  const pagesLoaded = preloadAllPages();

  return async function render(pathAndQuery: string, signal?: AbortSignal): Promise<RenderResult> {
    await pagesLoaded;
    const url = new URL(pathAndQuery, options.origin);
    const context = await handler.query(new Request(url, { signal }));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    // No route matches (the layout's error element shows the not-found page, status 404): an answer, not a failure.
    const noRoute = context.errors !== null && Object.values(context.errors).every((e) => isRouteErrorResponse(e) && e.status === 404);
    if (context.errors && !noRoute) {
      const first: unknown = Object.values(context.errors)[0];
      throw first instanceof Error ? first : new Error(`Route error: ${JSON.stringify(first)}`);
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const rendered = await renderToHtml(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
      signal,
    );
    const leaf = noRoute ? notFoundRoute : context.matches[context.matches.length - 1]?.route;
    const routeId = leaf?.id ?? 'not-found';
    const meta = metaForRoute(
      routeId,
      COLLECTIONS,
    )({ data: (context.loaderData[routeId] as unknown) ?? null, url, origin: options.origin });
    const handle = leaf?.handle as RouteHandle | undefined;
    const hydrationData = { loaderData: context.loaderData, actionData: null, errors: null };
    // React puts its own preloads (images of the first screen) before the markup: they belong in <head>,
    // and hydration must find the app's first element first.
    const preloads = /^(?:<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
    const body = rendered.slice(preloads.length);
    return { kind: 'page', status: context.statusCode, html: page.render(meta, handle, body, hydrationData, preloads) };
  };
}

function renderToHtml(element: ReactNode, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | Uint8Array | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      // One piece: no boundary is outlined into a later chunk revealed by an inline script (which the
      // CSP would refuse and which a complete page does not need).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) {
          const reason: unknown = failed; // whatever React's onError was handed
          reject(reason instanceof Error ? reason : new Error(String(reason)));
        } else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed = error;
      },
    });
    signal?.addEventListener('abort', () => stream.abort(signal.reason));
  });
}

/**
 * The client build's index.html, prepared once: its stylesheet inlined (the first screen needs no second
 * request to paint), its fixed title and description replaced per page, and the fonts of the first screen
 * preloaded (the @font-face rules use font-display: swap).
 *
 * Only the faces of the page's first screen are declared in its inline style. The others (a card's title
 * further down, the footer's italic) would otherwise be fetched as soon as the browser lays that text out,
 * before the first screen's picture has arrived, and share a phone's bandwidth with it; boot.ts declares
 * them (FontFace) once that picture is painted. Until then such text shows in the nearest declared weight
 * of its family; without JavaScript it stays so.
 */
class PageTemplate {
  private readonly before: string;
  private readonly css: string;
  private readonly after: string;
  private readonly chunkCache = new Map<string, RouteChunk>();
  /** The built stylesheet's @font-face rules by face name, taken out of the inlined styles. */
  private readonly fontFaces = new Map<string, FontFaceRule>();
  private readonly fontsCache = new Map<string, PageFonts>();

  constructor(private readonly options: RendererOptions) {
    // The template's own title and description give way to each page's (its tags may span lines: index.html
    // is formatted, and a second, generic description is the one search engines would show).
    let html = options.template.replace(/\s*<title>[\s\S]*?<\/title>/, '').replace(/\s*<meta\s+name="description"[^>]*>/, '');
    let css = '';
    html = html.replace(/\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_all, href: string) => {
      css += options.readAsset(href);
      return '';
    });
    css = css.replace(/@font-face\s*\{[^}]*\}/g, (rule) => {
      const face = parseFontFace(rule);
      if (face) this.fontFaces.set(face.name, face);
      return face ? '' : rule;
    });
    // The app's entry is requested by boot.ts once the first screen is shown, not by the parser at once, and
    // so are the chunks it imports (React, the router), which Vite's page preloads: the browser asks for them
    // as it reads the entry.
    html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
    const boot = options.manifest['src/boot.ts']?.file;
    if (boot) {
      html = html.replace(
        /<script type="module" crossorigin src="([^"]+)"><\/script>/,
        (_all, app: string) => `<script type="module" crossorigin src="/${boot}" data-app="${app}"></script>`,
      );
    }
    const marker = '<div id="root"></div>';
    if (!html.includes(marker) || !html.includes('</head>')) throw new Error('index.html has no <div id="root"></div>');
    const [head, rest] = html.split('</head>');
    this.before = head;
    this.css = css;
    const [beforeRoot, afterRoot] = rest.split(marker);
    this.after = beforeRoot + '\u0000' + afterRoot; // \u0000 marks where the page goes
  }

  render(meta: PageMeta, handle: RouteHandle | undefined, body: string, hydrationData: unknown, reactPreloads: string): string {
    const route = handle?.chunk ? this.routeChunk(handle.chunk) : { scripts: [], styles: '', styleLinks: '' };
    const fonts = this.pageFonts(handle);
    const head = renderHead(meta, this.options.origin, { fonts: fonts.preloads, scripts: route.scripts });
    const [beforeRoot, afterRoot] = this.after.split('\u0000');
    return (
      this.before +
      `<style>${fonts.firstScreen}${this.css}</style>` +
      fonts.later +
      (route.styles ? `<style>${route.styles}</style>` : '') +
      route.styleLinks +
      head +
      reactPreloads +
      '</head>' +
      beforeRoot +
      `<div id="root">${body}</div>` +
      `<script type="application/json" id="${HYDRATION_DATA_ID}">${scriptJson(hydrationData)}</script>` +
      afterRoot
    );
  }

  /** The faces a route's first screen shows (declared and preloaded) and the others (declared by boot.ts). */
  private pageFonts(handle: RouteHandle | undefined): PageFonts {
    const names = new Set([...FIRST_SCREEN_FONTS, ...(handle?.fonts ?? [])]);
    const key = [...names].join(' ');
    const known = this.fontsCache.get(key);
    if (known) return known;
    const faces = [...this.fontFaces.values()];
    const first = faces.filter((f) => names.has(f.name));
    const later = faces.filter((f) => !names.has(f.name)).map(({ name: _name, rule: _rule, ...face }) => face);
    const found: PageFonts = {
      firstScreen: first.map((f) => f.rule).join(''),
      preloads: first.map((f) => f.src),
      later: later.length ? `<script type="application/json" id="${LATER_FONTS_ID}">${scriptJson(later)}</script>` : '',
    };
    this.fontsCache.set(key, found);
    return found;
  }

  /** The route's own chunk and the chunks it imports (modulepreloaded) and their styles (inlined). */
  private routeChunk(key: string): RouteChunk {
    const known = this.chunkCache.get(key);
    if (known) return known;
    const { manifest } = this.options;
    const entryImports = new Set(
      collect(
        manifest,
        Object.keys(manifest).filter((k) => manifest[k].isEntry),
      ),
    );
    const keys = collect(manifest, [key]).filter((k) => !entryImports.has(k));
    const scripts = keys.map((k) => '/' + manifest[k].file);
    const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))];
    const styles = css.map((file) => this.options.readAsset('/' + file)).join('');
    // The inlined files named by disabled links (never fetched): the app's loader, which adds a stylesheet
    // link for each chunk's CSS unless one is there, then does not fetch them again and restyle the page.
    const styleLinks = css.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('');
    const found = { scripts, styles, styleLinks };
    this.chunkCache.set(key, found);
    return found;
  }
}

/** Where boot.ts finds the faces it declares once the first screen is shown. */
const LATER_FONTS_ID = 'later-fonts';

/** One @font-face rule of the built stylesheet; name is the face's file stem (inter-latin-500-normal). */
interface FontFaceRule {
  name: string;
  rule: string;
  family: string;
  style: string;
  weight: string;
  src: string;
  unicodeRange?: string;
}

interface PageFonts {
  /** @font-face rules of the first screen's faces, inlined. */
  firstScreen: string;
  /** Their files, preloaded. */
  preloads: string[];
  /** A JSON script naming the other faces for boot.ts ('' when there are none). */
  later: string;
}

/** Reads a minified @font-face rule (Vite's output); null for one this shop's faces do not look like. */
function parseFontFace(rule: string): FontFaceRule | null {
  const get = (descriptor: string) => new RegExp(`[{;]\\s*${descriptor}\\s*:\\s*([^;}]+)`).exec(rule)?.[1].trim();
  const src = /url\(\s*["']?(\/assets\/([a-z0-9-]+-(?:normal|italic))-[\w-]+\.woff2)["']?\s*\)/.exec(get('src') ?? '');
  const family = get('font-family')?.replace(/^["']|["']$/g, '');
  if (!src || !family) return null;
  return {
    name: src[2],
    rule,
    family,
    style: get('font-style') ?? 'normal',
    weight: get('font-weight') ?? '400',
    src: src[1],
    unicodeRange: get('unicode-range'),
  };
}

/** A route's chunks: modulepreloaded scripts, inlined styles and the disabled links that name them. */
interface RouteChunk {
  scripts: string[];
  styles: string;
  styleLinks: string;
}

/** The chunks `keys` name and every chunk they import, statically, once each. */
function collect(manifest: Record<string, ManifestChunk>, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return [...seen];
}
