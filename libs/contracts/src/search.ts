/**
 * Text as searches compare it: in NFC (an "é" typed as e and a combining accent matches the one character)
 * and in lower case.
 */
export function searchable(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/**
 * Header suggestions (spec section 5): case-insensitive substring on the name; names starting with the
 * query first, then names with a word starting with it, then alphabetical.
 */
export function rankSuggestions<T extends { name: string }>(items: T[], query: string, max = 6): T[] {
  const q = searchable(query.trim());
  if (!q) return [];
  const rank = (name: string) => {
    const n = searchable(name);
    if (n.startsWith(q)) return 0;
    if (n.split(/\s+/).some((w) => w.startsWith(q))) return 1;
    return 2;
  };
  return items
    .filter((i) => searchable(i.name).includes(q))
    .map((i) => ({ i, r: rank(i.name) }))
    .sort((a, b) => a.r - b.r || a.i.name.localeCompare(b.i.name))
    .slice(0, max)
    .map((x) => x.i);
}

export const SUGGESTIONS_SHOWN = 5;

export const POPULAR_SEARCHES = [
  'Diamond rings',
  'Gold necklace',
  'Pearl earrings',
  'Sapphire',
  'Emerald',
  'Wedding rings',
  'Engagement rings',
  'Tennis bracelet',
  'Rose gold',
  'White gold',
] as const;
