import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'fs';
import { BadInputError } from '../domain/errors';

/**
 * A single-page app served by the API (the storefront at /, the console at /admin): its files are routes of
 * their own (@fastify/static), every other path under its prefix is one of its pages: the server-rendered
 * page when the app has a renderer (the storefront with its SSR build), else its index.html (history
 * fallback).
 */
export interface SpaRoot {
  prefix: string;
  indexFile: string;
  render?: (url: string) => Promise<RenderedPage | null>;
}

export type RenderedPage = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; status: number; location: string };

/** A file of a build's assets folder: a missing one is a 404, not a page (a stale page asking for last release's script must not get HTML under a .js name). */
const ASSET = /^\/(?:admin\/)?assets\/[^/?#]/;

/**
 * The pages' route: GET and HEAD of every path no other route takes (the API's, /metrics, robots.txt, the
 * apps' files are all more specific). Paths under /api, missing assets and paths of no app go on to the
 * 404 handler, whose answer is the exception filter's JSON (with its 405 for a known /api path).
 */
export function servePages(fastify: FastifyInstance, spas: SpaRoot[]): void {
  const shells = new Map<string, string>();
  const spaFor = (url: string) => spas.find((s) => url === s.prefix.replace(/\/$/, '') || url.startsWith(s.prefix));
  const shellOf = (spa: SpaRoot): string | null => {
    if (!shells.has(spa.indexFile)) {
      if (!existsSync(spa.indexFile)) return null;
      shells.set(spa.indexFile, readFileSync(spa.indexFile, 'utf8'));
    }
    return shells.get(spa.indexFile) ?? null;
  };
  const sendShell = (reply: FastifyReply, html: string, status = 200) =>
    reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const url = String(request.url);
      if (url.startsWith('/api')) return reply.callNotFound();
      // What @fastify/static said of such a path with a bare 'Bad Request'; undecodable paths never get here
      // (the router refuses them).
      if (holdsNul(url)) throw new BadInputError('The path is not allowed (it holds a NUL character or cannot be decoded).');
      if (ASSET.test(url)) return reply.callNotFound();
      const spa = spaFor(url);
      if (!spa) return reply.callNotFound();
      if (!spa.render) {
        const shell = shellOf(spa);
        return shell === null ? reply.callNotFound() : sendShell(reply, shell);
      }
      // The page with its status (404 for unknown pages); the plain shell if rendering failed.
      const page = await spa.render(url).catch(() => null);
      if (page?.kind === 'redirect') return reply.status(page.status).header('location', page.location).send();
      const html = page?.html ?? shellOf(spa);
      return html === null ? reply.callNotFound() : sendShell(reply, html, page?.status ?? 200);
    },
  });
}

function holdsNul(url: string): boolean {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path).includes('\0');
  } catch {
    return true;
  }
}
