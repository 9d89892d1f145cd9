import { i18nProvider } from './i18n/en';
import { noBidiControls, noStackedMarks, sameAs, shopEmail, strongPassword, visibleText } from './validators';

describe("the console's text validators", () => {
  it('should refuse names of invisible characters and keep names with joiners', () => {
    for (const name of ['  ', '\u200b', '\u3164', '\u2800\u200d', '\u0301', '\u00ad\ufeff']) {
      expect(visibleText(name)).toBe('facet.validation.visible_text');
    }
    for (const name of ['Clara', '\u{1f469}\u200d\u{1f4bb} Clara', '\u0645\u06cc\u200c\u0646\u0627', '', undefined, null]) {
      expect(visibleText(name)).toBeUndefined();
    }
  });

  it('should refuse bidi overrides in a name, not direction marks', () => {
    expect(noBidiControls('Ada \u202emoc.evil')).toBe('facet.validation.bidi_controls');
    expect(noBidiControls('\u2067x\u2069')).toBe('facet.validation.bidi_controls');
    expect(noBidiControls('\u05d3\u05d5\u05d3\u200f')).toBeUndefined();
  });

  it('should refuse a letter under more than four combining marks, not the marks real names carry', () => {
    expect(noStackedMarks('Z' + '\u0301'.repeat(119))).toBe('facet.validation.stacked_marks');
    expect(noStackedMarks('Z' + '\u0301\u200d'.repeat(10))).toBe('facet.validation.stacked_marks');
    for (const name of [
      'Nguy\u1ec5n',
      'Nguy\u1ec5n'.normalize('NFD'),
      '\u0939\u093f\u0928\u094d\u0926\u0940',
      '\u05e9\u05c1\u05b8\u05dc\u05d5\u05b9\u05dd',
      '',
      null,
    ]) {
      expect(noStackedMarks(name)).toBeUndefined();
    }
  });

  it("should hold e-mail to the shop's rule, where react-admin's email() took quoted, zero-width and non-ASCII ones", () => {
    for (const address of ['a;b@x.test', '<a@x.test>', '"a b"@x.test', 'a@-x.test', 'a\u200b@x.test', 'jos\u00e9@x.test']) {
      expect(shopEmail(address)).toBe('facet.validation.email');
    }
    expect(shopEmail('clara@facet-jewelry.com')).toBeUndefined();
    expect(shopEmail('')).toBeUndefined(); // required() says that one
  });

  it("should hold a new password to the customers' rule and its confirmation to the password", () => {
    for (const weak of ['Abc-198', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigits!!', 'NoSpecial123', 'Opal Doublet 2033']) {
      expect(strongPassword(weak)).toBe('facet.validation.password_rule');
    }
    for (const strong of ['Abc-1985', 'Opal-Doublet-2033!', 'Ünïcode~9X']) expect(strongPassword(strong)).toBeUndefined();
    expect(strongPassword('')).toBeUndefined(); // required() says that one
    const confirm = sameAs('password');
    expect(confirm('Opal-Doublet-2033!', { password: 'Opal-Doublet-2033!' })).toBeUndefined();
    expect(confirm('Opal-Doublet-2033', { password: 'Opal-Doublet-2033!' })).toBe('facet.validation.password_mismatch');
    expect(confirm('', { password: 'x' })).toBeUndefined();
  });

  it('should have words for each message', () => {
    for (const key of [
      'facet.validation.visible_text',
      'facet.validation.bidi_controls',
      'facet.validation.stacked_marks',
      'facet.validation.email',
      'facet.validation.password_rule',
      'facet.validation.password_mismatch',
    ]) {
      expect(i18nProvider.translate(key)).not.toBe(key);
    }
  });
});
