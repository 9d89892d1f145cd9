/**
 * Per-page head: title, description, canonical link, Open Graph and Twitter card, JSON-LD, and the image
 * the first screen paints largest (preloaded). Built next to each route's loader data, the way Medusa's
 * starter builds metadata next to each page's data; the server writes it into <head>.
 */
import { findCategory, formatPrice, type Category } from '@facet/contracts';
import { HERO_SLIDES } from '../components/HeroCarousel';
import { SHOP } from '../config';
import type { Collection } from '../lib/collections';
import { CUSTOM_DESIGN_TITLE } from '../lib/customDesign';
import { searchText, type CategoryData, type ProductData } from '../routing/loaders';
import { breadcrumbJsonLd, organizationJsonLd, productJsonLd, type JsonLd } from './jsonLd';

export const SITE_NAME = 'Facet Fine Jewelry';
export const DEFAULT_IMAGE = '/images/hero/slide-1.svg';

export interface PageMeta {
  /** The page's own title; the document title is "<title> | Facet Fine Jewelry", as the pages set it. */
  title: string;
  description: string;
  /** Canonical path (and query, where the query makes the page). */
  path: string;
  image?: string;
  type?: 'website' | 'product';
  jsonLd?: JsonLd[];
  /** The largest image of the first screen: preloaded with fetchpriority=high. */
  lcpImage?: string;
  /** Pages that should not be indexed (search results, 404s, account screens). */
  noindex?: boolean;
}

export interface MetaArgs {
  data: unknown;
  url: URL;
  origin: string;
}

export type MetaFunction = (args: MetaArgs) => PageMeta;

export function documentTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

const clip = (text: string, max = 160) => (text.length > max ? text.slice(0, max - 1).trimEnd() + '…' : text);

export const homeMeta: MetaFunction = ({ origin }) => ({
  title: 'Fine Jewelry & Diamonds',
  description: `Facet: fine jewelry and diamonds, handcrafted in New York since ${SHOP.established}. Rings, necklaces, earrings and bracelets for women and men.`,
  path: '/',
  image: HERO_SLIDES[0].url,
  lcpImage: HERO_SLIDES[0].url,
  jsonLd: [organizationJsonLd(origin)],
});

export const jewelryMeta: MetaFunction = () => ({
  title: 'Fine Jewelry',
  description:
    'Eight collections, one standard: rings, necklaces, earrings and bracelets in diamonds and precious metals, for her and for him.',
  path: '/jewelry',
});

function categoryTrail(category: Category) {
  return [
    { name: 'Home', path: '/' },
    { name: 'Fine Jewelry', path: '/jewelry' },
    { name: category.name, path: category.href },
  ];
}

export const collectionMeta =
  (c: Collection): MetaFunction =>
  ({ origin }) => ({
    title: c.category.name,
    description: clip(`${c.category.name} by Facet: ${c.tagline} ${c.category.description}`),
    path: c.category.href,
    image: c.category.image,
    lcpImage: c.category.image,
    jsonLd: [breadcrumbJsonLd(categoryTrail(c.category), origin)],
  });

export const categoryMeta: MetaFunction = ({ data, url, origin }) => {
  const category = (data as CategoryData | null)?.category ?? null;
  if (!category) return notFoundMeta({ data, url, origin });
  return {
    title: category.name,
    description: clip(`${category.name} by Facet. ${category.description}`),
    path: `/category/${category.id}`,
    image: category.image,
    jsonLd: [breadcrumbJsonLd(categoryTrail(category), origin)],
  };
};

export const catalogueMeta: MetaFunction = () => ({
  title: 'Product Catalogue',
  description: 'The whole Facet catalogue: fine rings, necklaces, earrings and bracelets with diamonds, by price, rating and name.',
  path: '/catalogue',
});

export const searchMeta: MetaFunction = ({ url }) => {
  const q = searchText(url.searchParams.get('q'));
  return {
    title: q ? `Search: ${q}` : 'Search',
    description: 'Search the Facet fine jewelry catalogue.',
    path: q ? `/search?q=${encodeURIComponent(q)}` : '/search',
    noindex: true,
  };
};

export const productMeta: MetaFunction = (args) => {
  const d = args.data as ProductData | null;
  const p = d?.product;
  if (!p) return { ...notFoundMeta(args), title: 'Product not found' };
  const category = findCategory(p.category);
  const trail = [{ name: 'Home', path: '/' }];
  if (category) trail.push({ name: category.name, path: category.href });
  trail.push({ name: p.name, path: `/product/${p.id}` });
  const image = p.images?.[0] ?? p.image;
  return {
    title: p.name,
    description: clip(`${p.name}, ${formatPrice(p.price)}. ${p.description}`),
    path: `/product/${p.id}`,
    image,
    lcpImage: image,
    type: 'product',
    jsonLd: [productJsonLd(p, args.origin, d?.reviews?.items ?? []), breadcrumbJsonLd(trail, args.origin)],
  };
};

export const staticMeta =
  (title: string, description: string, path: string): MetaFunction =>
  () => ({ title, description, path });

/** The custom-design wizard: a page of its own in search results, in the sitemap, its first step server-rendered. */
export const customDesignMeta: MetaFunction = ({ origin }) => ({
  title: CUSTOM_DESIGN_TITLE,
  description:
    'Design your own engagement ring, necklace, earrings or bracelet with Facet: choose the diamond, the metal and the karat, share your sketch, and our New York craftsmen reply within 24 hours.',
  path: '/custom-design',
  jsonLd: [
    breadcrumbJsonLd(
      [
        { name: 'Home', path: '/' },
        { name: CUSTOM_DESIGN_TITLE, path: '/custom-design' },
      ],
      origin,
    ),
  ],
});

export const notFoundMeta: MetaFunction = ({ url }) => ({
  title: 'Page not found',
  description: 'The page you are looking for does not exist or has moved.',
  path: url.pathname,
  noindex: true,
});

/**
 * Each route's head by route id (routes.tsx names them). Kept out of the route table so the browser's
 * bundle does not carry it: only the server writes heads.
 */
export function metaForRoute(routeId: string, collections: readonly Collection[]): MetaFunction {
  const collection = collections.find((c) => `collection:${c.slug}` === routeId);
  if (collection) return collectionMeta(collection);
  return ROUTE_META[routeId] ?? shellMeta;
}

/** Screens rendered in the browser only (account, cart, checkout, payment): a shell kept out of indexes. */
const shellMeta: MetaFunction = ({ url }) => ({
  title: 'Fine Jewelry & Diamonds',
  description: homeMeta({ data: null, url, origin: '' }).description,
  path: url.pathname,
  noindex: true,
});

const ROUTE_META: Record<string, MetaFunction> = {
  home: homeMeta,
  jewelry: jewelryMeta,
  category: categoryMeta,
  catalogue: catalogueMeta,
  catalog: catalogueMeta,
  search: searchMeta,
  product: productMeta,
  about: staticMeta(
    'About Us',
    `The Facet story: a family of New York craftsmen making fine jewelry and diamonds by hand since ${SHOP.established}.`,
    '/about',
  ),
  contact: staticMeta(
    'Contact Us',
    'Visit the Facet atelier on Fifth Avenue, call, or write to a specialist. We reply within 24 hours.',
    '/contact',
  ),
  'custom-design': customDesignMeta,
  'privacy-policy': staticMeta('Privacy Policy', 'How Facet Fine Jewelry collects, uses and protects your data.', '/privacy-policy'),
  'terms-of-service': staticMeta('Terms of Service', 'The terms that apply when you shop with Facet Fine Jewelry.', '/terms-of-service'),
  'not-found': notFoundMeta,
};
