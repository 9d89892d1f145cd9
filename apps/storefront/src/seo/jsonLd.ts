/**
 * schema.org structured data for search engines: Product with Offer and AggregateRating, BreadcrumbList,
 * Organization. Built from the same data the page shows; urls are absolute (origin + path).
 */
import { findCategory, type Product, type PublicReview } from '@facet/contracts';
import { SHOP } from '../config';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

export function absolute(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : origin + (path.startsWith('/') ? path : '/' + path);
}

/**
 * `reviews`: approved reviews shown on the page (issue 41). The rating and count are the product's, which the
 * API derives from its approved reviews only; with none, neither AggregateRating nor Review is given.
 */
export function productJsonLd(p: Product, origin: string, reviews: readonly PublicReview[] = []): JsonLd {
  const url = absolute(origin, `/product/${p.id}`);
  const images = (p.images?.length ? p.images : [p.image]).filter(Boolean).map((src) => absolute(origin, src));
  const ld: JsonLd = {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': url,
    name: p.name,
    description: p.description,
    image: images,
    sku: p.id,
    category: findCategory(p.category)?.name ?? p.category,
    brand: { '@type': 'Brand', name: SHOP.name },
    offers: {
      '@type': 'Offer',
      url,
      price: p.price.toFixed(2),
      priceCurrency: 'USD',
      availability: p.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: SHOP.name },
    },
  };
  // A rating needs at least one review behind it (search engines reject reviewCount 0).
  if (p.reviews_count > 0 && typeof p.rating === 'number') {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Number(p.rating.toFixed(1)),
      reviewCount: p.reviews_count,
      bestRating: 5,
      worstRating: 1,
    };
    if (reviews.length) ld.review = reviews.map(reviewJsonLd);
  }
  return ld;
}

function reviewJsonLd(r: PublicReview): JsonLd {
  return {
    '@type': 'Review',
    ...(r.title ? { name: r.title } : {}),
    reviewBody: r.text,
    datePublished: r.created_at.slice(0, 10),
    author: { '@type': 'Person', name: r.author },
    reviewRating: { '@type': 'Rating', ratingValue: r.stars, bestRating: 5, worstRating: 1 },
  };
}

export function breadcrumbJsonLd(trail: readonly { name: string; path: string }[], origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absolute(origin, crumb.path),
    })),
  };
}

export function organizationJsonLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': absolute(origin, '/#organization'),
    name: `${SHOP.name} Fine Jewelry`,
    url: absolute(origin, '/'),
    logo: absolute(origin, '/images/brand/logo.svg'),
    image: absolute(origin, '/images/hero/slide-1.svg'),
    email: SHOP.email,
    telephone: SHOP.phones[0],
    foundingDate: String(SHOP.established),
    address: {
      '@type': 'PostalAddress',
      streetAddress: SHOP.address[0],
      addressLocality: 'New York',
      addressRegion: 'NY',
      postalCode: '10022',
      addressCountry: 'US',
    },
  };
}

/** JSON for a <script> element: nothing in it can close the element or start markup. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
