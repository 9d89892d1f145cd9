/**
 * The one way a storefront form shows the API's refusal of its fields (issue 48): a 400 answers
 * `{ detail, errors: [{ field, message }] }` with API names (shipping.zip_code, contact_phone) and words
 * written for developers ("zip_code must be shorter than or equal to 20 characters"). Each form names the
 * API fields it shows and their labels; the messages land under those fields in the shop's words, and what no
 * field of the form shows is said once, in the same words, where the form says its refusals.
 */
import { ApiError } from '../api/client';

export interface ApiFieldError {
  field: string;
  message: string;
}

/** One API field as a form shows it: the form's key for it and its label in the shop's words. */
export interface FormFieldName<K extends string> {
  key: K;
  label: string;
}

export type FieldMap<K extends string> = Record<string, FormFieldName<K>>;

export interface FormRefusal<K extends string> {
  /** The message for each field of the form the API refused, first one first. */
  errors: Partial<Record<K, string>>;
  /** The form's keys in the order the API named them (to focus the first). */
  order: K[];
  /** What the API refused that no field of the form shows, in the shop's words. */
  rest: string[];
}

const NAMED = (e: unknown): e is ApiFieldError =>
  !!e && typeof e === 'object' && typeof (e as ApiFieldError).field === 'string' && typeof (e as ApiFieldError).message === 'string';

/** The fields a 400 names; none for any other error. */
export function apiFieldErrorList(error: unknown): ApiFieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const list = error.body && typeof error.body === 'object' ? (error.body as { errors?: unknown }).errors : undefined;
  return Array.isArray(list) ? (list as unknown[]).filter(NAMED) : [];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The API's message for a field, in the shop's words. Messages written for shoppers already ("Please enter
 * a valid phone number", "Phone number is required when you prefer to be contacted by text.") stay as they
 * are; those that begin with the API's name of the field are said with the form's label instead.
 */
export function shopWords(label: string, apiField: string, message: string): string {
  const text = message.trim();
  const names = [apiField, apiField.split('.').pop() ?? apiField].map(escape).join('|');
  const m = new RegExp(`^(?:${names})\\b\\s*:?\\s*(.*)$`, 's').exec(text);
  if (!m) return text;
  const rest = m[1].replace(/\.$/, '');
  let max: RegExpExecArray | null;
  if ((max = /^must be (?:shorter than or equal to|at most) (\d+) characters?$/.exec(rest)))
    return `${label} can be at most ${max[1]} characters`;
  if (/^(?:is required|should not be empty|must not be empty|must be a string|must hold a visible character)$/.test(rest))
    return `${label} is required`;
  if (/^must be empty or hold a visible character$/.test(rest)) return `${label} needs a letter or a digit, or leave it empty`;
  if (/combining marks stacked/.test(rest)) return `${label} has a letter with too many marks on it`;
  if (/bidi/.test(rest)) return `${label} holds characters that turn the text around; please remove them`;
  if (/^must be (?:an email|a valid email)/.test(rest)) return 'Please enter a valid email address';
  if (/^(?:must be one of|for .* must be one of)/.test(rest)) return `Please choose a ${label.toLowerCase()} from the list`;
  return rest ? `${label} ${rest}` : `Please check ${label.toLowerCase()}`;
}

/** A 400's field errors as the form's own: each on the field it concerns, in the shop's words. */
export function formRefusal<K extends string>(error: unknown, fields: FieldMap<K>): FormRefusal<K> {
  const out: FormRefusal<K> = { errors: {}, order: [], rest: [] };
  for (const e of apiFieldErrorList(error)) {
    // Own keys only: a field named "constructor" or "__proto__" is no field of the form.
    const named = Object.prototype.hasOwnProperty.call(fields, e.field) ? fields[e.field] : undefined;
    if (named) {
      if (out.errors[named.key]) continue;
      out.errors[named.key] = shopWords(named.label, e.field, e.message);
      out.order.push(named.key);
    } else {
      const words = shopWords(humanName(e.field), e.field, e.message);
      if (!out.rest.includes(words)) out.rest.push(words);
    }
  }
  return out;
}

/** zip_code, items.0.quantity, firstName: "Zip code", "Quantity", "First name", for a field no form names. */
function humanName(field: string): string {
  const last = (
    field
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? field
  )
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return last.charAt(0).toUpperCase() + last.slice(1);
}

/** What a toast says of a refusal whose fields are marked: where to look, not the API's sentence. */
export function refusalSummary(refusal: FormRefusal<string>): string {
  if (refusal.rest.length) return refusal.rest.join(' ');
  return refusal.order.length === 1 ? 'Please correct the field marked below.' : 'Please correct the fields marked below.';
}
