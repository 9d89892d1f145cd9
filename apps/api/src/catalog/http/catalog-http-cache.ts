import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getMetadataStorage } from 'class-validator';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { bytesOf, ByteBoundedMap } from '../../platform/caching/byte-bounded-map';
import { CatalogCache } from '../queries/catalog-cache';
import { CategoryProductsQueryDto, ListProductsQueryDto } from './dto/product.dto';

declare module 'fastify' {
  interface FastifyRequest {
    /** The catalogue's tag, set on catalogue reads before the answer is computed. */
    catalogueEtag?: string;
    /** The catalogue's version the tag names, and whether the answer came from the kept bodies. */
    catalogueVersion?: string;
    catalogueBodyKept?: boolean;
    /** The answer is a 200 the client already holds (If-None-Match): sent as 304 without a body. */
    catalogueNotModified?: boolean;
    /** What its answer is kept under (keptAnswerKey); null when it is not to be kept. */
    catalogueKey?: string | null;
  }
}

/** Serialized catalogue answers kept per path and query: at most this many bytes in all, keys included (the oldest go first). */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;

/** A key longer than this is no valid read's (the longest, a 200-character search, is under 1,000): not kept. */
const MAX_KEY_CHARS = 2048;

/** The parameters each catalogue read with a query takes (its DTO's fields); the others take none. */
const QUERY_NAMES: Record<string, readonly string[]> = {
  '/api/products': fieldsOf(ListProductsQueryDto),
  '/api/products/category/:category': fieldsOf(CategoryProductsQueryDto),
};

function fieldsOf(dto: new () => object): string[] {
  const fields = getMetadataStorage()
    .getTargetValidationMetadatas(dto, '', true, false)
    .map((m) => m.propertyName);
  return [...new Set(fields)].sort();
}

/**
 * What a catalogue read's answer is kept under: its path, and the values of the parameters its route reads,
 * in a fixed order, so that neither their order nor other parameters make a new key: a route that reads no
 * query (a product, the categories) ignores the rest, and a read whose route refuses them (400: unknown field)
 * gets null, as does a key too long to be a valid read's. Numbers are as sent: the route answers only those
 * written canonically (QueryNumber), so only those are kept.
 */
export function keptAnswerKey(path: string, route: string | undefined, query: Record<string, unknown>): string | null {
  const names = route === undefined ? undefined : QUERY_NAMES[route];
  if (names && Object.keys(query).some((name) => !names.includes(name))) return null;
  const key = names ? `${path}?${JSON.stringify(names.map((name) => query[name] ?? null))}` : path;
  return key.length <= MAX_KEY_CHARS ? key : null;
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
  // The JSON of recent 200 answers, with the catalogue version it was computed at. A read of the same path and
  // query (keptAnswerKey) at the same version gets the same bytes without running the route (validation,
  // query, serialization: most of a catalogue read's CPU); the response hooks (compression, these tags,
  // security headers) still run. Only answers of the newest version seen are held.
  const bodies = new ByteBoundedMap<string, { version: string; body: string }>(
    MAX_KEPT_BYTES,
    (kept) => bytesOf(kept.version) + bytesOf(kept.body),
  );
  let keptVersion = '';
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isCatalogueRead(request.method, request.url)) return;
    // The position is read before the answer, so the tag is never newer than the body it goes with.
    const version = await cache.version();
    const etag = `"c${version}"`;
    request.catalogueEtag = etag;
    request.catalogueVersion = version;
    const path = request.url.split('?', 1)[0];
    request.catalogueKey = keptAnswerKey(path, request.routeOptions.url, request.query as Record<string, unknown>);
    // A request with a bearer token goes through the guard, which refuses one that has ended (auth.guard.ts).
    const kept = request.headers.authorization === undefined && request.catalogueKey ? bodies.get(request.catalogueKey) : undefined;
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
    const { catalogueKey: key, catalogueVersion: version } = request;
    if (request.method !== 'GET' || request.catalogueBodyKept || !version || !key) return;
    if (typeof payload !== 'string' || payload.length > MAX_KEPT_BYTES / 16) return;
    // The catalogue moved: what was kept of the last version can never be sent again.
    if (version !== keptVersion) {
      bodies.clear();
      keptVersion = version;
    }
    bodies.set(key, { version, body: payload });
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
