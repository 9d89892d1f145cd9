/**
 * The storefront's typefaces, cut down to the characters a shop in English shows. The @fontsource "latin"
 * files carry about 330 characters and every OpenType feature (Inter's alternates and case forms alone are
 * a third of its file); a phone fetches up to six faces before the first screen is complete. Kept: basic
 * Latin, Latin-1 (accented names such as Lumière), typographic punctuation, € ™ − × and arrows, with the
 * features the styles use (kerning, ligatures, lining and tabular figures). The @font-face rules say the
 * same range, so any other character falls back to a system face instead of a missing glyph.
 */
export const UNICODE_RANGE =
  'U+0020-007E, U+00A0-00FF, U+0131, U+0152-0153, U+0160-0161, U+0178, U+017D-017E, U+02C6, U+02DC, U+2013-2014, U+2018-201E, U+2020-2022, U+2026, U+2030, U+2032-2033, U+2039-203A, U+20AC, U+2122, U+2190-2193, U+2212';
export const FEATURES = ['kern', 'liga', 'ccmp', 'locl', 'mark', 'mkmk', 'lnum', 'tnum', 'pnum', 'onum'];

export interface Face {
  family: string;
  /** @fontsource package and file stem: <package>/files/<stem>.woff2 */
  pkg: string;
  weight: number;
  style: 'normal' | 'italic';
}

export const FACES: Face[] = [
  { family: 'Cormorant Garamond', pkg: '@fontsource/cormorant-garamond', weight: 300, style: 'normal' },
  { family: 'Cormorant Garamond', pkg: '@fontsource/cormorant-garamond', weight: 400, style: 'normal' },
  { family: 'Cormorant Garamond', pkg: '@fontsource/cormorant-garamond', weight: 500, style: 'normal' },
  { family: 'Cormorant Garamond', pkg: '@fontsource/cormorant-garamond', weight: 400, style: 'italic' },
  { family: 'Inter', pkg: '@fontsource/inter', weight: 400, style: 'normal' },
  { family: 'Inter', pkg: '@fontsource/inter', weight: 500, style: 'normal' },
  { family: 'Inter', pkg: '@fontsource/inter', weight: 600, style: 'normal' },
];

/** The characters of UNICODE_RANGE, as text for the subsetter. */
export function characters(range: string): string {
  let text = '';
  for (const part of range.split(',')) {
    const [from, to] = part.trim().slice(2).split('-');
    for (let c = parseInt(from, 16); c <= parseInt(to ?? from, 16); c++) text += String.fromCodePoint(c);
  }
  return text;
}
