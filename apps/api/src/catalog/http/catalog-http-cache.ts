import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { CatalogCache } from '../queries/catalog-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The catalogue's tag, set on catalogue reads before the answer is computed. */
    catalogueEtag?: string;
    /** The catalogue's version the tag names, and whether the answer came from the kept bodies. */
    catalogueVersion?: string;
    catalogueBodyKept?: boolean;
    /** The answer is a 200 the client already holds (If-None-Match): sent as 304 without a body. */
    catalogueNotModified?: boolean;
  }
}

/** Serialized catalogue answers kept per URL: at most this many characters in all (the oldest go first). */
const MAX_KEPT_CHARS = 16 * 1024 * 1024;

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
 * matching If-None-Match, only for an answer that is a 200: before any query runs when the URL's 200 body is
 * kept for this version, else once the route has answered 200 (a bad query stays 400, a missing product 404,
 * and `*` matches only a resource that exists, RFC 9110 13.1.2). The random pick differs every time: no-cache.
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
  // The JSON of recent 200 answers, with the catalogue version it was computed at. A read of the same URL at
  // the same version gets the same bytes without running the route (validation, query, serialization: most
  // of a catalogue read's CPU); the response hooks (compression, these tags, security headers) still run.
  const bodies = new Map<string, { version: string; body: string }>();
  let keptChars = 0;
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isCatalogueRead(request.method, request.url)) return;
    // The position is read before the answer, so the tag is never newer than the body it goes with.
    const version = await cache.version();
    const etag = `"c${version}"`;
    request.catalogueEtag = etag;
    request.catalogueVersion = version;
    // A request with a bearer token goes through the guard, which refuses one that has ended (auth.guard.ts).
    const kept = request.headers.authorization === undefined ? bodies.get(request.url) : undefined;
    // Only a 200 is kept: this URL is valid and names something that exists at this version.
    if (kept?.version === version && matches(request.headers['if-none-match'], etag)) {
      return reply.code(304).header('etag', etag).header('cache-control', CATALOGUE_CACHE_CONTROL).send();
    }
    if (kept?.version === version) {
      request.catalogueBodyKept = true;
      return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(kept.body);
    }
  });
  // Before the routes' own onSend hooks (compression), so the payload is still the JSON text.
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.catalogueVersion || reply.statusCode !== 200) return payload;
    // The route answered 200 (validated, found): a matching If-None-Match gets 304, without the body.
    if (request.catalogueEtag && matches(request.headers['if-none-match'], request.catalogueEtag)) {
      request.catalogueNotModified = true;
      keep(request, payload);
      reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return '';
    }
    keep(request, payload);
    return payload;
  });
  const keep = (request: FastifyRequest, payload: unknown) => {
    if (request.method !== 'GET' || request.catalogueBodyKept || !request.catalogueVersion) return;
    if (typeof payload !== 'string' || payload.length > MAX_KEPT_CHARS / 16) return;
    keptChars += payload.length - (bodies.get(request.url)?.body.length ?? 0);
    bodies.delete(request.url); // re-inserted last: the Map's order is the eviction order
    bodies.set(request.url, { version: request.catalogueVersion, body: payload });
    for (const [url, kept] of bodies) {
      if (keptChars <= MAX_KEPT_CHARS) break;
      keptChars -= kept.body.length;
      bodies.delete(url);
    }
  };

  // @fastify/compress adds its onSend to each route as the route is declared; this one goes after it, so
  // the encoding is known when the tag is written.
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method === 'GET' && request.url.split('?', 1)[0] === '/api/products/random') {
      reply.header('cache-control', 'no-cache');
      return payload;
    }
    if (!request.catalogueEtag) return payload;
    if (request.catalogueNotModified) {
      reply.header('etag', request.catalogueEtag).header('cache-control', CATALOGUE_CACHE_CONTROL);
      return payload;
    }
    if (reply.statusCode !== 200) return payload;
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
