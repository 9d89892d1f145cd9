import type { FastifyInstance } from 'fastify';

/**
 * The methods each API path answers, learnt from the routes as they are registered, so a request with a
 * method the path does not take gets 405 with an Allow header (RFC 9110) instead of the 404 of a path
 * that does not exist: someone driving the API by hand learns at once that the path is right.
 */
export class AllowedMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

  /** Records every /api route registered on this instance from now on (call before the app's routes). */
  watch(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const pattern = AllowedMethods.patternOf(route.url);
      const known = this.routes.find((r) => r.pattern.source === pattern.source);
      if (known) methods.forEach((m) => known.methods.add(m.toUpperCase()));
      else this.routes.push({ pattern, methods: new Set(methods.map((m) => m.toUpperCase())) });
    });
  }

  /** The methods some route takes for this path (sorted), none when no route matches it at all. */
  for(url: string): string[] {
    const path = url.split('?')[0];
    const methods = new Set<string>();
    for (const r of this.routes) if (r.pattern.test(path)) r.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  }

  /** `/api/orders/:id/status` → one path segment per parameter; `*` any rest; a trailing slash optional. */
  static patternOf(url: string): RegExp {
    const body = url
      .replace(/\/$/, '')
      .split('/')
      .map((segment) => {
        if (segment === '*') return '.*';
        if (segment.startsWith(':')) return '[^/]+';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return new RegExp(`^${body}/?$`);
  }
}
