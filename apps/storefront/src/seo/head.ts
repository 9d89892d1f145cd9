/** The per-page part of <head>, as HTML: every value is escaped. */
import { absolute, scriptJson } from './jsonLd';
import { DEFAULT_IMAGE, documentTitle, SITE_NAME, type PageMeta } from './meta';
import { escapeHtml } from '@facet/contracts';
import { picture } from '../lib/artwork';

export function renderHead(meta: PageMeta, origin: string, assets: { fonts: string[]; scripts: string[] }): string {
  const title = escapeHtml(documentTitle(meta.title));
  const description = escapeHtml(meta.description);
  const url = escapeHtml(absolute(origin, meta.path));
  const image = escapeHtml(absolute(origin, meta.image ?? DEFAULT_IMAGE));
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    meta.noindex ? '<meta name="robots" content="noindex, follow">' : '',
    `<link rel="canonical" href="${url}">`,
    // The largest image of the first screen is requested with the document, ahead of scripts.
    meta.lcpImage ? `<link rel="preload" as="image" href="${escapeHtml(picture(meta.lcpImage))}" fetchpriority="high">` : '',
    ...assets.fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(href)}" crossorigin>`),
    ...assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${image}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
    ...(meta.jsonLd ?? []).map((ld) => `<script type="application/ld+json">${scriptJson(ld)}</script>`),
  ];
  return tags.filter(Boolean).join('');
}
