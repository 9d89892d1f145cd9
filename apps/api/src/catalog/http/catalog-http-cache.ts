import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { CatalogCache } from '../queries/catalog-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The catalogue's tag, set on catalogue reads before the answer is computed. */
    catalogueEtag?: string;
  }
}

/** Browsers and shared caches keep a catalogue answer a minute, and may serve it stale while refreshing. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** The public catalogue reads (GET /api/products..., /api/categories...), except the random pick. */
export function isCatalogueRead(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?', 1)[0];
  if (path === '/api/products/random') return false;
  return /^\/api\/(products|categories)(\/|$)/.test(path);
}

/**
 * HTTP caching of catalogue reads: a strong ETag naming the products projection's position (the catalogue
 * changes only when it moves), Cache-Control public with stale-while-revalidate, and 304 Not Modified to a
 * matching If-None-Match before any query runs. The random pick is different on every request: no-cache.
 */
export async function catalogueHttpCache(app: NestFastifyApplication): Promise<void> {
  const cache = app.get(CatalogCache);
  // A plugin registered after @fastify/compress (see addHooks); skip-override makes its hooks apply to every
  // route, as fastify-plugin does.
  const plugin = Object.assign(
    async (fastify: FastifyInstance) => {
      addHooks(fastify, cache);
    },
    { [Symbol.for('skip-override')]: true },
  );
  await app.register(plugin);
}

function addHooks(fastify: FastifyInstance, cache: CatalogCache): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isCatalogueRead(request.method, request.url)) return;
    // The position is read before the answer, so the tag is never newer than the body it goes with.
    const etag = `"c${await cache.version()}"`;
    request.catalogueEtag = etag;
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304).header('etag', etag).header('cache-control', CATALOGUE_CACHE_CONTROL).send();
    }
  });

  // @fastify/compress adds its onSend to each route as the route is declared; this one goes after it, so
  // the encoding is known when the tag is written.
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method === 'GET' && request.url.split('?', 1)[0] === '/api/products/random') {
      reply.header('cache-control', 'no-cache');
      return payload;
    }
    if (!request.catalogueEtag || reply.statusCode !== 200) return payload;
    // A strong tag names exact bytes: a compressed body gets its own tag.
    const encoding = reply.getHeader('content-encoding');
    const tag = encoding && encoding !== 'identity' ? request.catalogueEtag.replace(/"$/, `-${String(encoding)}"`) : request.catalogueEtag;
    reply.header('etag', tag);
    reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
    return payload;
  };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.includes('GET')) return;
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
  });
}

/**
 * If-None-Match: `*` or a list of tags. Any encoding of the current state matches (the decoded body is the
 * same), and a weak W/ prefix too (RFC 9110: If-None-Match uses the weak comparison).
 */
function matches(header: unknown, etag: string): boolean {
  if (typeof header !== 'string' || !header) return false;
  const state = etag.slice(0, -1); // without the closing quote
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag || (t.startsWith(state + '-') && /^-(br|gzip|deflate)"$/.test(t.slice(state.length)));
  });
}
