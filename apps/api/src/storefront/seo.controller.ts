import { CATEGORIES } from '@facet/contracts';
import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CatalogCache } from '../catalog';
import { Public } from '../platform/auth/auth.decorators';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { DatabaseService } from '../platform/database/database.service';

/** Screens search engines should not crawl: the console, the API, and everything personal or session-bound. */
export const ROBOTS_DISALLOW = [
  '/admin',
  '/api',
  '/cart',
  '/checkout',
  '/payment',
  '/payment-success',
  '/login',
  '/register',
  '/profile',
  '/orders',
  '/wishlist',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/consultation-submitted',
] as const;

/** Pages without their own data; their lastmod is the catalogue's latest change. */
const CONTENT_PAGES = ['/', '/jewelry', '/catalogue', '/custom-design', '/about', '/contact', '/privacy-policy', '/terms-of-service'];

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** /robots.txt and /sitemap.xml at the site root (outside the /api prefix). */
@ApiExcludeController()
@Public()
@Controller()
export class SeoController {
  constructor(
    private readonly db: DatabaseService,
    private readonly cache: CatalogCache,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  private get origin(): string {
    return this.config.publicOrigin;
  }

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.origin}/sitemap.xml`,
      '',
    ].join('\n');
  }

  /** Every collection (category) and product, lastmod from their latest event; rebuilt when the catalogue changes. */
  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  sitemap(): Promise<string> {
    return this.cache.get('sitemap.xml', () => this.buildSitemap());
  }

  private async buildSitemap(): Promise<string> {
    const products = await this.db.query<{ id: string; category: string; updated_at: Date }>(
      'SELECT id, category, updated_at FROM products ORDER BY featured_rank',
    );
    const latest = new Map<string, Date>();
    let newest: Date | null = null;
    for (const p of products) {
      const known = latest.get(p.category);
      if (!known || p.updated_at > known) latest.set(p.category, p.updated_at);
      if (!newest || p.updated_at > newest) newest = p.updated_at;
    }
    const entry = (path: string, lastmod: Date | null | undefined) =>
      `<url><loc>${xml(this.origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...CONTENT_PAGES.map((path) => entry(path, newest)),
      ...CATEGORIES.map((c) => entry(c.href, latest.get(c.id))),
      ...products.map((p) => entry(`/product/${p.id}`, p.updated_at)),
      '</urlset>',
      '',
    ].join('\n');
  }
}
