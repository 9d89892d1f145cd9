import { EMAIL_PATTERN, hasBidiControls, hasStackedMarks, hasVisibleText, isValidEmail, isValidPhone } from './validation';

describe('the e-mail rule', () => {
  it.each([
    'ada@example.com',
    'Ada.Lovelace@Example.COM',
    'a@b.co',
    'first.last+tag@mail.example.co.uk',
    "o'neil@example.ie",
    "!#$%&'*+/=?^_`{|}~-@example.com",
    'x@xn--80ak6aa92e.xn--p1ai',
    'admin@facet.local',
    'a1-b2@sub-domain.example.museum',
    `${'l'.repeat(64)}@example.com`,
    `a@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(56)}.com`,
  ])('should take %s', (email) => {
    expect(email.length).toBeLessThanOrEqual(254);
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each([
    ['a semicolon', 'a;b@x.test'],
    ['a comma', 'a,b@x.test'],
    ['a group colon', 'a:b@x.test'],
    ['angle brackets', '<a@x.test>'],
    ['a display name', 'Ada <a@x.test>'],
    ['a quoted local part', '"a b"@x.test'],
    ['a doubled dot in the domain', 'a@x..test'],
    ['a leading dot', '.a@x.test'],
    ['a trailing dot in the local part', 'a.@x.test'],
    ['a doubled dot in the local part', 'a..b@x.test'],
    ['a hyphen at a label start', 'a@-x.test'],
    ['a hyphen at a label end', 'a@x-.test'],
    ['a trailing dot in the domain', 'a@x.test.'],
    ['a space inside', 'a b@x.test'],
    ['a tab inside', 'a\tb@x.test'],
    ['a CR LF header', 'a@x.test\r\nBcc: victim@x.test'],
    ['a NUL', 'a\u0000@x.test'],
    ['a zero-width space', 'a\u200b@x.test'],
    ['a non-ASCII local part', 'jos\u00e9@x.test'],
    ['a non-ASCII domain', 'a@b\u00fccher.example'],
    ['a Cyrillic look-alike', '\u0430da@example.com'],
    ['two @', 'a@b@x.test'],
    ['no @', 'ax.test'],
    ['no domain dot', 'a@localhost'],
    ['a numeric TLD', 'a@1.2.3.4'],
    ['an IP literal', 'a@[127.0.0.1]'],
    ['a one-letter TLD', 'a@b.c'],
    ['a backslash', 'a\\b@x.test'],
    ['parentheses (a comment)', 'a(b)@x.test'],
    ['a local part of 65 characters', `${'l'.repeat(65)}@example.com`],
    ['255 characters', `a@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(57)}.com`],
    ['a label of 64 characters', `a@${'d'.repeat(64)}.com`],
  ])('should refuse an address with %s', (_what, email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
    expect(isValidEmail(email)).toBe(false);
  });

  it('should read a typed address without its surrounding spaces, and nothing else', () => {
    expect(isValidEmail('  ada@example.com \n')).toBe(true);
    expect(EMAIL_PATTERN.test('ada@example.com\n')).toBe(false);
    expect(isValidEmail('ada@example.com\u200b')).toBe(false);
  });

  it('should answer at once on long hostile input (no catastrophic backtracking)', () => {
    const started = Date.now();
    for (const text of ['a.'.repeat(50_000) + '@', 'a@' + 'b.'.repeat(50_000), 'a'.repeat(100_000), 'a@' + 'b-'.repeat(50_000) + '.com']) {
      expect(EMAIL_PATTERN.test(text)).toBe(false);
    }
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('required text', () => {
  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['joiners', '\u200c\u200d'],
    ['a word joiner', '\u2060'],
    ['a byte-order mark', '\ufeff'],
    ['a soft hyphen', '\u00ad'],
    ['the Hangul filler', '\u3164'],
    ['Hangul choseong and jungseong fillers', '\u115f\u1160'],
    ['the halfwidth Hangul filler', '\uffa0'],
    ['the braille blank', '\u2800\u2800'],
    ['combining marks alone', '\u0301\u0308'],
    ['a bidi override', '\u202e'],
    ['a Mongolian vowel separator', '\u180e'],
    ['variation selectors', '\ufe0f\ufe0e'],
    ['tag characters', '\u{e0041}\u{e0042}'],
    ['invisible characters among spaces', ' \u200b \u3000 \u00a0 \u2800 '],
    ['an empty string', ''],
    ['spaces and new lines', ' \n\t '],
  ])('should not count %s as filled in', (_what, text) => {
    expect(hasVisibleText(text)).toBe(false);
  });

  it.each([
    ['a name', 'Ada'],
    ['a name padded with zero-width spaces', '\u200bAda\u200b'],
    ['an emoji joined by ZWJ', '\u{1f469}\u200d\u{1f4bb}'],
    ['a Persian name with a ZWNJ', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'],
    ['Hangul', '\ud55c\uae00'],
    ['an accented letter written with a combining mark', 'e\u0301'],
    ['a digit', '7'],
    ['punctuation', '?'],
    ['a Hebrew name', '\u05d3\u05d5\u05d3'],
  ])('should count %s as filled in', (_what, text) => {
    expect(hasVisibleText(text)).toBe(true);
  });
});

describe('bidi controls in names', () => {
  it.each(['202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069'])('should find U+%s', (hex) => {
    expect(hasBidiControls(`Ada ${String.fromCharCode(parseInt(hex, 16))}moc.evil`)).toBe(true);
  });

  it('should leave direction marks and right-to-left names alone', () => {
    expect(hasBidiControls('\u05d3\u05d5\u05d3 \u200fCohen\u200e \u061c')).toBe(false);
  });
});

describe('the phone rule', () => {
  it.each(['+1 (555) 123-4567', '5551234567', '+44 20 7946 0958', ' +1 555 123 4567 ', '(555) 123-4567'])('should take %p', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    ['a line separator', '+1 555\u2028123 4567'],
    ['a paragraph separator', '+1 555\u2029123 4567'],
    ['an ideographic space', '+1 555\u3000123 4567'],
    ['a no-break space', '+1 555\u00a0123 4567'],
    ['a tab', '+1 555\t123 4567'],
    ['a newline', '+1 555\n123 4567'],
    ['a trailing ideographic space', '+1 555 123 4567\u3000'],
    ['a leading newline', '\n+1 555 123 4567'],
    ['parentheses and no digits', '((((((((((('],
    ['nine digits', '555 123 456'],
    ['Arabic-Indic digits', '\u0665\u0665\u0665\u0661\u0662\u0663\u0664\u0665\u0666\u0667'],
  ])('should refuse %s', (_what, phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('letters under combining marks', () => {
  it.each([
    ['one letter under 119 marks', 'Z' + '\u0301'.repeat(119)],
    ['five marks below one letter', 'Ada\u0316\u0317\u0318\u0319\u031c'],
    ['marks split by zero-width joiners', 'Z' + '\u0301\u200d'.repeat(6)],
    ['marks split by combining grapheme joiners', 'Z' + '\u0301\u034f'.repeat(6)],
    ['marks split by variation selectors', 'Z' + '\u0308\ufe0f'.repeat(5)],
    ['enclosing marks', 'A' + '\u20dd'.repeat(5)],
  ])('should find %s', (_what, text) => {
    expect(hasStackedMarks(text)).toBe(true);
  });

  it.each([
    ['Vietnamese (NFC)', 'Nguy\u1ec5n'],
    ['Vietnamese typed in NFD', 'Nguy\u1ec5n'.normalize('NFD')],
    ['Hindi', '\u0939\u093f\u0928\u094d\u0926\u0940'],
    ['Hebrew with niqqud', '\u05e9\u05c1\u05b8\u05dc\u05d5\u05b9\u05dd'],
    ['Hebrew with dagesh, shin dot, vowel and meteg', '\u05e9\u05bc\u05c1\u05b8\u05bd'],
    ['Thai', '\u0e01\u0e31\u0e49\u0e07'],
    ['Arabic with harakat', '\u0645\u064f\u062d\u064e\u0645\u0651\u064e\u062f'],
    ['Tibetan stacks', '\u0f56\u0f66\u0f92\u0fb2\u0f74\u0f56\u0f66'],
    ['a keycap and ZWJ emoji', '1\ufe0f\u20e3 \u{1f468}\u200d\u{1f469}\u200d\u{1f467}'],
    ['four marks below one letter', 'Ada\u0316\u0317\u0318\u0319'],
  ])('should leave %s alone', (_what, text) => {
    expect(hasStackedMarks(text)).toBe(false);
  });
});
