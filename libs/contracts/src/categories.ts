/** The eight product categories and the shop's two departments. */
export const CATEGORY_IDS = [
  'women-rings',
  'women-necklaces',
  'women-earrings',
  'women-bracelets',
  'men-rings',
  'men-necklaces',
  'men-earrings',
  'men-bracelets',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export type Department = 'women' | 'men';
export type JewelryKind = 'rings' | 'necklaces' | 'earrings' | 'bracelets';

export interface Category {
  id: CategoryId;
  name: string;
  description: string;
  image: string;
  /** The storefront collection screen for this category. */
  href: string;
  department: Department;
  kind: JewelryKind;
}

export const CATEGORIES: readonly Category[] = [
  {
    id: 'women-rings',
    name: "Women's Rings",
    description: 'Engagement rings, eternity bands and cocktail rings set with hand-selected diamonds and gemstones.',
    image: '/images/categories/women-rings.svg',
    href: '/jewelry/rings',
    department: 'women',
    kind: 'rings',
  },
  {
    id: 'women-necklaces',
    name: "Women's Necklaces",
    description: 'Pendants, rivières and delicate chains that catch the light at every turn.',
    image: '/images/categories/women-necklaces.svg',
    href: '/jewelry/necklaces',
    department: 'women',
    kind: 'necklaces',
  },
  {
    id: 'women-earrings',
    name: "Women's Earrings",
    description: 'Diamond studs, drops and hoops, from everyday brilliance to evening statements.',
    image: '/images/categories/women-earrings.svg',
    href: '/jewelry/earrings',
    department: 'women',
    kind: 'earrings',
  },
  {
    id: 'women-bracelets',
    name: "Women's Bracelets",
    description: 'Tennis bracelets, bangles and links crafted in gold and platinum.',
    image: '/images/categories/women-bracelets.svg',
    href: '/jewelry/bracelets',
    department: 'women',
    kind: 'bracelets',
  },
  {
    id: 'men-rings',
    name: "Men's Rings",
    description: 'Wedding bands, signet rings and diamond rings with a bold, considered line.',
    image: '/images/categories/men-rings.svg',
    href: '/jewelry/mens-rings',
    department: 'men',
    kind: 'rings',
  },
  {
    id: 'men-necklaces',
    name: "Men's Necklaces",
    description: 'Chains and pendants in solid gold, platinum and sterling, made to be worn every day.',
    image: '/images/categories/men-necklaces.svg',
    href: '/jewelry/mens-necklaces',
    department: 'men',
    kind: 'necklaces',
  },
  {
    id: 'men-earrings',
    name: "Men's Earrings",
    description: 'Studs and small hoops with black and white diamonds, cut for a clean profile.',
    image: '/images/categories/men-earrings.svg',
    href: '/jewelry/mens-earrings',
    department: 'men',
    kind: 'earrings',
  },
  {
    id: 'men-bracelets',
    name: "Men's Bracelets",
    description: 'Cuban links, cuffs and diamond bracelets with real weight in the hand.',
    image: '/images/categories/men-bracelets.svg',
    href: '/jewelry/mens-bracelets',
    department: 'men',
    kind: 'bracelets',
  },
];

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && (CATEGORY_IDS as readonly string[]).includes(value);
}

export function findCategory(id: string): Category | undefined {
  return CATEGORIES.find((c) => c.id === id);
}
