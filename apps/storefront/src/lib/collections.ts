/** The eight collection screens (/jewelry/...), each bound to one category. */
import { CATEGORIES, findCategory, isCategoryId, type Category, type CategoryId, type Department } from '@facet/contracts';
import { RINGS_PAGE_SIZE } from './loadMore';

export const COLLECTION_LIMIT = 20;

export interface Collection {
  slug: string;
  category: Category;
  department: Department;
  /** Upper-case hero title, e.g. WOMEN'S NECKLACES. */
  title: string;
  tagline: string;
  /** Section heading, e.g. NECKLACE COLLECTION or MEN'S RING COLLECTION. */
  heading: string;
  /** The word used in 'Loading <type>...', 'No <type> found', e.g. necklaces or men's necklaces. */
  type: string;
  singular: string;
  plural: string;
  /** Women's rings page loads 8 at a time with 'Load More Rings'. */
  loadMore: boolean;
}

/**
 * A collection's page: women's rings 8 at a time, the others 20. Each offers 'Load More <Plural>' while it
 * holds more than it shows (the others only ever do past 20 pieces).
 */
export function collectionPageSize(c: Pick<Collection, 'loadMore'>): number {
  return c.loadMore ? RINGS_PAGE_SIZE : COLLECTION_LIMIT;
}

/** 'Load More Rings', 'Load More Necklaces'. */
export function loadMoreLabel(c: Pick<Collection, 'plural'>): string {
  return 'Load More ' + c.plural.charAt(0).toUpperCase() + c.plural.slice(1);
}

const TAGLINES: Record<CategoryId, string> = {
  'women-rings': 'Promises kept in platinum and gold, set with stones chosen one by one.',
  'women-necklaces': 'Pendants and rivières that rest where the light falls.',
  'women-earrings': 'From the quiet fire of a stud to the sway of an evening drop.',
  'women-bracelets': 'Tennis lines and bangles, made to move with you.',
  'men-rings': 'Bands and signets with weight, line and purpose.',
  'men-necklaces': 'Solid chains and pendants, built for every day.',
  'men-earrings': 'Clean studs in white and black diamonds.',
  'men-bracelets': 'Links and cuffs with real presence in the hand.',
};

function collectionFor(category: Category): Collection {
  const singular = category.kind.slice(0, -1); // rings -> ring
  const men = category.department === 'men';
  return {
    slug: category.href.replace('/jewelry/', ''),
    category,
    department: category.department,
    title: category.name.toUpperCase(),
    tagline: TAGLINES[category.id],
    heading: (men ? "MEN'S " : '') + singular.toUpperCase() + ' COLLECTION',
    type: (men ? "men's " : '') + category.kind,
    singular,
    plural: category.kind,
    loadMore: category.id === 'women-rings',
  };
}

export const COLLECTIONS: readonly Collection[] = CATEGORIES.map(collectionFor);

export function findCollection(slug: string): Collection | undefined {
  return COLLECTIONS.find((c) => c.slug === slug);
}

export const WOMEN_CATEGORIES = CATEGORIES.filter((c) => c.department === 'women');
export const MEN_CATEGORIES = CATEGORIES.filter((c) => c.department === 'men');

/**
 * The /category/{category} parameter: a category id (women-rings), or a short name used by the wishlist
 * shortcuts (rings -> women-rings, mens-rings -> men-rings).
 */
export function resolveCategoryParam(param: string): CategoryId | undefined {
  const p = param.trim().toLowerCase();
  if (isCategoryId(p)) return p;
  const mens = /^mens?-(rings|necklaces|earrings|bracelets)$/.exec(p);
  if (mens) return `men-${mens[1]}` as CategoryId;
  const women = /^(?:womens?-)?(rings|necklaces|earrings|bracelets)$/.exec(p);
  if (women) return `women-${women[1]}` as CategoryId;
  return undefined;
}

export function categoryName(id: string): string {
  return findCategory(id)?.name ?? id;
}

export function departmentOf(id: string): Department {
  return findCategory(id)?.department ?? 'women';
}
