import { hasBidiControls, hasStackedMarks, hasVisibleText, isStrongPassword, isValidEmail } from '@facet/contracts';

// The shop's own text rules (libs/contracts) as react-admin validators, beside its required(), so the console
// says what the API would refuse before sending it: required() takes '  ' and '\u200b', and react-admin's
// email() takes `"a b"@x.test`, `a@-x.test`, `a\u200b@x.test` and non-ASCII local parts.

/** A react-admin field validator: a message key, or undefined when the value passes. */
type Validator = (value: unknown) => string | undefined;

/** Filled in with something visible: not only spaces, zero-width, format or filler characters. */
export const visibleText: Validator = (value) =>
  typeof value === 'string' && value !== '' && !hasVisibleText(value) ? 'facet.validation.visible_text' : undefined;

/** A name staff read in lists: no bidi override, embedding or isolate characters. */
export const noBidiControls: Validator = (value) =>
  typeof value === 'string' && hasBidiControls(value) ? 'facet.validation.bidi_controls' : undefined;

/** Text a person reads: no letter under more than MAX_STACKED_MARKS combining marks ("Zalgo" text). */
export const noStackedMarks: Validator = (value) =>
  typeof value === 'string' && hasStackedMarks(value) ? 'facet.validation.stacked_marks' : undefined;

/** The forms' e-mail rule (isValidEmail), not react-admin's looser one. */
export const shopEmail: Validator = (value) =>
  typeof value === 'string' && value.trim() !== '' && !isValidEmail(value) ? 'facet.validation.email' : undefined;

/** The customers' password rule (isStrongPassword); the server also refuses common passwords. */
export const strongPassword: Validator = (value) =>
  typeof value === 'string' && value !== '' && !isStrongPassword(value) ? 'facet.validation.password_rule' : undefined;

/** A confirmation: the same text as the form's `field`. */
export const sameAs =
  (field: string) =>
  (value: unknown, values?: Record<string, unknown>): string | undefined =>
    typeof value === 'string' && value !== '' && value !== values?.[field] ? 'facet.validation.password_mismatch' : undefined;
