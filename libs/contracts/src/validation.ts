/** Validation rules shared by the API and both front ends (spec section 5). */

/** RFC 5322 atext: what each dot-separated part of an address's local part is made of. */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
/** A DNS label: letters, digits and hyphens, not at either end, at most 63 characters. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A top-level domain of letters, or its ASCII form (xn--) when it is internationalized. */
const TLD = '(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{0,58}[A-Za-z0-9])';

/**
 * The forms' e-mail rule, a plain addr-spec: a dot-atom local part (no quoted strings, no leading, trailing
 * or doubled dots), @, dot-separated DNS labels ending in a TLD; local part at most 64 characters, the whole
 * at most 254. ASCII only: the looser text@text.text took `a;b@x.test` (a mailer reads a list), `<a@x.test>`
 * and `"a b"@x.test`. Internationalized domains are taken in their xn-- form; non-ASCII local parts are not
 * (SMTPUTF8 is not assured on every hop, and accounts are keyed by the lower-cased address, where NFC and
 * NFD spellings and look-alike letters would make two accounts of what reads as one).
 */
export const EMAIL_PATTERN = new RegExp(`^(?=[^@]{1,64}@)(?=.{6,254}$)${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+${TLD}$`);

/**
 * Optional plus, then at least 10 digits, spaces, dashes or parentheses. The space is U+0020 only: `\s` also
 * took tabs, newlines, no-break spaces, U+2028, U+2029 and U+3000, which a person never types into a phone
 * number and which break the lines and columns of the mails and lists that show it.
 */
export const PHONE_PATTERN = /^\+?[\d ()-]{10,}$/;

export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * Code points that draw nothing: Unicode's default-ignorable ones (zero-width spaces and joiners, U+2060,
 * U+FEFF, the soft hyphen and every other format character, Hangul fillers U+115F, U+1160, U+3164 and
 * U+FFA0, variation selectors, tags) and the braille blank U+2800, which Unicode files as a symbol.
 */
const DRAWS_NOTHING = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** A letter, digit, punctuation mark or symbol: something a reader sees (marks need a base to sit on). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * Whether a text shows something: at least one visible character besides spaces, format characters,
 * fillers and lone combining marks. The one check behind every required text (names, subjects, messages);
 * joiners inside a visible name (an emoji's ZWJ, a Persian name's ZWNJ) are kept as typed.
 */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value.replace(DRAWS_NOTHING, ''));
}

/**
 * The most combining marks one character may carry. Real writing needs up to about four in NFC: Vietnamese
 * letters compose to one character, Hindi and Thai put one or two on a letter, Hebrew with niqqud and
 * cantillation up to four (dagesh, shin dot, vowel, accent). More is "Zalgo" text, whose marks pile up over
 * the lines above and below it in every list and mail that shows it.
 */
export const MAX_STACKED_MARKS = 4;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_STACKED_MARKS + 1}}`, 'u');

/**
 * Whether a character of the text carries more than MAX_STACKED_MARKS combining marks in a row, counted in
 * NFC (Vietnamese U+1EC5, typed as e and two accents, is one character) and with the characters that draw
 * nothing taken out first, so that a joiner or a variation selector between marks does not split the pile.
 */
export function hasStackedMarks(value: string): boolean {
  return STACKED_MARKS.test(value.normalize('NFC').replace(DRAWS_NOTHING, ''));
}

/**
 * Explicit bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069). In a name they reorder
 * what staff read: "Ada \u202Emoc.evil" shows as "Ada live.com". The direction marks U+200E, U+200F and
 * U+061C, all a right-to-left name needs, reorder nothing and stay allowed.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROLS.test(value);
}

/** A phone by PHONE_PATTERN with at least 10 digits; spaces (U+0020) around it are ignored, other whitespace is not. */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/^ +| +$/g, '')) && value.replace(/\D/g, '').length >= 10;
}

export interface PasswordCheck {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
  special: boolean;
}

export function checkPassword(password: string): PasswordCheck {
  return {
    length: password.length >= 8,
    upper: /[A-Z]/.test(password),
    lower: /[a-z]/.test(password),
    digit: /\d/.test(password),
    special: [...password].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch)),
  };
}

export function isStrongPassword(password: string): boolean {
  const c = checkPassword(password);
  return c.length && c.upper && c.lower && c.digit && c.special;
}

export const VERIFICATION_CODE_LENGTH = 8;
